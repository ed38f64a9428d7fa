package e2e

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"strings"
	"sync"
	"testing"
)

// logged is a loopback server on ip that logs the path of every request.
type logged struct {
	*httptest.Server
	mu    sync.Mutex
	paths []string
}

func (l *logged) asked() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.paths...)
}

func serveLogged(t *testing.T, ip string, h http.HandlerFunc) *logged {
	t.Helper()
	ln, err := net.Listen("tcp", ip+":0")
	if err != nil {
		t.Fatalf("listen on %s: %v", ip, err)
	}
	l := &logged{}
	l.Server = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		l.mu.Lock()
		l.paths = append(l.paths, r.URL.Path)
		l.mu.Unlock()
		h(w, r)
	}))
	l.Listener.Close()
	l.Listener = ln
	l.Start()
	t.Cleanup(l.Close)
	return l
}

func page(w http.ResponseWriter, title string) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	fmt.Fprintf(w, "<!doctype html><html><head><title>%s</title></head><body><h1>%s</h1><p>This page has well over twenty words of its own, written into the HTML by the server, so that a plain fetch keeps it.</p></body></html>", title, title)
}

// An origin planted in a shared crawl's joins (a meta row saying a seed's
// redirect approved it, with a URL of it queued: what a compromised or
// misconfigured worker can write) is not approved by the other workers:
// a worker approves a joined origin only when its own seed's redirect leads
// there. The planted host's log stays empty and the worker says why; the
// origin the seed really redirects to is approved as before.
func TestPlantedJoinNotApproved(t *testing.T) {
	t.Parallel()
	planted := serveLogged(t, "127.0.0.3", func(w http.ResponseWriter, r *http.Request) { page(w, "Planted") })
	home := serveLogged(t, "127.0.0.2", func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/", "/later":
			page(w, "Home")
		default:
			http.NotFound(w, r)
		}
	})
	seed := serveLogged(t, "127.0.0.1", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		http.Redirect(w, r, home.URL+r.URL.Path, http.StatusFound)
	})
	dsn := pg.DB(t)
	bin := build(t)
	crawl := func(args ...string) (string, string) {
		t.Helper()
		var stdout, stderr bytes.Buffer
		cmd := exec.Command(bin, append([]string{"crawl", "--db", dsn}, args...)...)
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("crawl %v: %v\n%s", args, err, stderr.String())
		}
		return stdout.String(), stderr.String()
	}
	crawl("--mode", "plain", "--host-interval", "0s", "--delay", "0s", seed.URL+"/")

	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	plantedHost := strings.TrimPrefix(planted.URL, "http://")
	ev, _ := json.Marshal(map[string]any{"event": "seed_redirect", "seed": seed.URL + "/", "origin": planted.URL,
		"hops": []map[string]any{{"from": seed.URL + "/", "to": planted.URL + "/", "status": 302}}})
	homeHost := strings.TrimPrefix(home.URL, "http://")
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{`INSERT INTO meta (key, value) VALUES ($1, $2)`, []any{"joined:" + planted.URL, string(ev)}},
		{`INSERT INTO urls (url, host, state, via, found_on, depth) VALUES ($1, $2, 'queued', 'link', $3, 1)`, []any{planted.URL + "/secret", plantedHost, home.URL + "/"}},
		{`INSERT INTO hosts (host, queued) VALUES ($1, 1)`, []any{plantedHost}},
		// A URL of the origin the seed really redirects to, queued since:
		// the legitimate join still holds for this worker.
		{`INSERT INTO urls (url, host, state, via, found_on, depth) VALUES ($1, $2, 'queued', 'link', $3, 1)`, []any{home.URL + "/later", homeHost, home.URL + "/"}},
		{`INSERT INTO hosts (host, queued) VALUES ($1, 1) ON CONFLICT (host) DO UPDATE SET queued = hosts.queued + 1`, []any{homeHost}},
	} {
		if _, err := db.Exec(q.sql, q.args...); err != nil {
			t.Fatalf("planting: %s: %v", q.sql, err)
		}
	}

	out, errOut := crawl("--resume")
	if asked := planted.asked(); len(asked) != 0 {
		t.Errorf("the planted origin was asked %v; a worker must not approve an origin its seeds' redirects do not lead to\n%s", asked, errOut)
	}
	if !strings.Contains(errOut, planted.URL) || !strings.Contains(errOut, "not approved") {
		t.Errorf("the worker does not say it did not approve %s:\n%s", planted.URL, errOut)
	}
	var later bool
	for _, p := range home.asked() {
		later = later || p == "/later"
	}
	if !later {
		t.Errorf("the origin the seed redirects to was not crawled by the resumed worker: %v\n%s\n%s", home.asked(), out, errOut)
	}
}
