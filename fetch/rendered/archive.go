package rendered

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/webgraph/webgraph/fetch"
)

// Archive asks a render to keep what the browser received for its page, in
// Side.Resources, for an archive a replay tool rebuilds the page from
// (docs/design.md, "Archives"): the page's own document, its frames', its
// scripts and styles, and the data its scripts fetched, each with its
// request; never images, media or fonts, which a render never requests, and
// only what the gate let through (a refused request has no response). The
// bodies are read from the browser once the page is read
// (Network.getResponseBody), so a render pays for them only when asked.
//
// An Archive made by NewArchive also remembers which responses it kept,
// across every render it serves (it is safe for concurrent use): a response
// the browser later serves from its cache is then not read again, for the
// archive holds it already. That saves most of the reading on a site whose
// pages share their scripts (docs/performance.md, "Archives").
type Archive struct {
	// MaxBody caps one response's body: a longer one is left out (a script
	// cut short would replay broken) and listed in Side.Unarchived. Zero or
	// less: nothing is kept.
	MaxBody int64
	// MaxPage caps the bodies kept for one page together: once it is
	// reached, what is left is listed in Side.Unarchived. Zero:
	// DefaultArchivePages times MaxBody.
	MaxPage int64

	kept *keptURLs // nil: nothing remembered
}

// NewArchive returns an Archive of those caps that remembers what it kept.
func NewArchive(maxBody, maxPage int64) *Archive {
	return &Archive{MaxBody: maxBody, MaxPage: maxPage, kept: &keptURLs{urls: map[string]bool{}}}
}

// maxKeptURLs bounds what an Archive remembers: past it, a response served
// from the cache is read again.
const maxKeptURLs = 100_000

// keptURLs are the URLs whose responses an Archive kept. It is safe for
// concurrent use; a nil one remembers nothing.
type keptURLs struct {
	mu   sync.Mutex
	urls map[string]bool
}

