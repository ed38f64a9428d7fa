package main

import (
	"database/sql"
	"encoding/json"
	"errors"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// A terminal's Ctrl-C goes to the whole foreground process group. Sent to a
// rendered crawl's group, it must reach webgraph alone: the browser keeps
// rendering the pages in flight, the crawl exits 130, and after --resume no
// page is recorded without its rendered side.
func TestInterruptProcessGroupThenResume(t *testing.T) {
	needBrowser(t)
	bin := filepath.Join(t.TempDir(), "webgraph")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	const n = 40
	site := &accessLog{h: sites.Generated(n, true), n: map[string]int{}}
	ts := httptest.NewServer(site)
	defer ts.Close()
	db := filepath.Join(t.TempDir(), "c.db")
	events := filepath.Join(t.TempDir(), "events.jsonl")
	cmd := exec.Command(bin, "crawl", "--db", db, "--out", events, "--mode", "union", "--concurrency", "2",
		"--host-interval", "0", "--delay", "0", "--depth", "6", ts.URL+"/")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // a group of its own, as a shell gives a job
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	// Interrupt once a few pages have been asked for, so renders are in flight.
	select {
	case <-site.reached(6):
	case err := <-exited:
		t.Fatalf("the crawl ended (%v) before it had asked for 6 pages\n%s", err, stderr.String())
	case <-nearDeadline(t):
		cmd.Process.Kill()
		<-exited
		t.Fatalf("the crawl never got going\n%s", stderr.String())
	}
	if err := syscall.Kill(-cmd.Process.Pid, syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	var err error
	select {
	case err = <-exited:
	case <-nearDeadline(t):
		cmd.Process.Kill()
		<-exited
		t.Fatalf("the interrupted crawl did not exit\n%s", stderr.String())
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != exitInterrupted {
		t.Fatalf("interrupted crawl: %v; want exit %d\n%s", err, exitInterrupted, stderr.String())
	}

	resume := exec.Command(bin, "crawl", "--resume", "--db", db, "--out", events)
	if out, err := resume.CombinedOutput(); err != nil {
		t.Fatalf("resume: %v\n%s", err, out)
	}
	rows := storedSides(t, db)
	if len(rows) != n {
		t.Errorf("%d pages recorded after resume; want %d", len(rows), n)
	}
	for u, rendered := range rows {
		if rendered != "" {
			t.Errorf("%s was recorded with its rendered side failed: %s", u, rendered)
		}
	}
}

// storedSides maps each recorded page to its rendered side's error ("" when
// it rendered; "missing" when it has no rendered side).
func storedSides(t *testing.T, path string) map[string]string {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query(`SELECT u.url, p.event FROM pages p JOIN urls u ON u.id = p.url_id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var u, event string
		if err := rows.Scan(&u, &event); err != nil {
			t.Fatal(err)
		}
		var ev struct {
			Sides map[string]struct {
				Error string `json:"error"`
			} `json:"sides"`
		}
		if err := json.Unmarshal([]byte(event), &ev); err != nil {
			t.Fatal(err)
		}
		r, ok := ev.Sides["rendered"]
		switch {
		case !ok:
			out[u] = "missing"
		default:
			out[u] = r.Error
		}
	}
	return out
}
