package linkcheck

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"syscall"
	"time"

	"golang.org/x/net/html"

	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/policy"
	"github.com/webgraph/webgraph/refuse"
)

// Gate sends one request for a purpose after asking robots.txt and taking
// the host's throttle slot, following redirects it approves; *policy.Gate
// satisfies it. Its refusals wrap *fetch.Denied or *fetch.HopError.
type Gate interface {
	Do(ctx context.Context, method string, u *url.URL, p policy.Purpose, header http.Header) (*http.Response, error)
}

// retryWithGet: HEAD answers after which GET is asked, because servers give
// them for HEAD alone (unsupported, or refused to non-browsers).
func retryWithGet(status int) bool {
	switch status {
	case http.StatusBadRequest, http.StatusForbidden, http.StatusMethodNotAllowed, http.StatusNotAcceptable,
		http.StatusInternalServerError, http.StatusNotImplemented:
		return true
	}
	return false
}

// check asks about one external target: HEAD, then GET when HEAD is refused
// or unsupported. ok is false when the check did not reach a verdict because
// the crawl stopped or ctx ended: such a target stays unchecked.
func (c *Checker) check(ctx context.Context, raw string) (ev *Event, ok bool) {
	u, err := url.Parse(raw)
	if err != nil {
		return &Event{URL: raw, Verdict: Broken, Reason: "not a valid URL: " + err.Error(), CheckedAt: c.cfg.Now()}, true
	}
	ctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	ev, ok = c.ask(ctx, http.MethodHead, u)
	if ok && ev.Status != 0 && retryWithGet(ev.Status) {
		ev, ok = c.ask(ctx, http.MethodGet, u)
	}
	if ev != nil {
		ev.URL, ev.CheckedAt = raw, c.cfg.Now()
	}
	return ev, ok
}

// ask sends one request and judges its answer.
func (c *Checker) ask(ctx context.Context, method string, u *url.URL) (*Event, bool) {
	resp, err := c.cfg.Gate.Do(ctx, method, u, policy.LinkCheck, http.Header{"Accept": {"text/html,*/*;q=0.5"}})
	return Judge(ctx, u, method, resp, err, c.cfg.Timeout)
}

// Judge gives the verdict on one request for u sent through a Gate: on its
// answer resp, or on its failure err (resp is then nil). It is the one
// judgement of a URL that is not crawled as a page, for every command that
// asks about one (crawl --check, sitemaps --verify). The Event has the
// Verdict, the Reason and, when an answer came, the Status and FinalURL;
// the caller fills in the rest. A GET's body is read, at most MaxBodyRead
// bytes, to tell a block page; resp's body is closed. timeout is the
// request's time limit, for the words of a verdict on a timeout. ok is
// false when there is no verdict: the request was cut by the caller's stop
// (policy.ErrStopped, fetch.DeniedStopped) or by ctx's end.
func Judge(ctx context.Context, u *url.URL, method string, resp *http.Response, err error, timeout time.Duration) (*Event, bool) {
	if err != nil {
		return judgeError(ctx, err, timeout.String())
	}
	defer fetch.Close(resp)
	ev := &Event{Status: resp.StatusCode}
	if final := resp.Request.URL.String(); final != u.String() {
		ev.FinalURL = final
	}
	var text string
	if method == http.MethodGet {
		text = readText(resp.Body)
	}
	s := resp.StatusCode
	switch {
	case refuse.IsLoginRedirect(u, resp.Request.URL):
		ev.Verdict, ev.Reason = Unverifiable, refuse.LoginWords(resp.Request.URL.String())
	case s/100 == 2 || s == http.StatusNotModified:
		if p := refuse.BlockPhrase(text, fetch.CountWords([]string{text})); p != "" {
			ev.Verdict, ev.Reason = Unverifiable, refuse.BlockPageWords(p)
		} else {
			ev.Verdict, ev.Reason = OK, fmt.Sprintf("HTTP %d %s", s, http.StatusText(s))
		}
	case s == http.StatusNotFound || s == http.StatusGone:
		ev.Verdict, ev.Reason = Broken, fmt.Sprintf("HTTP %d %s: the target is missing", s, http.StatusText(s))
	case s == http.StatusUnauthorized || s == http.StatusForbidden || s == http.StatusTooManyRequests ||
		s == http.StatusUnavailableForLegalReasons || s == http.StatusRequestTimeout || s/100 == 5:
		ev.Verdict, ev.Reason = Unverifiable, wallWords(s)
		if p := refuse.BlockPhrase(text, fetch.CountWords([]string{text})); p != "" {
			ev.Reason = refuse.BlockPageWords(p) + " (HTTP " + fmt.Sprint(s) + ")"
		}
	case s/100 == 3:
		ev.Verdict, ev.Reason = Unverifiable, fmt.Sprintf("HTTP %d without a usable Location: the redirect could not be followed", s)
	case s/100 == 1 || s/100 > 5 || s < 100:
		// A final informational answer (101 to a plain GET) or a code
		// outside HTTP's classes says nothing about the target.
		ev.Verdict, ev.Reason = Unverifiable, fmt.Sprintf("HTTP %d %s: not an answer about the target", s, http.StatusText(s))
	default: // another 4xx: the server says the address is wrong
		ev.Verdict, ev.Reason = Broken, fmt.Sprintf("HTTP %d %s", s, http.StatusText(s))
	}
	return ev, true
}

