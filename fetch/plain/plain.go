// Package plain fetches a page the way a program without a browser does: one
// net/http GET, the redirect chain recorded, the body capped and decoded to
// UTF-8, and the visible text and links read by a scan that builds no tree
// (scan.go), or, from a page written other than plainly, from the tree
// x/net/html parses.
package plain

import (
	"bufio"
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/http/httptrace"
	"net/url"
	"strings"
	"time"

	"golang.org/x/net/html"

	"github.com/webgraph/webgraph/fetch"
)

// Defaults for Config's zero fields.
const (
	DefaultTimeout        = 20 * time.Second
	DefaultConnectTimeout = 10 * time.Second
	DefaultMaxBody        = 10 << 20 // bytes
	DefaultMaxRedirects   = 10
)

// Config configures a Fetcher. Zero fields take the Default* values.
type Config struct {
	// UserAgent is sent with every request; see policy.Identity.
	UserAgent string
	// Timeout bounds one whole fetch, redirects and body included.
	Timeout time.Duration
	// ConnectTimeout bounds dialling one connection (the Fetcher's own
	// transport: a Transport given brings its own).
	ConnectTimeout time.Duration
	// MaxBody is how many bytes of a body are read (after decompression).
	// A longer page is kept truncated, with a warning.
	MaxBody int64
	// MaxRedirects is how many redirects are followed before giving up.
	MaxRedirects int
	// Transport, if set, replaces the Fetcher's own transport: the command's one pool
	// (policy.NewTransport), shared with robots.txt and the gate, or a test's.
	// The fetch's own timeout bounds each request either way.
	Transport http.RoundTripper
	// Proxy, when set, carries every request of the Fetcher's own
	// transport (loopback hosts included; HTTPS by CONNECT). Nil means the
	// environment's proxy (HTTP_PROXY, HTTPS_PROXY, NO_PROXY).
	Proxy *url.URL
	// Gate, if set, is asked before each redirect hop is followed; a hop
	// it refuses ends the fetch with a *fetch.HopError.
	Gate Gate
	// Credentials are headers (the operator's --header and --cookie) added
	// to each request, redirect hops included, whose URL CredentialsFor
	// approves, and to no other. Without CredentialsFor none are sent.
	Credentials    http.Header
	CredentialsFor func(*url.URL) bool
	// TLS, if set, verifies the servers of the Fetcher's own transport (a
	// Transport given brings its own): see policy.TLSConfig.
	TLS *tls.Config
	// Insecure says the transport accepts any certificate (--insecure):
	// every Side says so in its warnings.
	Insecure bool
	// KeepExchange keeps the final request and response, head and body
	// as read, in Side.Exchange (for a WARC archive). Default false: they
	// are dropped once read.
	KeepExchange bool
	// KeepHTML keeps the document as decoded, in Side.HTML, for the
	// union to extract the page's main content from. Default false: it
	// is dropped once read.
	KeepHTML bool
}

// InsecureWarning is in the warnings of every Side fetched with
// Config.Insecure.
const InsecureWarning = "TLS certificates are NOT verified (--insecure): any server can stand in for the site"

// Fetcher performs plain fetches. It is safe for concurrent use; Close
// releases its idle connections.
type Fetcher struct {
	cfg    Config
	client *http.Client
}

// New returns a Fetcher for cfg, with zero fields set to their defaults.
func New(cfg Config) *Fetcher {
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.ConnectTimeout <= 0 {
		cfg.ConnectTimeout = DefaultConnectTimeout
	}
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = DefaultMaxBody
	}
	if cfg.MaxRedirects <= 0 {
		cfg.MaxRedirects = DefaultMaxRedirects
	}
	tr := cfg.Transport
	if tr == nil {
		proxy := http.ProxyFromEnvironment
		if cfg.Proxy != nil {
			proxy = http.ProxyURL(cfg.Proxy)
		}
		tr = &http.Transport{
			Proxy:                 proxy,
			DialContext:           (&net.Dialer{Timeout: cfg.ConnectTimeout, KeepAlive: 30 * time.Second}).DialContext,
			TLSHandshakeTimeout:   cfg.ConnectTimeout,
			ResponseHeaderTimeout: cfg.Timeout,
			MaxIdleConnsPerHost:   8,
			IdleConnTimeout:       90 * time.Second,
			TLSClientConfig:       cfg.TLS,
			ForceAttemptHTTP2:     true, // kept with a TLSClientConfig only when asked
		}
	}
	f := &Fetcher{cfg: cfg}
	f.client = &http.Client{Transport: tr, CheckRedirect: f.checkRedirect}
	return f
}

