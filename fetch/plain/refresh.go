package plain

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/webgraph/webgraph/fetch"
)

// MaxRefreshDelay is the longest delay, in seconds, of a meta refresh that
// the plain side follows as a redirect. A browser navigates after any delay;
// a reader waits a few seconds ("you will be taken to the new page in 5
// seconds") but not for a page that reloads itself every few minutes to
// stay fresh. A refresh without a URL, or to the page itself, is a reload,
// never a redirect.
const MaxRefreshDelay = 10

// refreshKey carries, in a context, the URLs a page's chain asked for before
// a meta refresh started the fetch in hand (see followRefresh): the loop
// and limit rules of its redirects count them.
type refreshKey struct{}

// earlier returns the URLs a page's chain asked for before the meta refresh
// that started this fetch, in order; none for a page's own fetch.
func earlier(ctx context.Context) []string {
	urls, _ := ctx.Value(refreshKey{}).([]string)
	return urls
}

// followRefresh follows the meta refresh f found in the document s read
// (its base URL base), as a redirect hop: through the gate, under the rules of
// an HTTP redirect (a loop, or more than MaxRedirects requests, is the
// side's error), with a fetch of the target whose Side it returns, its URL
// the page's and its redirects the whole chain. A document without a
// refresh that counts as a redirect (see refreshTarget) gives s back.
func (f *Fetcher) followRefresh(ctx context.Context, s *fetch.Side, fd *found, base *url.URL) *fetch.Side {
	to := refreshTarget(fd.refresh, fd.refreshed, base)
	if to == nil || samePage(to.String(), s.FinalURL) {
		return s
	}
	target := to.String()
	asked := append(append([]string{}, earlier(ctx)...), s.URL)
	for _, h := range s.Redirects {
		asked = append(asked, h.To)
	}
	s.Redirects = append(s.Redirects, fetch.Redirect{From: s.FinalURL, To: target, Via: fetch.ViaMeta})
	for _, v := range asked {
		if samePage(v, target) {
			s.Err = fmt.Errorf("%w: %s → %s (a meta refresh)", ErrRedirectLoop, strings.Join(asked, " → "), target)
			return s
		}
	}
	if len(asked) >= f.cfg.MaxRedirects {
		s.Err = fmt.Errorf("%w: stopped after %d", ErrTooManyRedirects, f.cfg.MaxRedirects)
		return s
	}
	if f.cfg.Gate != nil {
		if err := f.cfg.Gate.Navigate(ctx, to); err != nil {
			s.Err = hopError(s.FinalURL, target, err)
			return s
		}
	}
	next, _ := f.Fetch(context.WithValue(ctx, refreshKey{}, asked), to)
	next.URL = s.URL
	next.Redirects = append(s.Redirects, next.Redirects...)
	return next
}

// samePage reports whether two URLs name one document (fragments aside).
func samePage(a, b string) bool {
	a, _, _ = strings.Cut(a, "#")
	b, _, _ = strings.Cut(b, "#")
	return a == b
}

// refreshTarget returns where a document's meta refresh, its content
// given when ok (see firstRefresh), sends a reader, resolved against base,
// when it is a redirect: with a URL, http or https, after at most
// MaxRefreshDelay seconds. Otherwise nil.
func refreshTarget(content string, ok bool, base *url.URL) *url.URL {
	if !ok {
		return nil
	}
	delay, ref, ok := parseRefresh(content)
	if !ok || delay > MaxRefreshDelay || ref == "" {
		return nil
	}
	u, err := base.Parse(ref)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil
	}
	return u
}

// firstRefresh returns the content of the first meta refresh in doc: the
// document's first <meta http-equiv="refresh"> with a content (as a
// browser takes the first). Inert templates (declarative shadow roots among
// them) are left out, and a <noscript> holds no elements for a browser that
// runs scripts.
func firstRefresh(n *html.Node) (string, bool) {
	if n.Type == html.ElementNode {
		switch n.DataAtom {
		case atom.Template:
			return "", false
		case atom.Meta:
			if v, ok := attr(n, "http-equiv"); ok && strings.EqualFold(strings.TrimSpace(v), "refresh") {
				if c, ok := attr(n, "content"); ok && c != "" {
					return c, true
				}
			}
		}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if v, ok := firstRefresh(c); ok {
			return v, true
		}
	}
	return "", false
}

// parseRefresh reads a refresh's content ("5; url=/next", "0;URL='/next'",
// "3") as HTML's shared declarative refresh steps do: the delay in whole
// seconds (a fraction is ignored; past what an int holds it is the largest
// int), then, after a ";" or "," or white space, the URL, with an optional
// "url=" label and quotes. ref is "" when no URL is given (a reload). ok is
// false for content a browser ignores.
func parseRefresh(content string) (delay int, ref string, ok bool) {
	s := strings.TrimLeft(content, asciiSpace)
	digits := len(s) - len(strings.TrimLeft(s, "0123456789"))
	if digits == 0 && !strings.HasPrefix(s, ".") {
		return 0, "", false
	}
	for _, c := range s[:digits] {
		if delay > (maxInt-9)/10 {
			delay = maxInt
			break
		}
		delay = delay*10 + int(c-'0')
	}
	s = strings.TrimLeft(s[digits:], "0123456789.")
	if s == "" {
		return delay, "", true
	}
	if !strings.ContainsRune(";,"+asciiSpace, rune(s[0])) {
		return 0, "", false
	}
	s = strings.TrimLeft(s, asciiSpace)
	if s != "" && (s[0] == ';' || s[0] == ',') {
		s = s[1:]
	}
	s = strings.TrimLeft(s, asciiSpace)
	if len(s) >= 3 && strings.EqualFold(s[:3], "url") {
		if rest := strings.TrimLeft(s[3:], asciiSpace); strings.HasPrefix(rest, "=") {
			s = strings.TrimLeft(rest[1:], asciiSpace)
		}
	}
	if s != "" && (s[0] == '\'' || s[0] == '"') {
		quote := s[0]
		s = s[1:]
		if i := strings.IndexByte(s, quote); i >= 0 {
			s = s[:i]
		}
	}
	return delay, strings.Trim(s, asciiSpace), true
}

// asciiSpace is HTML's ASCII whitespace.
const asciiSpace = "\t\n\f\r "

const maxInt = int(^uint(0) >> 1)
