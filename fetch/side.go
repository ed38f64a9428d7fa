// Package fetch holds the result of fetching one URL one way: a fetch.Side.
// The plain (net/http) and rendered (Chrome) fetchers both fill it in, and
// the union step reads two of them. The package holds data and small pure
// helpers only; it performs no I/O.
package fetch

import (
	"errors"
	"github.com/webgraph/webgraph/refuse"
	"strings"
	"time"
	"unicode"

	"github.com/webgraph/webgraph/fetch/words"
)

// Name names one way of fetching a page. The values appear in events as
// "plain" and "rendered".
type Name string

const (
	Plain    Name = "plain"
	Rendered Name = "rendered"
)

// MinWords is the number of words a page needs to count as readable text:
// the survivor of a dropped side must have this many of its own, and a plain
// page with fewer words and script-driven markup is a JavaScript shell.
const MinWords = 20

// MaxBlockedResources caps Side.BlockedResources.
const MaxBlockedResources = 200

// Side is what one way of fetching learned about one URL. A fetcher always
// returns a non-nil Side, even on error, so that the union can report what
// each side saw. The zero value means "nothing fetched".
type Side struct {
	Name Name
	// URL is the address asked for; FinalURL where the side ended after
	// redirects (HTTP, meta or JavaScript).
	URL      string
	FinalURL string
	// Redirects lists each hop from URL to FinalURL, in order.
	Redirects []Redirect
	// Proto is the protocol the final response came in on, "HTTP/1.1" or
	// "HTTP/2.0". Plain side only.
	Proto string
	// Status is the HTTP status of the final main document; 0 when no
	// response arrived.
	Status      int
	StatusText  string
	ContentType string // media type only, lower case, no parameters
	// Disposition is the Content-Disposition header, when given.
	Disposition string
	// RetryAfter is the Retry-After header, when given.
	RetryAfter string
	// LastModified is the time of the Last-Modified header, when given in
	// a form net/http parses (http.ParseTime); zero otherwise. Plain side
	// only: it becomes a written sitemap's <lastmod>.
	LastModified time.Time
	// Download is set when the answer is a file rather than a page: a
	// non-HTML content type, Content-Disposition: attachment, or the
	// browser's download event. Its text is never read.
	Download bool
	Title    string
	// Blocks are the visible text blocks in document order (headings,
	// paragraphs, list items, cells), whitespace-collapsed.
	Blocks []string
	Words  int
	Links  []Link
	// LinksCapped counts the links left unread past the cap on the links
	// read from one page (10,000 on both sides); 0 when none were.
	LinksCapped int
	// Anchors are the document's fragment targets: the values of every id
	// attribute and of every <a name>, in document order, at most
	// MaxAnchors of them. They answer links to "#fragment" (--check
	// fragments): plain from the HTML as served, rendered from the live DOM.
	Anchors []string
	// Canonical is the absolute URL of <link rel=canonical>, when present.
	Canonical string
	// Head holds the other fields the audit compares: description, h1,
	// robots directives, hreflang, structured data, and a render's console
	// errors and failed requests.
	Head Head
	// ScriptDriven is set when the markup carries executable scripts: with
	// few words, such a page is a JavaScript shell. Plain side only.
	ScriptDriven bool
	// Truncated is set when the body or text exceeded the size cap; the
	// Side holds what was read before the cap.
	Truncated bool
	// Wait says what ended a render's wait: "idle" (no request in flight,
	// nothing pending in the page, the DOM unchanged for the quiet window)
	// or "cap" (the wait's bound).
	// Rendered side only.
	Wait string
	// OpenStreams lists the requests still open when a render was read
	// that the wait did not wait for: EventSource streams and long polls
	// (see the rendered package). Rendered side only.
	OpenStreams []OpenStream
	// Requests counts the subresource requests a render made, per host;
	// Blocked counts every request a render refused, listed or not.
	// Rendered side only.
	Requests map[string]int
	Blocked  int
	// BlockedResources lists the refused requests that the page made to
	// render itself, where the refusal may change its text (the gate's
	// refusals, WebSockets; not images, fonts, prefetches, preloads the
	// page did not then ask for, pings or popups: see the rendered
	// package), at most MaxBlockedResources of them. Rendered side only.
	BlockedResources []BlockedResource
	Elapsed          time.Duration
	Warnings         []string
	// Err is the side's own failure (network, timeout, redirect loop,
	// browser crash). A side with Err set carries no usable text.
	Err error
	// Exchange is the final request and response as the plain side sent
	// and read them, kept only when asked (plain.Config.KeepExchange, for
	// a WARC archive); nil otherwise. Plain side only.
	Exchange *Exchange
	// HTML is the document as served, decoded to UTF-8 (at most the
	// fetcher's MaxBody bytes), kept only when asked
	// (plain.Config.KeepHTML, for the page's main content); empty
	// otherwise. The union hands it over (union.Page.ContentHTML) and
	// clears it: it is never retained. Plain side only.
	HTML string
	// DOM is the rendered document serialised after the wait
	// (document.documentElement.outerHTML, at most MaxText characters),
	// kept only when asked (rendered.Config.KeepDOM); empty otherwise.
	// Rendered side only.
	DOM string
	// Picture is a screenshot of the page as this side has it, taken only
	// when asked (rendered.Config.Pictures); nil otherwise. The rendered
	// side's is the page as rendered; the plain side's is the HTML as
	// served, shown by the browser with scripts disabled
	// (rendered.Fetcher.NoScriptOf).
	Picture *Picture
	// Resources are the responses a render received for its page, each
	// with its request, kept only when asked (rendered.Config.Archive, for
	// an archive that replays the page): its own document, its frames',
	// its scripts and styles, and the data its scripts fetched; in the
	// order they finished. Unarchived lists those received and left out,
	// and why. Rendered side only.
	Resources  []Resource
	Unarchived []Unarchived
}

