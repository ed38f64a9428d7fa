// Package crawl is webgraph's engine: workers, the event stream, the run
// summary and stop conditions. This file defines the page event, which
// `webgraph page` prints alone and `webgraph crawl` prints for every URL.
package crawl

import (
	"net/url"

	"github.com/webgraph/webgraph/audit"
	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/refuse"
)

// SideReport is one side's part of a page event.
type SideReport struct {
	Status      int              `json:"status,omitempty"`
	FinalURL    string           `json:"final_url,omitempty"`
	ContentType string           `json:"content_type,omitempty"`
	Words       int              `json:"words"`
	MS          int64            `json:"ms"`
	Redirects   []fetch.Redirect `json:"redirects,omitempty"`
	Wait        string           `json:"wait,omitempty"`     // rendered: what ended the wait
	Requests    map[string]int   `json:"requests,omitempty"` // rendered: subresource requests per host
	Blocked     int              `json:"blocked,omitempty"`  // rendered: requests refused (all kinds)
	// BlockedResources lists what the rendered side refused and why, of
	// what the page asked for to render itself (robots.txt of another
	// host, scope, WebSockets), capped at fetch.MaxBlockedResources;
	// images, fonts, prefetches, pings and popups are only counted in
	// Blocked.
	BlockedResources []fetch.BlockedResource `json:"blocked_resources,omitempty"`
	Download         bool                    `json:"download,omitempty"`
	Truncated        bool                    `json:"truncated,omitempty"`
	Error            string                  `json:"error,omitempty"`
	// Proto is the protocol the plain side's answer came in on:
	// "HTTP/1.1" or "HTTP/2.0".
	Proto string `json:"proto,omitempty"`
	// OpenStreams lists the EventSource streams and long polls the page
	// still held open when the render was read (the wait did not wait for
	// them), at most fetch.MaxOpenStreams.
	OpenStreams []fetch.OpenStream `json:"open_streams,omitempty"`
}

// LinkCounts counts a page's distinct links by the side that found them.
type LinkCounts struct {
	Plain    int `json:"plain"`
	Rendered int `json:"rendered"`
	Both     int `json:"both"`
}

// PageEvent is the "page" event: one per popped URL.
type PageEvent struct {
	Event     string                    `json:"event"`
	URL       string                    `json:"url"`
	FinalURL  string                    `json:"final_url"`
	OK        bool                      `json:"ok"`
	Status    int                       `json:"status,omitempty"`
	Cause     string                    `json:"cause,omitempty"`
	Error     string                    `json:"error,omitempty"`
	Citation  discovery.Discovery       `json:"citation"`
	Sides     map[fetch.Name]SideReport `json:"sides"`
	Used      []fetch.Name              `json:"used"`
	Dropped   []union.Dropped           `json:"dropped"`
	Title     string                    `json:"title,omitempty"`
	Canonical string                    `json:"canonical,omitempty"`
	Words     int                       `json:"words"`
	Text      *string                   `json:"text,omitempty"`
	Links     LinkCounts                `json:"links"`
	// RobotsMeta is what the page's robots directives allow, the stricter
	// side winning; each side's directives are in Audit. Kept pages only.
	RobotsMeta *RobotsMeta `json:"robots_meta,omitempty"`
	// Audit is what JavaScript changed on the page. Kept pages only.
	Audit           *audit.Audit `json:"audit,omitempty"`
	DroppedLongURLs int          `json:"dropped_long_urls"` // link URLs over fetch.MaxURLBytes, left out
	// DuplicateOf names the kept page that stands for this one's
	// canonical URL: this page is counted once, as a duplicate.
	DuplicateOf     string          `json:"duplicate_of,omitempty"`
	Warnings        []string        `json:"warnings"`
	DiscoveredKinds discovery.Kinds `json:"discovered_kinds"`

	// line is the event as the crawl encoded it for its database, with a
	// newline: the stream says the same bytes rather than encode the event
	// again.
	line []byte
}

// MarshalJSON encodes the event, or gives the bytes encode made before.
// HTML characters are left as they are: the encoder that writes the result
// escapes them when it is set to.
func (e *PageEvent) MarshalJSON() ([]byte, error) {
	line, err := e.JSONLine()
	if err != nil {
		return nil, err
	}
	return line[:len(line)-1], nil
}

// JSONLine returns the event as one line of JSON Lines, newline included,
// HTML characters not escaped: what an encoder set not to escape them
// writes, without its work when the crawl encoded the event already.
func (e *PageEvent) JSONLine() ([]byte, error) {
	if e.line != nil {
		return e.line, nil
	}
	return e.encode()
}