func wallWords(s int) string {
	if _, words, ok := refuse.StatusWords(s); ok {
		return words
	}
	return fmt.Sprintf("HTTP %d %s: the server could not answer", s, http.StatusText(s))
}

// judgeError turns a failed request into a verdict; false when the failure
// is the crawl's own stop or ctx's end, which is no verdict.
func judgeError(ctx context.Context, err error, timeout string) (*Event, bool) {
	var d *fetch.Denied
	var hop *fetch.HopError
	var dns *net.DNSError
	var cert *tls.CertificateVerificationError
	var unknownAuth x509.UnknownAuthorityError
	var hostname x509.HostnameError
	var invalid x509.CertificateInvalidError
	var record tls.RecordHeaderError
	ev := &Event{}
	switch {
	case errors.As(err, &hop):
		d = hop.Denied
		if d.Cause == fetch.DeniedStopped {
			return nil, false
		}
		ev.Verdict, ev.Reason = Unverifiable, "a redirect was not followed: "+hop.Error()
	case errors.As(err, &d):
		switch d.Cause {
		case fetch.DeniedStopped:
			return nil, false
		case fetch.DeniedDisallowed:
			ev.Verdict, ev.Reason = Unverifiable, "not asked: "+d.Reason
		case fetch.DeniedDeferred:
			var slow *policy.CrawlDelayError
			if errors.As(d.Err, &slow) {
				ev.Verdict, ev.Reason = Unverifiable, "not asked: "+d.Reason
				break
			}
			// robots.txt is asked first, so an unknown host or a refused
			// connection shows there.
			if d.Err != nil {
				if nev, ok := judgeError(ctx, d.Err, timeout); ok && nev.Verdict == Broken {
					return nev, true
				}
			}
			ev.Verdict, ev.Reason = Unverifiable, "not asked: robots.txt of its site could not be read: "+d.Reason
		default:
			ev.Verdict, ev.Reason = Unverifiable, "not asked: "+d.Error()
		}
	case errors.Is(err, policy.ErrStopped), errors.Is(err, context.Canceled),
		ctx.Err() != nil && !errors.Is(ctx.Err(), context.DeadlineExceeded):
		// Only the crawl's stop or its end cancels a check.
		return nil, false
	case errors.Is(err, context.DeadlineExceeded), isTimeout(err):
		ev.Verdict, ev.Reason = Unverifiable, "timed out after "+timeout
	case errors.As(err, &dns):
		if dns.IsNotFound {
			ev.Verdict, ev.Reason = Broken, "unknown host: "+dns.Name+" does not resolve"
		} else {
			ev.Verdict, ev.Reason = Unverifiable, "the host name could not be resolved now: "+dns.Error()
		}
	case errors.Is(err, syscall.ECONNREFUSED):
		ev.Verdict, ev.Reason = Broken, "connection refused: nothing listens at that address"
	case errors.As(err, &cert), errors.As(err, &unknownAuth), errors.As(err, &hostname), errors.As(err, &invalid), errors.As(err, &record):
		ev.Verdict, ev.Reason = Broken, "TLS failure: "+err.Error()
	default:
		ev.Verdict, ev.Reason = Unverifiable, "the request failed: "+err.Error()
	}
	return ev, true
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// readText reads at most MaxBodyRead bytes of body and returns its visible
// text, to tell a block page from a page.
func readText(body io.Reader) string {
	z := html.NewTokenizer(io.LimitReader(body, MaxBodyRead))
	var b strings.Builder
	skip := 0
	for {
		switch z.Next() {
		case html.ErrorToken:
			return fetch.CollapseSpace(b.String())
		case html.StartTagToken:
			if n, _ := z.TagName(); string(n) == "script" || string(n) == "style" {
				skip++
			}
		case html.EndTagToken:
			if n, _ := z.TagName(); (string(n) == "script" || string(n) == "style") && skip > 0 {
				skip--
			}
		case html.TextToken:
			if skip == 0 {
				b.Write(z.Text())
				b.WriteByte(' ')
			}
		}
	}
}
