package frontier

import "time"

// SessionTally is what a shared crawl's database knows of one session: the
// runs of the workers that worked the crawl together, from the first that
// found no other alive to the last out. The last worker out reads it to
// write the crawl's done event.
type SessionTally struct {
	// Runs counts the session's runs, the reader's own included.
	Runs int
	// Started is when the session's first run began.
	Started time.Time
	// Shares are the other runs' own done events (their worker_done) as
	// they recorded them; a run that died recorded none.
	Shares [][]byte
	// Pages counts the session's recorded pages, whichever worker recorded
	// them (a killed worker's too): OK kept, Duplicates kept as another
	// page's duplicate, Refused by Causes. Disallowed counts the URLs the
	// session's workers found disallowed by robots.txt.
	Pages, OK, Duplicates, Refused, Disallowed int
	Causes                                     map[string]int
}

// BrokenCanonical is a page the crawl kept (or recorded as a kept page's
// duplicate) whose canonical URL, another URL of the crawl, the crawl
// refused or found disallowed: the finding canonical_broken.
type BrokenCanonical struct {
	Page      string // the page that names the canonical URL
	Canonical string // the canonical URL
	State     State  // what became of it: StateRefused or StateDisallowed
	Cause     string // the refusal's cause ("missing", "wall", …); "" when disallowed
	Words     string // the refusal in words, as its page event said it; "" when none was recorded
}