// Resource is one response a render received, with its request, as the
// browser had them: the head rebuilt from the browser's report (the
// encodings the browser undid are not named in it, and Content-Length is
// the body's), the body as the page got it.
type Resource struct {
	// URL is the request's URL, without a fragment.
	URL string
	// Type is the kind of request the browser said it was: Document,
	// Script, Stylesheet, XHR or Fetch.
	Type string
	// Main is set for the page's own document (the last one, after any
	// redirect); a frame's document is not Main.
	Main bool
	Exchange
}

// Unarchived is a response a render received that its archive does not
// hold, with the reason in words.
type Unarchived struct {
	URL    string `json:"url"`
	Reason string `json:"reason"`
}

// Exchange is one HTTP request and its response, as a plain fetch sent and
// read them.
type Exchange struct {
	// Request is the request head as sent: request line and headers.
	Request []byte
	// ResponseHead is the status line and headers as net/http received
	// them, chunked framing undone; when the body was read decoded (its
	// Content-Encoding undone), the head leaves out Content-Encoding and
	// Content-Length, so it matches Body.
	ResponseHead []byte
	// Body is the body as read: at most the fetcher's MaxBody bytes, and
	// empty for a download, whose body is never read.
	Body []byte
	// At is when the response head arrived.
	At time.Time
}

// Redirect is one hop of a redirect chain.
type Redirect struct {
	From   string `json:"from"`
	To     string `json:"to"`
	Status int    `json:"status"` // 3xx for HTTP redirects, 0 for a script or meta refresh
	// Via says how the hop happened: ViaHTTP, ViaMeta or ViaScript. Empty
	// only in records written before it was kept.
	Via string `json:"via,omitempty"`
}