// Close releases idle connections.
func (f *Fetcher) Close() { f.client.CloseIdleConnections() }

// Name returns fetch.Plain.
func (f *Fetcher) Name() fetch.Name { return fetch.Plain }

// ErrRedirectLoop is wrapped by the error of a fetch whose redirects came back
// to a URL already visited.
var ErrRedirectLoop = errors.New("plain: redirect loop")

// ErrTooManyRedirects is wrapped by the error of a fetch that exceeded
// Config.MaxRedirects.
var ErrTooManyRedirects = errors.New("plain: too many redirects")

func (f *Fetcher) checkRedirect(req *http.Request, via []*http.Request) error {
	chain := append([]string{}, earlier(req.Context())...) // the hops before a meta refresh count too
	for _, v := range via {
		chain = append(chain, v.URL.String())
	}
	next := req.URL.String()
	for _, v := range chain {
		if v == next {
			return fmt.Errorf("%w: %s → %s", ErrRedirectLoop, strings.Join(chain, " → "), next)
		}
	}
	if len(chain) >= f.cfg.MaxRedirects {
		return fmt.Errorf("%w: stopped after %d", ErrTooManyRedirects, f.cfg.MaxRedirects)
	}
	if f.cfg.Gate != nil {
		if err := f.cfg.Gate.Navigate(req.Context(), req.URL); err != nil {
			return hopError(chain[len(chain)-1], next, err)
		}
	}
	return nil
}

// Gate decides whether a navigation hop may be requested. policy.Gate
// satisfies it.
type Gate interface {
	// Navigate returns nil when u may be requested as the page's main
	// document, else why not (a *fetch.Denied).
	Navigate(ctx context.Context, u *url.URL) error
}

// hopError wraps the gate's refusal of the hop from → to.
func hopError(from, to string, err error) error {
	var d *fetch.Denied
	if !errors.As(err, &d) {
		d = &fetch.Denied{URL: to, Cause: fetch.DeniedStopped, Reason: err.Error()}
	}
	return &fetch.HopError{From: from, To: to, Denied: d}
}

