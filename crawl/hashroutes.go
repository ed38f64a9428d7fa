package crawl

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/policy"
	"github.com/webgraph/webgraph/refuse"
)

// Hash routes ("#/lamps", "#!/about"; fetch.HashRoute) are pages of their
// own when Config.HashRoutes is set: the crawl names them with their route
// (fetch.NormalizeRouteURL), fetches them through a union that renders them
// alone, and judges each document's unknown routes by a probe of its own.
// When it is not set, the crawl counts the routes its pages link to and
// says, once, at the end, that it did not crawl them.

// MaxHashRoutesCounted caps the distinct hash routes a crawl without
// --hash-routes remembers to count them; more are not counted.
const MaxHashRoutesCounted = 10000

// normalize returns u in the form the crawl names pages by: with its hash
// route under Config.HashRoutes, else fragment-free.
func (c *Crawler) normalize(u *url.URL) (string, error) {
	if c.cfg.HashRoutes {
		return fetch.NormalizeRouteURL(u)
	}
	return fetch.NormalizeURL(u)
}

// routePrep is the soft-404 fingerprint of one document's hash routes.
type routePrep struct {
	once    onceWait
	soft404 *refuse.Soft404
	probe   string
}

// prepareRoutes probes, once per document, what the app of u's document
// shows for a route that cannot exist (#/webgraph-soft404-probe-…), before
// the first of its routes is judged. It returns nil when u is no hash route
// or the crawl does not take routes as pages.
func (c *Crawler) prepareRoutes(ctx context.Context, u *url.URL) *routePrep {
	if !c.cfg.HashRoutes || c.cfg.SkipSoft404 || fetch.HashRoute(u) == "" {
		return nil
	}
	doc := *u
	doc.Fragment, doc.RawFragment = "", ""
	key, err := fetch.NormalizeURL(&doc)
	if err != nil {
		return nil
	}
	v, ok := c.routeDocs.Load(key)
	if !ok {
		v, _ = c.routeDocs.LoadOrStore(key, &routePrep{once: newOnceWait()})
	}
	rp := v.(*routePrep)
	rp.once.Do(func() { rp.soft404, rp.probe = c.probeRoutes(ctx, &doc) })
	return rp
}

// probeRoutes renders a route of doc that cannot exist and fingerprints
// what the app shows, when it shows a page (HTTP 200, not refused). It
// takes a throttle slot like any page, but it is not a page: --max-pages
// does not count it (one per document with routes bounds it).
func (c *Crawler) probeRoutes(ctx context.Context, doc *url.URL) (*refuse.Soft404, string) {
	var b [8]byte
	rand.Read(b[:])
	probe := *doc
	probe.Fragment, probe.RawFragment = "/webgraph-soft404-probe-"+hex.EncodeToString(b[:]), ""
	if a := c.gate.Ask(ctx, &probe, policy.Probe); a.Denied != nil {
		return nil, probe.String()
	}
	release, err := c.gate.WaitSlot(ctx, doc.Host, c.gate.Throttle().Reserve(doc.Host))
	if err != nil {
		return nil, probe.String()
	}
	p, err := c.pages.Fetch(fetch.WithSent(ctx, release), &probe)
	release()
	var r *refuse.Refusal
	if p == nil || (err != nil && !errors.As(err, &r)) || p.Refusal != nil || p.Status != http.StatusOK {
		return nil, probe.String()
	}
	return refuse.NewSoft404(routeKey(&probe), p.Title, p.Blocks, p.Words), probe.String()
}

// matches reports whether the kept page p, a hash route, is what its
// document's app shows for a route that cannot exist.
func (rp *routePrep) matches(p *union.Page) bool {
	if rp == nil || rp.soft404 == nil {
		return false
	}
	u, err := url.Parse(p.URL)
	return err == nil && rp.soft404.Matches(routeKey(u), p.Title, p.Blocks)
}

// refusal is the refusal of a route that matches the probe.
func (rp *routePrep) refusal(pageURL string) *refuse.Refusal {
	return &refuse.Refusal{URL: pageURL, Cause: refuse.Missing,
		Words: "soft 404: the app shows for this hash route what it shows for a route that cannot exist (" + rp.probe + ")"}
}

// routeKey names a hash route for the soft-404 fingerprint, which leaves out
// the blocks that quote the path asked for: the route stands for the path,
// as an app that quotes anything quotes the route.
func routeKey(u *url.URL) string {
	r := strings.TrimPrefix(fetch.HashRoute(u), "!")
	return (&url.URL{Scheme: u.Scheme, Host: u.Host, Path: r}).String()
}

// noteSkippedRoutes counts the distinct in-scope hash routes the kept page
// p links to, for a crawl that does not take them as pages.
func (c *Crawler) noteSkippedRoutes(p *union.Page) {
	if c.cfg.HashRoutes || p.Refusal != nil {
		return
	}
	for _, n := range p.Used {
		s := p.Sides[n]
		if s == nil {
			continue
		}
		for _, l := range s.Links {
			if l.Nofollow || l.Fragment == "" || !strings.HasPrefix(l.Fragment, "/") && !strings.HasPrefix(l.Fragment, "!/") {
				continue
			}
			u, err := url.Parse(l.URL + "#" + l.Fragment)
			if err != nil || fetch.HashRoute(u) == "" || !c.scope.Allows(u) {
				continue
			}
			key := l.URL + "#" + fetch.HashRoute(u)
			c.mu.Lock()
			if _, seen := c.skippedRoutes[key]; !seen && len(c.skippedRoutes) < MaxHashRoutesCounted {
				c.skippedRoutes[key] = struct{}{}
				c.done.HashRoutesSkipped++
			}
			c.mu.Unlock()
		}
	}
}

// skippedRoutesWarning says, once, at the end, that hash routes were found
// and not crawled; "" when none were.
func skippedRoutesWarning(n int) string {
	if n == 0 {
		return ""
	}
	more := ""
	if n >= MaxHashRoutesCounted {
		more = "at least "
	}
	return fmt.Sprintf("%s%s linked (#/… or #!/…) and not crawled: a hash-routed app shows each in the browser, and a server never sees the fragment; crawl them as pages with --hash-routes (which renders them: union or rendered mode)",
		more, routesWere(n))
}

func routesWere(n int) string {
	if n == 1 {
		return "1 hash route was"
	}
	return fmt.Sprintf("%d hash routes were", n)
}