// How a navigation hop happened: the values of Redirect.Via.
const (
	// ViaHTTP is a 3xx answer's Location.
	ViaHTTP = "http"
	// ViaMeta is a refresh: <meta http-equiv="refresh" content="N; url=…">,
	// or the Refresh header it stands for.
	ViaMeta = "meta"
	// ViaScript is a script's navigation: location, a link it clicked or a
	// form it submitted, or the history API moving the URL (a router's
	// redirect) without a new document.
	ViaScript = "script"
)

// Link is one hyperlink as a side saw it. URL is absolute, fragment-free and
// normalised with Normalize; Fragment is the fragment the href named (without
// "#", as written, empty when none), kept apart for --check fragments.
type Link struct {
	URL      string
	Fragment string
	Anchor   string // what a reader would click, at most MaxAnchor runes
	Rel      string
	Nofollow bool
}

// ErrOutOfScope is wrapped by a side's error when the gate refused a
// navigation hop because it leaves the crawl's approved origins and paths.
var ErrOutOfScope = errors.New("redirect out of scope")

// ErrHopDisallowed is wrapped by a side's error when the gate refused a
// navigation hop because robots.txt disallows it.
var ErrHopDisallowed = errors.New("redirect disallowed by robots.txt")

// DenialCause says why the gate refused a request. Where a denial and a
// page's refusal mean the same (robots.txt said no; the URL is outside the
// approved origins and paths) the word is refuse's own: one vocabulary.
type DenialCause string

// Denial causes: the values of Denied.Cause.
const (
	DeniedOutOfScope             = DenialCause(refuse.OutOfScope) // not an approved origin or path
	DeniedDisallowed             = DenialCause(refuse.Disallowed) // robots.txt of the URL's origin says no
	DeniedDeferred   DenialCause = "deferred"                     // robots.txt of the URL's origin could not be read
	DeniedType       DenialCause = "type"                         // a kind of request a text render never makes (images, media, fonts, pings)
	DeniedPopup      DenialCause = "popup"                        // a new window or tab the page tried to open
	DeniedStopped    DenialCause = "stopped"                      // the crawl is stopping: no new request starts
	DeniedTooLong    DenialCause = "too_long"                     // the URL is longer than MaxURLBytes
	DeniedPrivate    DenialCause = "private_network"              // on a private network, and not an origin the operator named (--block-private)
)

// DenialCauses returns every DenialCause, a new slice each call.
func DenialCauses() []DenialCause {
	return []DenialCause{DeniedOutOfScope, DeniedDisallowed, DeniedDeferred, DeniedType, DeniedPopup, DeniedStopped, DeniedTooLong, DeniedPrivate}
}

// LinkSide says which side found a link: one side's Name, or BothSides.
// It is the "side" of a page's links wherever they are kept.
type LinkSide string

// BothSides says both sides found a link.
const BothSides LinkSide = "both"

// Found is the LinkSide of a link n alone found.
func (n Name) Found() LinkSide { return LinkSide(n) }

// Denied is the gate's refusal of one request: which URL, why (Cause) and,
// in Reason, words for a person (for robots.txt the deciding rule,
// quoted). policy.Gate returns it; the fetchers report it.
type Denied struct {
	URL    string      `json:"url"`
	Cause  DenialCause `json:"cause"`
	Reason string      `json:"reason,omitempty"`
	// Err is the failure behind the refusal, when one is known (for
	// DeniedDeferred, the network error that kept robots.txt unread).
	Err error `json:"-"`
}

// Unwrap returns d.Err.
func (d *Denied) Unwrap() error { return d.Err }

func (d *Denied) Error() string {
	if d.Reason == "" {
		return string(d.Cause) + ": " + d.URL
	}
	return string(d.Cause) + ": " + d.URL + ": " + d.Reason
}

// HopError reports a navigation hop (an HTTP redirect, a meta refresh or a
// script navigation of the main document) that a side did not follow because
// the gate refused it. It unwraps to ErrOutOfScope or ErrHopDisallowed (by
// the denial's cause) and to the *Denied itself.
type HopError struct {
	From, To string
	Denied   *Denied
}