// Fetch GETs u and reads it as a page. It always returns a non-nil Side;
// the error is the Side's Err (network failure, timeout, redirect loop), or
// nil when a response arrived, whatever its status. A non-HTML 2xx answer,
// or one with Content-Disposition: attachment, is marked Download and its
// body is not read.
func (f *Fetcher) Fetch(ctx context.Context, u *url.URL) (*fetch.Side, error) {
	start := time.Now()
	target := u.String()
	s := &fetch.Side{Name: fetch.Plain, URL: target, FinalURL: target}
	defer func() { s.Elapsed = time.Since(start) }()
	if f.cfg.Insecure {
		s.Warnings = append(s.Warnings, InsecureWarning)
	}

	defer fetch.Received(ctx) // whatever ended the exchange
	ctx, cancel := context.WithTimeout(ctx, f.cfg.Timeout)
	defer cancel()
	sentCtx := ctx
	ctx = httptrace.WithClientTrace(ctx, &httptrace.ClientTrace{WroteHeaders: func() { fetch.Sent(sentCtx) }})
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, target, nil)
	if err != nil {
		s.Err = fmt.Errorf("plain: %w", err)
		return s, s.Err
	}
	req.Header.Set("User-Agent", f.cfg.UserAgent)
	req.Header.Set("Accept", "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5")
	req.Header.Set("Accept-Encoding", acceptEncoding)

	var hops []fetch.Redirect
	prev := target
	trace := func(r *http.Response) {
		// Called for every response but the last: the redirect responses.
		to := r.Header.Get("Location")
		if loc, err := r.Request.URL.Parse(to); err == nil {
			to = loc.String()
		}
		hops = append(hops, fetch.Redirect{From: prev, To: to, Status: r.StatusCode, Via: fetch.ViaHTTP})
		prev = to
	}
	resp, err := f.do(req, trace)
	s.Redirects = hops
	if err != nil {
		s.Err = describe(err, f.cfg.Timeout)
		return s, s.Err
	}
	read := false // the body was read to its end
	defer func() {
		if read {
			resp.Body.Close() // at its end already: the connection is kept
			return
		}
		fetch.Close(resp) // a short error page is read: the connection carries the next page
	}()

	s.FinalURL = resp.Request.URL.String()
	s.Status = resp.StatusCode
	s.Proto = resp.Proto
	s.StatusText = http.StatusText(resp.StatusCode)
	s.Disposition = resp.Header.Get("Content-Disposition")
	s.RetryAfter = resp.Header.Get("Retry-After")
	s.LastModified, _ = http.ParseTime(resp.Header.Get("Last-Modified"))
	ctype := resp.Header.Get("Content-Type")
	mt, _, _ := mime.ParseMediaType(ctype)
	s.ContentType = strings.ToLower(mt)

	// The body as sent, its Content-Encoding undone (see decodeContent).
	src := &sourceReader{r: resp.Body}
	var rd io.Reader = src
	length := resp.ContentLength
	codings := contentCodings(resp.Header)
	var codingErr error
	if len(codings) > 0 {
		length = -1 // the header's length is the encoded body's
		var release func()
		rd, release, codingErr = decodeContent(src, codings)
		defer release()
	}
	if s.ContentType == "" && codingErr == nil {
		br := bufio.NewReaderSize(rd, 512)
		rd = br
		head, err := br.Peek(512)
		if ce := (*codingError)(nil); src.err == nil && errors.As(err, &ce) {
			codingErr = ce
		}
		mt, _, _ := mime.ParseMediaType(http.DetectContentType(head))
		s.ContentType = mt
		ctype = s.ContentType
	}
	if f.cfg.KeepExchange {
		s.Exchange = newExchange(resp, len(codings) > 0)
	}
	if resp.StatusCode/100 == 2 && (isAttachment(s.Disposition) || !fetch.IsHTML(s.ContentType)) {
		s.Download = true // stop at the headers
		return s, nil
	}
	if !fetch.IsHTML(s.ContentType) {
		return s, nil // an error page that is not HTML has no text to read
	}
	if codingErr != nil {
		return f.unreadable(s, codingErr.Error())
	}

	body, err := readBody(rd, length, f.cfg.MaxBody+1)
	if err != nil {
		if ce := (*codingError)(nil); src.err == nil && errors.As(err, &ce) {
			return f.unreadable(s, ce.Error())
		}
		s.Err = fmt.Errorf("plain: reading the body of %s after %d bytes: %w", s.FinalURL, len(body), describe(err, f.cfg.Timeout))
		return s, s.Err
	}
	read = int64(len(body)) <= f.cfg.MaxBody // readBody stops short of its limit only at the end
	if !read {
		body = body[:f.cfg.MaxBody]
		s.Truncated = true
		s.Warnings = append(s.Warnings, fmt.Sprintf("body larger than %d bytes: read the first %d and kept the page truncated", f.cfg.MaxBody, f.cfg.MaxBody))
	}
	if s.Exchange != nil {
		s.Exchange.Body = body
	}
	fetch.Received(sentCtx)
	text, enc := decodeText(body, ctype)
	if why := notText(text); why != "" {
		return f.unreadable(s, why)
	}
	found, blocks, err := readDoc(text)
	if err != nil {
		s.Err = fmt.Errorf("plain: parsing %s: %w", s.FinalURL, err)
		return s, s.Err
	}
	if f.cfg.KeepHTML {
		s.HTML = string(text)
	}
	found.query = queryEncoding(enc)
	p := extract(found, blocks, resp.Request.URL)
	s.Title, s.Blocks, s.Links, s.Canonical, s.ScriptDriven = p.title, p.blocks, p.links, p.canonical, p.scriptDriven
	s.Anchors, s.LinksCapped = p.anchors, p.linksCapped
	s.Head = readHead(found, docBase(found, resp.Request.URL), resp.Header)
	s.Words = fetch.CountWords(s.Blocks)
	s = f.followRefresh(sentCtx, s, found, docBase(found, resp.Request.URL)) // a meta refresh is a hop (refresh.go)
	found.release()                                                          // what the page gave holds none of its elements
	return s, s.Err
}

// readDoc reads what extraction needs from the document text: by scan, which
// builds no tree, or, for a document scan leaves to the parser, from the
// parsed tree.
func readDoc(text []byte) (*found, []string, error) {
	if f, blocks, ok := scan(text); ok {
		return f, blocks, nil
	}
	doc, err := html.Parse(bytes.NewReader(text))
	if err != nil {
		return nil, nil, err
	}
	f := collect(doc)
	return f, textBlocks(doc, f), nil
}

// unreadable ends the fetch of s, whose body cannot be read as text for the
// reason why: a page (2xx) fails with ErrUndecodable, so the side is dropped
// rather than its bytes kept as words; an error page keeps its status, with
// why as a warning.
func (f *Fetcher) unreadable(s *fetch.Side, why string) (*fetch.Side, error) {
	if s.Status/100 != 2 {
		s.Warnings = append(s.Warnings, "the error page's body was not read: "+why)
		return s, nil
	}
	s.Err = undecodable(s.FinalURL, why)
	return s, s.Err
}