func (k *keptURLs) has(u string) bool {
	if k == nil {
		return false
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.urls[u]
}

func (k *keptURLs) add(u string) {
	if k == nil {
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if len(k.urls) < maxKeptURLs {
		k.urls[u] = true
	}
}

// DefaultArchivePages is Archive.MaxPage, in bodies of Archive.MaxBody,
// when it is not set.
const DefaultArchivePages = 4

// maxArchived bounds the responses a capture follows for one page, and so
// what a page can make it hold.
const maxArchived = 2000

// bodyReads is how many response bodies a capture asks the browser for at
// once.
const bodyReads = 4

// archivedType reports whether a response of this kind is archived.
func archivedType(t network.ResourceType) bool {
	switch t {
	case network.ResourceTypeDocument, network.ResourceTypeScript, network.ResourceTypeStylesheet,
		network.ResourceTypeXHR, network.ResourceTypeFetch:
		return true
	}
	return false
}

// capture follows one render's network events and keeps, for the
// responses an archive holds, their request and response heads; collect
// reads their bodies once the page is read. It is safe for concurrent use.
type capture struct {
	cfg   Archive
	frame cdp.FrameID // the page's main frame

	mu       sync.Mutex
	flights  map[network.RequestID]*exchange
	finished []*exchange // in the order they finished
	skipped  int         // requests past maxArchived
}

// exchange is one request and its response, as the browser reported them.
type exchange struct {
	id       network.RequestID
	typ      network.ResourceType
	main     bool
	method   string
	url      string
	reqHead  network.Headers
	resp     *network.Response
	at       time.Time
	encoded  float64 // the body's size before its content encodings were undone
	cached   bool    // the browser served it from its cache
	finished bool
}

// newCapture returns a capture for a render in the tab whose main frame is
// frame, or nil when cfg keeps nothing.
func newCapture(cfg *Archive, frame cdp.FrameID) *capture {
	if cfg == nil || cfg.MaxBody <= 0 {
		return nil
	}
	c := &capture{cfg: *cfg, frame: frame, flights: map[network.RequestID]*exchange{}}
	if c.cfg.MaxPage <= 0 {
		c.cfg.MaxPage = DefaultArchivePages * c.cfg.MaxBody
	}
	return c
}

// listen follows the render's events until ctx ends. A nil capture does
// nothing.
func (c *capture) listen(ctx context.Context) error {
	if c == nil {
		return nil
	}
	return chromedp.Listen(ctx, c.onEvent)
}

// onEvent notes a request of a kind archived, its response, its end. It
// runs on a session's reading goroutine: no commands.
func (c *capture) onEvent(ev any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch ev := ev.(type) {
	case *network.EventRequestWillBeSent:
		if !archivedType(ev.Type) || ev.Request == nil {
			return
		}
		if u, err := url.Parse(ev.Request.URL); err != nil || (u.Scheme != "http" && u.Scheme != "https") {
			return
		}
		x := c.flights[ev.RequestID]
		if x == nil {
			if len(c.flights) >= maxArchived {
				c.skipped++
				return
			}
			x = &exchange{id: ev.RequestID}
			c.flights[ev.RequestID] = x
		}
		// A redirect goes on under the same id: the last hop is archived.
		x.typ, x.method, x.url, x.reqHead, x.resp = ev.Type, ev.Request.Method, ev.Request.URL, ev.Request.Headers, nil
		x.main = ev.Type == network.ResourceTypeDocument && ev.FrameID == c.frame
		if x.main {
			for _, o := range c.flights { // the page's document is the last one
				if o != x && o.main && !o.finished {
					o.main = false
				}
			}
		}
	case *network.EventResponseReceived:
		if x := c.flights[ev.RequestID]; x != nil && ev.Response != nil {
			x.resp, x.at = ev.Response, time.Now()
			x.cached = x.cached || ev.Response.FromDiskCache || ev.Response.FromPrefetchCache
		}
	case *network.EventRequestServedFromCache:
		if x := c.flights[ev.RequestID]; x != nil {
			x.cached = true
		}
	case *network.EventLoadingFinished:
		if x := c.flights[ev.RequestID]; x != nil && x.resp != nil && !x.finished {
			x.finished, x.encoded = true, ev.EncodedBodyLength
			c.finished = append(c.finished, x)
		}
	case *network.EventLoadingFailed:
		if x := c.flights[ev.RequestID]; x != nil && !x.finished {
			delete(c.flights, ev.RequestID)
		}
	}
}

// collect reads, from the browser, the bodies of the responses that
// finished, within the caps, into s.Resources, in the order they finished,
// and lists in s.Unarchived (and, counted, in s.Warnings) those left out. A
// response the browser served from its cache that the Archive kept before
// is neither: it is in the archive already. A nil capture does nothing. ctx
// is the render's: the page must still be in its tab.
func (c *capture) collect(ctx context.Context, s *fetch.Side) {
	if c == nil {
		return
	}
	// Copies: the page is still live, and its events still come.
	c.mu.Lock()
	done := make([]*exchange, len(c.finished))
	for i, x := range c.finished {
		cp := *x
		done[i] = &cp
	}
	skipped := c.skipped
	c.mu.Unlock()
	// Only the page's last document is its own.
	last := -1
	for i, x := range done {
		if x.main {
			if last >= 0 {
				done[last].main = false
			}
			last = i
		}
	}
	done = slices.DeleteFunc(done, func(x *exchange) bool { return x.cached && !x.main && c.cfg.kept.has(x.url) })
	bodies := make([][]byte, len(done))
	errs := make([]error, len(done))
	sem := make(chan struct{}, bodyReads)
	var wg sync.WaitGroup
	for i, x := range done {
		if x.method != http.MethodGet || (x.encoded > 0 && int64(x.encoded) > c.cfg.MaxBody) {
			continue // left out below, without asking for a body
		}
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			res, err := chromedp.Call(ctx, network.GetResponseBody, network.GetResponseBodyParams{RequestID: x.id})
			bodies[i], errs[i] = res.Body, err
		}()
	}
	wg.Wait()
	var kept int64
	var cut []fetch.Unarchived
	for i, x := range done {
		reason := ""
		switch {
		case x.method != http.MethodGet:
			reason = "a " + x.method + " request: only GET responses are archived"
		case x.encoded > 0 && int64(x.encoded) > c.cfg.MaxBody, int64(len(bodies[i])) > c.cfg.MaxBody:
			reason = fmt.Sprintf("larger than --max-body (%d bytes)", c.cfg.MaxBody)
		case errs[i] != nil:
			reason = "the browser no longer had its body: " + errs[i].Error()
		case kept+int64(len(bodies[i])) > c.cfg.MaxPage:
			reason = fmt.Sprintf("past the page's archive budget (%d bytes)", c.cfg.MaxPage)
		}
		u := x.url
		if reason != "" {
			cut = append(cut, fetch.Unarchived{URL: clipURL(u), Reason: reason})
			continue
		}
		kept += int64(len(bodies[i]))
		c.cfg.kept.add(u)
		s.Resources = append(s.Resources, fetch.Resource{URL: u, Type: string(x.typ), Main: x.main, Exchange: fetch.Exchange{
			Request: requestHead(x), ResponseHead: responseHead(x.resp, len(bodies[i])), Body: bodies[i], At: x.at,
		}})
	}
	if skipped > 0 {
		cut = append(cut, fetch.Unarchived{Reason: fmt.Sprintf("%d more requests than the %d a page's archive follows", skipped, maxArchived)})
	}
	if len(cut) > 0 {
		s.Unarchived = cut
		s.Warnings = append(s.Warnings, fmt.Sprintf("archive: %d responses the page received are not in the archive (listed in its page record)", len(cut)))
	}
}

// clipURL cuts a URL to fetch.MaxURLBytes.
func clipURL(u string) string {
	if len(u) > fetch.MaxURLBytes {
		return u[:fetch.MaxURLBytes]
	}
	return u
}

// requestHead writes x's request line and headers as HTTP/1.1 would send
// them, the headers in name order.
func requestHead(x *exchange) []byte {
	u, _ := url.Parse(x.url)
	var b strings.Builder
	b.WriteString(x.method + " " + u.RequestURI() + " HTTP/1.1\r\nHost: " + u.Host + "\r\n")
	writeHeaders(&b, x.reqHead, func(name string) bool { return strings.EqualFold(name, "Host") || strings.HasPrefix(name, ":") })
	b.WriteString("\r\n")
	return []byte(b.String())
}

// responseHead writes the status line and headers of r for a body of n
// bytes as the browser gave it: the content and transfer encodings it undid
// are not named, and Content-Length is n.
func responseHead(r *network.Response, n int) []byte {
	text := r.StatusText
	if text == "" {
		text = http.StatusText(int(r.Status))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "HTTP/1.1 %d %s\r\n", r.Status, headerText(text))
	writeHeaders(&b, r.Headers, func(name string) bool {
		switch strings.ToLower(name) {
		case "content-encoding", "transfer-encoding", "content-length":
			return true
		}
		return strings.HasPrefix(name, ":")
	})
	fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n", n)
	return []byte(b.String())
}

// writeHeaders writes h, in name order, one line a value (the browser joins
// repeated headers with newlines), but those skip names.
func writeHeaders(b *strings.Builder, h network.Headers, skip func(string) bool) {
	names := make([]string, 0, len(h))
	for name := range h {
		if !skip(name) && name != "" && !strings.ContainsAny(name, ":\r\n ") {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	for _, name := range names {
		v, ok := h[name].(string)
		if !ok {
			v = fmt.Sprint(h[name])
		}
		for _, line := range strings.Split(v, "\n") {
			b.WriteString(name + ": " + headerText(line) + "\r\n")
		}
	}
}

// headerText drops the control characters (CR among them) that would end a
// header line early.
func headerText(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 && r != '\t' || r == 0x7f {
			return -1
		}
		return r
	}, s)
}
