package rendered_test

import (
	"context"
	"fmt"
	"image"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/internal/testkit/proxytest"
)

// refererLog notes the Referer header of each request for a path.
type refererLog struct {
	mu   sync.Mutex
	seen map[string][]string
}

func (l *refererLog) add(r *http.Request) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.seen == nil {
		l.seen = map[string][]string{}
	}
	l.seen[r.URL.Path] = append(l.seen[r.URL.Path], r.Header.Get("Referer"))
}

func (l *refererLog) get(path string) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.seen[path])
}

// pictureSite serves the stylesheets a no-script picture asks for, noting
// each request's Referer.
func pictureSite(log *refererLog) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		log.add(r)
		w.Header().Set("Content-Type", "text/css")
		fmt.Fprint(w, "body{background:#0a0}")
	})
}

// TestNoScriptReferrerPolicyNotCarried: a document whose referrer policy
// is set by a <meta name=referrer> spelled with a character reference does
// not pass that policy on to the next document of its origin shown in the
// same no-script tab: the next one's stylesheet is asked for with the
// Referer a navigation to it sends.
func TestNoScriptReferrerPolicyNotCarried(t *testing.T) {
	var log refererLog
	ts := httptest.NewServer(pictureSite(&log))
	defer ts.Close()
	p := rendered.Pictures{}
	f := own(t, rendered.Config{Timeout: 15 * time.Second, Pictures: &p})
	defer f.Close()
	ct := "text/html; charset=utf-8"
	first := `<!doctype html><meta name="&#114;eferrer" content="origin"><link rel=stylesheet href="/a.css"><p>first`
	next := `<!doctype html><link rel=stylesheet href="/b.css"><p>next`
	if _, err := f.NoScript(context.Background(), mustURL(t, ts.URL+"/first.html"), []byte(first), ct, p); err != nil {
		t.Fatalf("NoScript(first): %v", err)
	}
	if got, want := log.get("/a.css"), ts.URL+"/"; len(got) != 1 || got[0] != want {
		t.Fatalf("the first page's stylesheet was asked for with Referer %q; want [%q] (its policy is origin)", got, want)
	}
	if _, err := f.NoScript(context.Background(), mustURL(t, ts.URL+"/next.html"), []byte(next), ct, p); err != nil {
		t.Fatalf("NoScript(next): %v", err)
	}
	if got, want := log.get("/b.css"), ts.URL+"/next.html"; len(got) != 1 || got[0] != want {
		t.Errorf("the next page's stylesheet was asked for with Referer %q; want [%q], as after a navigation", got, want)
	}
}

// TestNoScriptThroughProxy: no-script pictures of a browser webgraph
// started with Config.Proxy ask for their pages' resources through the
// proxy, none around it, the second page of an origin as the first.
func TestNoScriptThroughProxy(t *testing.T) {
	proxy := proxytest.Start(t)
	var log refererLog
	var mu sync.Mutex
	var direct []string
	a := listenOn(t, "127.0.0.1:0", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Via") != proxytest.Via {
			mu.Lock()
			direct = append(direct, r.URL.Path)
			mu.Unlock()
		}
		pictureSite(&log).ServeHTTP(w, r)
	}))
	p := rendered.Pictures{}
	f := own(t, rendered.Config{Timeout: 15 * time.Second, Pictures: &p, Proxy: mustURL(t, proxy.URL)})
	defer f.Close()
	ct := "text/html; charset=utf-8"
	for _, name := range []string{"one", "two"} {
		body := `<!doctype html><link rel=stylesheet href="/` + name + `.css"><p>` + name
		if _, err := f.NoScript(context.Background(), mustURL(t, a.URL+"/"+name+".html"), []byte(body), ct, p); err != nil {
			t.Fatalf("NoScript(%s): %v", name, err)
		}
	}
	got := proxy.Requests()
	for _, want := range []string{"GET " + a.URL + "/one.css", "GET " + a.URL + "/two.css"} {
		if !slices.Contains(got, want) {
			t.Errorf("the proxy never forwarded %s (it forwarded %q)", want, got)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if len(direct) > 0 {
		t.Errorf("the site was asked around the proxy for %q", direct)
	}
}

// TestNoScriptInsecure: with Config.Insecure, a no-script picture's
// stylesheet on a server whose certificate no one vouches for is loaded,
// as a render's is.
func TestNoScriptInsecure(t *testing.T) {
	var log refererLog
	ts := httptest.NewTLSServer(pictureSite(&log))
	defer ts.Close()
	p := rendered.Pictures{}
	f := own(t, rendered.Config{Timeout: 15 * time.Second, Pictures: &p, Insecure: true})
	defer f.Close()
	body := `<!doctype html><link rel=stylesheet href="/s.css"><p>insecure`
	if _, err := f.NoScript(context.Background(), mustURL(t, ts.URL+"/p.html"), []byte(body), "text/html; charset=utf-8", p); err != nil {
		t.Fatalf("NoScript: %v", err)
	}
	if got := log.get("/s.css"); len(got) == 0 {
		t.Error("the stylesheet on the self-signed server was never asked for; want it loaded (--insecure)")
	}
}

// TestNoScriptScrollNotCarried: a long document that scrolls itself
// without a script (scroll-initial-target, scroll snapping) does not leave
// the next document of its origin, put in its place in the same no-script
// tab, scrolled: the next one's picture is the one a navigation to it
// gives, pixel for pixel.
func TestNoScriptScrollNotCarried(t *testing.T) {
	ts := httptest.NewServer(http.NotFoundHandler())
	defer ts.Close()
	p := rendered.Pictures{}
	f := own(t, rendered.Config{Timeout: 15 * time.Second, Pictures: &p})
	defer f.Close()
	ct := "text/html; charset=utf-8"
	stripes := `<!doctype html><style>body{margin:0;height:20000px;background:repeating-linear-gradient(#c00 0 300px,#00c 300px 700px,#0a0 700px 1100px)}</style><p>stripes`
	scrolls := `<!doctype html><style>html{scroll-snap-type:y mandatory}body{margin:0;height:20000px}#t{position:absolute;top:9000px;height:100px;scroll-initial-target:nearest;scroll-snap-align:start}</style><div id=t>here</div>`
	take := func(path, body string) image.Image {
		ns, err := f.NoScript(context.Background(), mustURL(t, ts.URL+path), []byte(body), ct, p)
		if err != nil {
			t.Fatalf("NoScript %s: %v", path, err)
		}
		return decode(t, ns)
	}
	want := take("/stripes.html", stripes) // loaded: the tab's first document
	take("/scrolls.html", scrolls)
	got := take("/stripes.html", stripes)
	if got.Bounds() != want.Bounds() {
		t.Fatalf("the pictures are %v and %v; want the same size", got.Bounds(), want.Bounds())
	}
	d := differing(want, got)
	if d > 0 {
		t.Errorf("%d pixels differ between the page's picture after a scrolled page and after a navigation; want none", d)
	}
}