// readBody reads r to its end or to limit bytes. A body that says its
// length is read into a buffer of that size at once, up to 256 KiB: the
// length is the server's word, not a promise. One that does not (a page sent
// in chunks, as most pages made per request are) starts in unknownSize
// bytes, which most pages fill, and grows as append grows.
func readBody(r io.Reader, length, limit int64) ([]byte, error) {
	size := min(unknownSize, max(limit, 0))
	if length > 0 && length < limit { // (a length near 2^63 would overflow length+1)
		size = min(length+1, 256<<10) // one more byte finds a body longer than it said
	}
	b := make([]byte, 0, size)
	lr := io.LimitReader(r, limit)
	for {
		n, err := lr.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return b, err
		}
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)] // grow
		}
	}
}

// unknownSize is the buffer a body of unknown length starts in. From 512
// bytes, a page of 5 KB took seven buffers, 17 KB in all.
const unknownSize = 8 << 10

// newExchange records resp's request and head; the body is added once read.
// When the body is read decoded (decoded: its Content-Encoding undone), the
// head says so: its Content-Encoding and Content-Length, which describe the
// body as sent, are left out, so the head matches the body kept.
func newExchange(resp *http.Response, decoded bool) *fetch.Exchange {
	var req, head bytes.Buffer
	r := resp.Request
	fmt.Fprintf(&req, "%s %s HTTP/1.1\r\nHost: %s\r\n", r.Method, r.URL.RequestURI(), r.Host)
	r.Header.Write(&req)
	req.WriteString("\r\n")
	fmt.Fprintf(&head, "HTTP/%d.%d %s\r\n", resp.ProtoMajor, resp.ProtoMinor, resp.Status)
	h := resp.Header
	if decoded {
		h = h.Clone()
		h.Del("Content-Encoding")
		h.Del("Content-Length")
	}
	h.Write(&head)
	head.WriteString("\r\n")
	return &fetch.Exchange{Request: req.Bytes(), ResponseHead: head.Bytes(), At: time.Now()}
}

// do sends req, calling onRedirect for every redirect response.
func (f *Fetcher) do(req *http.Request, onRedirect func(*http.Response)) (*http.Response, error) {
	c := *f.client
	c.Transport = redirectTracer{f.client.Transport, onRedirect, f.cfg.Credentials, f.cfg.CredentialsFor}
	return c.Do(req)
}

// redirectTracer sees every request of a fetch, hops included: it adds the
// operator's credentials where they may go and reports redirects.
type redirectTracer struct {
	rt         http.RoundTripper
	onRedirect func(*http.Response)
	creds      http.Header
	credsFor   func(*url.URL) bool
}

func (t redirectTracer) RoundTrip(req *http.Request) (*http.Response, error) {
	if len(t.creds) > 0 && t.credsFor != nil && t.credsFor(req.URL) {
		req = req.Clone(req.Context())
		for k, vs := range t.creds {
			req.Header[k] = append([]string(nil), vs...)
		}
	}
	resp, err := t.rt.RoundTrip(req)
	if err == nil && resp.StatusCode/100 == 3 && resp.Header.Get("Location") != "" {
		t.onRedirect(resp)
	}
	return resp, err
}

func isAttachment(disposition string) bool {
	d, _, err := mime.ParseMediaType(disposition)
	return err == nil && d == "attachment"
}

// describe turns transport errors into words a person can act on.
func describe(err error, timeout time.Duration) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	switch {
	case errors.Is(err, context.DeadlineExceeded), isTimeout(err):
		return fmt.Errorf("plain: timed out after %s: %w", timeout, err)
	case errors.Is(err, ErrRedirectLoop), errors.Is(err, ErrTooManyRedirects), errors.Is(err, fetch.ErrOutOfScope), errors.Is(err, fetch.ErrHopDisallowed):
		return err
	}
	return fmt.Errorf("plain: %w%s", err, CertHint(err))
}

// CertHint returns what to do about err when it is a server's certificate
// that could not be verified, or "" for any other error.
func CertHint(err error) string {
	var ce *tls.CertificateVerificationError
	if !errors.As(err, &ce) {
		return ""
	}
	return " (a site whose certificate a private CA signed is trusted with --ca-cert FILE; --insecure accepts any certificate)"
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}