// encode encodes the event as a line, without escaping HTML characters.
func (e *PageEvent) encode() ([]byte, error) {
	b, err := e.appendJSON(make([]byte, 0, 1024)) // a page event's usual size, in one allocation
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// RobotsMeta says what a page's robots meta tags and X-Robots-Tag allow:
// with Noindex its text is not retained, with Nofollow its links are
// recorded but not followed.
type RobotsMeta struct {
	Noindex  bool `json:"noindex"`
	Nofollow bool `json:"nofollow"`
}

// NewPageEvent builds the page event for p. keepText says whether the text
// is retained (--keep text); kinds is the tally to report.
func NewPageEvent(p *union.Page, c discovery.Discovery, kinds discovery.Kinds, keepText bool) PageEvent {
	ev := PageEvent{
		Event:           EventPage,
		URL:             p.URL,
		FinalURL:        p.FinalURL,
		OK:              p.Refusal == nil,
		Status:          p.Status,
		Citation:        c,
		Sides:           map[fetch.Name]SideReport{},
		Used:            append([]fetch.Name{}, p.Used...),
		Dropped:         append([]union.Dropped{}, p.Dropped...),
		Title:           p.Title,
		Canonical:       p.Canonical,
		Words:           p.Words,
		DroppedLongURLs: p.DroppedLongURLs,
		Warnings:        append([]string{}, p.Warnings...),
		DiscoveredKinds: kinds,
	}
	if p.Refusal != nil {
		ev.Cause, ev.Error = string(p.Refusal.Cause), p.Refusal.Words
	}
	if ev.OK {
		ev.Audit = audit.Of(p.Sides[fetch.Plain], p.Sides[fetch.Rendered])
		ev.RobotsMeta = &RobotsMeta{Noindex: ev.Audit.Noindex(), Nofollow: ev.Audit.Nofollow()}
		if ev.RobotsMeta.Noindex {
			ev.Warnings = append(ev.Warnings, "noindex: the page's robots directives ask that its text not be kept; it was not retained")
		}
		if ev.RobotsMeta.Nofollow {
			ev.Warnings = append(ev.Warnings, "nofollow: the page's robots directives ask that its links not be followed; they are recorded, not queued")
		}
	}
	if keepText && ev.OK && !ev.RobotsMeta.Noindex {
		t := p.Text()
		ev.Text = &t
	}
	for name, s := range p.Sides {
		r := SideReport{
			Status: s.Status, FinalURL: s.FinalURL, ContentType: s.ContentType, Words: s.Words,
			MS: s.Elapsed.Milliseconds(), Redirects: s.Redirects, Wait: s.Wait, Requests: s.Requests,
			Blocked: s.Blocked, BlockedResources: s.BlockedResources, Download: s.Download, Truncated: s.Truncated,
			OpenStreams: s.OpenStreams,
		}
		if s.Err != nil {
			r.Error = s.Err.Error()
		}
		r.Proto = s.Proto
		ev.Sides[name] = r
	}
	for _, l := range p.Links {
		switch l.Found {
		case fetch.BothSides:
			ev.Links.Both++
		case fetch.Plain.Found():
			ev.Links.Plain++
		default:
			ev.Links.Rendered++
		}
	}
	return ev
}

// DisallowedPageEvent is the page event of a URL that robots.txt disallows:
// nothing was fetched.
func DisallowedPageEvent(u string, c discovery.Discovery, words string, warnings []string) PageEvent {
	return RefusedPageEvent(u, c, refuse.Disallowed, words, warnings)
}

// RefusedPageEvent is the page event of a URL refused before any request
// for it went out (robots.txt, scope, an unreachable site).
func RefusedPageEvent(u string, c discovery.Discovery, cause refuse.Cause, words string, warnings []string) PageEvent {
	return PageEvent{
		Event: EventPage, URL: u, FinalURL: u, OK: false, Cause: string(cause), Error: words,
		Citation: c, Sides: map[fetch.Name]SideReport{}, Used: []fetch.Name{}, Dropped: []union.Dropped{},
		Warnings: append([]string{}, warnings...), DiscoveredKinds: discovery.Kinds{},
	}
}

// PageKinds tallies the kinds of a page's distinct links, judged against the
// page's own host.
func PageKinds(p *union.Page) discovery.Kinds {
	k := discovery.Kinds{}
	base, err := url.Parse(p.FinalURL)
	if err != nil {
		return k
	}
	for _, l := range p.Links {
		if u, err := url.Parse(l.URL); err == nil {
			k[discovery.Classify(u, func(h string) bool { return h == base.Host })]++
		}
	}
	return k
}