func (e *HopError) Error() string {
	switch e.Denied.Cause {
	case DeniedOutOfScope:
		return "redirect out of scope: " + e.From + " → " + e.To + " leaves the approved origins and paths; not followed"
	case DeniedDisallowed:
		return "redirect disallowed: " + e.From + " → " + e.To + " is disallowed by robots.txt (" + e.Denied.Reason + "); not followed"
	case DeniedPrivate:
		return "redirect to a private network: " + e.From + " → " + e.To + ": " + e.Denied.Reason + "; not followed"
	}
	return "redirect not followed: " + e.From + " → " + e.To + ": " + e.Denied.Error()
}

func (e *HopError) Unwrap() []error {
	switch e.Denied.Cause {
	case DeniedOutOfScope, DeniedPrivate:
		return []error{ErrOutOfScope, e.Denied}
	case DeniedDisallowed:
		return []error{ErrHopDisallowed, e.Denied}
	}
	return []error{e.Denied}
}

// MaxURLBytes caps the length of a URL webgraph will request or record;
// longer links are dropped and counted.
const MaxURLBytes = 8 << 10

// BlockedResource is one request the gate kept the browser from making for
// a page, reported in the page event's blocked_resources.
//
// Its JSON is the page event's, which databases and baselines of earlier
// releases hold: "reason" is the denial's cause, "detail" its words.
type BlockedResource struct {
	URL    string      `json:"url"`
	Reason DenialCause `json:"reason"`
	Detail string      `json:"detail,omitempty"`
}

// MaxOpenStreams caps Side.OpenStreams.
const MaxOpenStreams = 20

// OpenStream is one stream a page left open when it was read, reported in
// the page event's open_streams. Kind is "eventsource" or "long_poll".
type OpenStream struct {
	URL  string `json:"url"`
	Kind string `json:"kind"`
}

// MaxAnchors caps Side.Anchors.
const MaxAnchors = 10000

// Fragment returns the fragment of ref (without "#", as written), or "".
func Fragment(ref string) string {
	if i := strings.IndexByte(ref, '#'); i >= 0 {
		return strings.TrimSpace(ref[i+1:])
	}
	return ""
}

// MaxAnchor caps the length of a link's anchor text, in runes.
const MaxAnchor = 160

// Text joins the blocks with newlines.
func (r *Side) Text() string { return strings.Join(r.Blocks, "\n") }

// Usable reports whether the side produced a document whose text may be used.
func (r *Side) Usable() bool { return r != nil && r.Err == nil && !r.Download && r.Status != 0 }

// CountWords counts the words of blocks as a reader counts them, in any
// script (see package fetch/words: Unicode word segmentation, one word per
// Han ideograph, an estimate for Thai, Lao, Khmer and Myanmar). It is the
// one word counter: both sides, the union's rules and every output count
// with it, so identical text has one count everywhere.
func CountWords(blocks []string) int {
	n := 0
	for _, b := range blocks {
		n += words.Count(b)
	}
	return n
}

// CollapseSpace trims s and folds every run of white space into one space.
// Most text has none to fold, and is returned as it is.
func CollapseSpace(s string) string {
	space := true // at the start, any space is to trim
	for _, r := range s {
		isSpace := unicode.IsSpace(r)
		if isSpace && (space || r != ' ') {
			return strings.Join(strings.Fields(s), " ")
		}
		space = isSpace
	}
	if space { // empty, or a space at the end
		return strings.TrimRightFunc(s, unicode.IsSpace)
	}
	return s
}

// Anchor cleans a link's text for reporting: whitespace collapsed, at most
// MaxAnchor runes.
func Anchor(s string) string { return Clip(s, MaxAnchor) }

// IsHTML reports whether a media type is an HTML document.
func IsHTML(mediaType string) bool {
	return mediaType == "text/html" || mediaType == "application/xhtml+xml"
}
