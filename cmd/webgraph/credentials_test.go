package main

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The operator's --header and --cookie go to the origins the operator
// named, never to one a seed's redirect joined: the joined host's log
// (robots.txt, sitemap, soft-404 probe and every page, both sides) holds
// neither, while the seed's host got them; the seed_redirect event names
// the headers withheld, never their values. Naming the joined origin with
// --origin sends them there too.
func TestCredentialsStayWithNamedOrigins(t *testing.T) {
	const token, cookie = "Bearer s3cret-2718", "sid=tok-3141"
	for _, mode := range []string{"plain", "union"} {
		t.Run(mode, func(t *testing.T) {
			if mode != "plain" {
				needBrowser(t)
			}
			l := newLanding(t, "127.0.0.2")
			out, errOut, code := webgraph(t, "crawl", "--db", filepath.Join(t.TempDir(), "c.db"), "--mode", mode,
				"--host-interval", "0", "--delay", "0", "--header", "Authorization: "+token, "--cookie", cookie, l.seed.URL+"/")
			if code != exitOK {
				t.Fatalf("exit %d\n%s", code, errOut)
			}
			var probed bool
			for _, r := range l.land.requests() {
				probed = probed || strings.HasPrefix(r.path, "/webgraph-soft404-probe-")
				if got := r.header.Get("Authorization") + " " + strings.Join(r.header.Values("Cookie"), "; "); strings.Contains(got, "s3cret") || strings.Contains(got, "tok-3141") {
					t.Errorf("the joined host got the operator's credentials with %s: %q", r.path, got)
				}
			}
			if !probed || !slices.Contains(l.land.paths(), "/inside") {
				t.Errorf("the joined host was not crawled (probe and pages): %v", l.land.paths())
			}
			var seedGot bool
			for _, r := range l.seed.requests() {
				seedGot = seedGot || (r.path != "/robots.txt" && r.header.Get("Authorization") == token && strings.Contains(r.header.Get("Cookie"), cookie))
			}
			if !seedGot {
				t.Errorf("the seed's own host never got the credentials: %v", l.seed.requests())
			}
			joins := eventsNamed(events(t, out), "seed_redirect")
			if len(joins) != 1 {
				t.Fatalf("%d seed_redirect events; want 1\n%s", len(joins), out)
			}
			withheld, _ := json.Marshal(joins[0]["credentials_withheld"])
			if string(withheld) != `["Authorization","Cookie"]` {
				t.Errorf("seed_redirect credentials_withheld = %s; want [\"Authorization\",\"Cookie\"]", withheld)
			}
			if strings.Contains(out, "s3cret") || strings.Contains(out, "tok-3141") {
				t.Errorf("a credential's value is in the events")
			}
			if !strings.Contains(errOut, "Authorization") || !strings.Contains(errOut, "--origin") {
				t.Errorf("stderr does not say which credentials the joined origin will not get:\n%s", errOut)
			}
		})
	}
	t.Run("named with --origin", func(t *testing.T) {
		l := newLanding(t, "127.0.0.2")
		_, errOut, code := webgraph(t, "crawl", "--db", filepath.Join(t.TempDir(), "c.db"), "--mode", "plain",
			"--host-interval", "0", "--delay", "0", "--header", "Authorization: "+token, "--origin", l.land.URL, l.seed.URL+"/")
		if code != exitOK {
			t.Fatalf("exit %d\n%s", code, errOut)
		}
		var got bool
		for _, r := range l.land.requests() {
			got = got || (r.path == "/inside" && r.header.Get("Authorization") == token)
		}
		if !got {
			t.Errorf("the origin named with --origin did not get --header: %v", l.land.requests())
		}
	})
}
