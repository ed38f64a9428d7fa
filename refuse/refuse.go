// Package refuse holds every rule by which webgraph declines to keep a page,
// as typed errors, together with the tables those rules read. It is a leaf
// package: it imports nothing of webgraph's.
//
// A refusal is a *Refusal; find it with errors.As:
//
//	var r *refuse.Refusal
//	if errors.As(err, &r) && r.Cause == refuse.Wall { … }
package refuse

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
)

// Cause names why a page was refused. The values are the event stream's
// "cause" field and are stable.
type Cause string

const (
	Download      Cause = "download"       // the answer was a file, not a page
	Missing       Cause = "missing"        // 404, 410, or a soft 404
	Wall          Cause = "wall"           // 401, 403, 429, 451 or 503 on every usable side
	BlockPage     Cause = "block_page"     // a short page that says what walls say
	LoginRedirect Cause = "login_redirect" // the fetch ended on a login page that points back
	JSShell       Cause = "js_shell"       // a script-driven page with no readable text and no render
	TooThin       Cause = "too_thin"       // a side was dropped and the survivor had under 20 words
	Disallowed    Cause = "disallowed"     // robots.txt disallows the URL
	FetchError    Cause = "fetch_error"    // no side produced a document (network, timeout, crash)
	OutOfScope    Cause = "out_of_scope"   // a redirect left the approved origins or paths
)

// causes is every Cause, in the order docs/design.md gives them ("The
// union").
var causes = []Cause{Download, Missing, Wall, BlockPage, LoginRedirect, JSShell, TooThin, Disallowed, FetchError, OutOfScope}

// Causes returns every Cause, in the order docs/design.md gives them ("The
// union"). The slice is a new copy each call.
func Causes() []Cause { return slices.Clone(causes) }

// ParseCause returns the Cause named s, or an error naming the valid ones.
// (A CI gate also takes link verdicts, which are linkcheck's, and audit
// findings; its caller asks those packages first.)
func ParseCause(s string) (Cause, error) {
	for _, c := range causes {
		if string(c) == s {
			return c, nil
		}
	}
	names := make([]string, len(causes))
	for i, c := range causes {
		names[i] = string(c)
	}
	return "", fmt.Errorf("refuse: unknown cause %q (one of %s)", s, strings.Join(names, ", "))
}

// Refusal reports that URL is not a page webgraph will keep, and why, in
// words for a person.
type Refusal struct {
	URL   string
	Cause Cause
	Words string // e.g. "HTTP 403 Forbidden: the site refused the request"
	Err   error  // underlying error; may be nil
}

func (r *Refusal) Error() string { return r.URL + ": " + r.Words }
func (r *Refusal) Unwrap() error { return r.Err }

// DownloadWords is what a person reads when a page turned out to be a file.
const DownloadWords = "the server returned a file download rather than a page"

// missingStatuses are the statuses that mean "no such page".
var missingStatuses = map[int]bool{http.StatusNotFound: true, http.StatusGone: true}

// MissingStatus reports whether status means "no such page": 404 or 410.
func MissingStatus(status int) bool { return missingStatuses[status] }

// wallStatuses are the statuses that mean "the site would not serve us",
// each with the words a person reads after the status line.
var wallStatuses = map[int]string{
	http.StatusUnauthorized:               "the site asks for credentials",
	http.StatusForbidden:                  "the site refused the request",
	http.StatusTooManyRequests:            "the site is rate-limiting requests",
	http.StatusUnavailableForLegalReasons: "the site withholds the page for legal reasons",
	http.StatusServiceUnavailable:         "the site is unavailable or shedding load",
}

// StatusWords returns the words for a status that refuses a page: "HTTP 404"
// for a missing page, "HTTP 403 Forbidden: the site refused the request" for
// a wall. ok is false for any other status.
func StatusWords(status int) (cause Cause, words string, ok bool) {
	if missingStatuses[status] {
		return Missing, fmt.Sprintf("HTTP %d", status), true
	}
	if w, isWall := wallStatuses[status]; isWall {
		return Wall, fmt.Sprintf("HTTP %d %s: %s", status, http.StatusText(status), w), true
	}
	return "", "", false
}

// blockPhrases are what block pages and bot challenges say. A page shorter
// than BlockPageMaxWords that contains one of them (case-insensitively) is a
// block page, whatever its status.
var blockPhrases = []string{
	"access denied",
	"attention required",
	"are you a robot",
	"are you human",
	"checking your browser",
	"checking if the site connection is secure",
	"complete the security check",
	"enable javascript and cookies",
	"just a moment...",
	"please verify you are a human",
	"press & hold",
	"request blocked",
	"request unsuccessful",
	"unusual traffic",
	"verify you are human",
	"you have been blocked",
}

// BlockPhrases returns what block pages and bot challenges say, in lower
// case (see BlockPhrase). The slice is a new copy each call.
func BlockPhrases() []string { return slices.Clone(blockPhrases) }

// BlockPageMaxWords bounds the length of a block page: a longer page that
// happens to say "access denied" is an article about access, not a wall.
const BlockPageMaxWords = 120

// BlockPhrase returns the block phrase that text contains, or "" when text
// is not a block page (too long, or no phrase).
func BlockPhrase(text string, words int) string {
	if words > BlockPageMaxWords {
		return ""
	}
	low := strings.ToLower(text)
	for _, p := range blockPhrases {
		if strings.Contains(low, p) {
			return p
		}
	}
	return ""
}

// BlockPageWords is what a person reads for a block page.
func BlockPageWords(phrase string) string {
	return fmt.Sprintf("block page: the site served a challenge or refusal (%q) instead of the page", phrase)
}

// OutOfScopeFinal is the refusal of a page whose final URL (after
// redirects the fetchers followed) is outside the crawl's scope.
func OutOfScopeFinal(pageURL, final string) *Refusal {
	return &Refusal{URL: pageURL, Cause: OutOfScope,
		Words: "out of scope: the page redirected to " + final + ", outside the approved origins and paths; not followed"}
}

// Soft404Refusal is the refusal of a page that matches its host's soft-404
// fingerprint.
func Soft404Refusal(pageURL string) *Refusal {
	return &Refusal{URL: pageURL, Cause: Missing,
		Words: "soft 404: the page is what this host serves for a path that cannot exist (HTTP 200)"}
}
