package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/webgraph/webgraph/internal/testkit/sites"
	"github.com/webgraph/webgraph/settings"
	"github.com/webgraph/webgraph/store"
)

// The secrets of the tests below, none of which may be seen in any output.
const (
	e2eToken  = "s3cret-e2e-4711"
	e2eCookie = "ck-e2e-0815"
)

// secretIn returns the secret s holds, or "".
func secretIn(s string) string {
	for _, w := range []string{e2eToken, e2eCookie} {
		if strings.Contains(s, w) {
			return w
		}
	}
	return ""
}

// configRow returns the cells of the row of setting name in config's
// table: its value and where it came from.
func configRow(t *testing.T, table, name string) (value, from string) {
	t.Helper()
	head := regexp.MustCompile(`(?m)^SETTING +VALUE +FROM$`).FindString(table)
	row := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(name) + ` .*$`).FindString(table)
	if head == "" || row == "" {
		t.Fatalf("config's table has no row %s:\n%s", name, table)
	}
	v, f := strings.Index(head, "VALUE"), strings.Index(head, "FROM")
	return strings.TrimSpace(row[v:f]), strings.TrimSpace(row[f:])
}

// TestCrawlDrivenBySettingsFile runs the webgraph binary as a user does, in
// a directory holding webgraph.toml alone: the crawl takes every setting
// from the file (the seeds included), sends the file's credentials, and
// no output shows them (stderr, stdout, the events, JUnit, the summary,
// the WARC, the database's files, config's table and JSON); the file,
// readable by others, is warned about. A resume keeps the crawl's saved
// settings, takes a flag given again (said in the run event), says which
// of the file's values it did not apply, and config shows all of it.
func TestCrawlDrivenBySettingsFile(t *testing.T) {
	t.Parallel()
	bin := filepath.Join(t.TempDir(), "webgraph")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	site := serveHeaders(t, "127.0.0.1", sites.New(sites.Dir("union")).ServeHTTP)
	dir := t.TempDir()
	file := fmt.Sprintf(`# the fixture site's check, run by "webgraph crawl" alone
seeds = ["%s/"]
mode = "plain"
contact = "ops@example.org"
max-pages = 5
host-interval = 0
delay = "0s"
keep = "none"
exclude = ["/members/a,b"]
db = "crawl.db"
out = "events.jsonl"
junit = "junit.xml"
summary = "summary.md"
warc = "crawl.warc"
header = ["Authorization: Bearer %s"]
cookie = ["sid=%s"]
`, site.URL, e2eToken, e2eCookie)
	path := filepath.Join(dir, "webgraph.toml")
	if err := os.WriteFile(path, []byte(file), 0o644); err != nil {
		t.Fatal(err)
	}
	webgraphIn := func(args ...string) (stdout, stderr string, code int) {
		t.Helper()
		cmd := exec.Command(bin, args...)
		cmd.Dir = dir
		cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir}
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		var ee *exec.ExitError
		switch {
		case err == nil:
		case errors.As(err, &ee):
			code = ee.ExitCode()
		default:
			t.Fatalf("webgraph %q: %v", args, err)
		}
		return out.String(), errb.String(), code
	}
	var outputs []string // every output, to search for the secrets at the end
	out, errOut, code := webgraphIn("crawl")
	outputs = append(outputs, out, errOut)
	if code != exitOK {
		t.Fatalf("crawl: exit %d\n%s", code, errOut)
	}
	if !strings.Contains(errOut, "webgraph.toml holds a secret (header, cookie) and others can read it (mode 0644): chmod 600 webgraph.toml") {
		t.Errorf("stderr does not warn of the file's mode:\n%s", errOut)
	}
	if !strings.Contains(errOut, "webgraph: settings read from webgraph.toml") {
		t.Errorf("stderr does not name the settings file read:\n%s", errOut)
	}
	evs := readEvents(t, filepath.Join(dir, "events.jsonl"))
	run := evs[0]
	limits, _ := run["limits"].(map[string]any)
	identity, _ := run["identity"].(map[string]any)
	exclude, _ := json.Marshal(run["exclude"])
	if run["event"] != "run" || run["mode"] != "plain" || limits["max_pages"] != float64(5) || limits["host_interval"] != "0s" ||
		limits["delay"] != "0s" || identity["contact"] != "ops@example.org" || string(exclude) != `["/members/a,b"]` {
		t.Errorf("the run event does not hold the file's settings: %v", run)
	}
	pages := eventsNamed(evs, "page")
	if len(pages) == 0 || len(pages) > 5 {
		t.Errorf("%d page events; want 1 to 5 (max-pages = 5)", len(pages))
	}
	for _, p := range pages {
		if _, has := p["text"]; has {
			t.Errorf("keep = \"none\", but %v has text", p["url"])
		}
	}
	var sent bool
	for _, r := range site.requests() {
		sent = sent || (r.path == "/" && r.header.Get("Authorization") == "Bearer "+e2eToken && r.header.Get("Cookie") == "sid="+e2eCookie)
	}
	if !sent {
		t.Error("the site never got the file's header and cookie")
	}

	firstWARC, err := os.Stat(filepath.Join(dir, "crawl.warc"))
	if err != nil {
		t.Fatalf("the file's warc: %v", err)
	}

	// What the crawl saved: its settings, no secret.
	rec := meta(t, filepath.Join(dir, "crawl.db"), "settings")
	var saved map[string]any
	if err := json.Unmarshal([]byte(rec), &saved); err != nil {
		t.Fatalf("the saved settings %q: %v", rec, err)
	}
	if saved["version"] != float64(1) || saved["mode"] != "plain" || saved["max-pages"] != float64(5) || saved["header"] != nil || saved["db"] != nil {
		t.Errorf("the saved settings: %s", rec)
	}

	// config: the table and the JSON.
	table, errOut, code := webgraphIn("config", "--concurrency", "2")
	outputs = append(outputs, table, errOut)
	if code != exitOK {
		t.Fatalf("config: exit %d\n%s", code, errOut)
	}
	for name, want := range map[string][2]string{
		"seeds": {"[" + site.URL + "/]", "webgraph.toml:2"}, "max-pages": {"5", "webgraph.toml:5"}, "concurrency": {"2", "flag"},
		"depth": {"5", "default"}, "header": {"[Authorization: xxxxx]", "webgraph.toml:15"}, "cookie": {"[sid=xxxxx]", "webgraph.toml:16"},
	} {
		if v, from := configRow(t, table, name); v != want[0] || from != want[1] {
			t.Errorf("config's %s row: %q from %q; want %q from %q", name, v, from, want[0], want[1])
		}
	}
	js, errOut, code := webgraphIn("config", "--json")
	outputs = append(outputs, js, errOut)
	var doc struct {
		File     string
		Settings []struct {
			Name, Source, File, Part string
			Line                     int
			Value                    any
		}
	}
	if err := json.Unmarshal([]byte(js), &doc); code != exitOK || err != nil || doc.File != "webgraph.toml" || len(doc.Settings) < 40 {
		t.Fatalf("config --json: exit %d, %v, %.300s", code, err, js)
	}
	for _, s := range doc.Settings {
		if s.Name == "max-pages" && (s.Source != "file" || s.Line != 5 || s.Value != float64(5) || s.Part != "stored") {
			t.Errorf("config --json's max-pages: %+v", s)
		}
		if s.Name == "header" && (s.Source != "file" || s.Part != "secret") {
			t.Errorf("config --json's header: %+v", s)
		}
	}

	// A resume: the saved settings stand; a flag given again wins, said in
	// the run event; a differing file value is said and not applied.
	changed := strings.Replace(file, `delay = "0s"`, `delay = "1ms"`, 1)
	if err := os.WriteFile(path, []byte(changed), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o600); err != nil { // the file is there: WriteFile kept its mode
		t.Fatal(err)
	}
	out, errOut, code = webgraphIn("crawl", "--resume", "--max-pages", "8")
	outputs = append(outputs, out, errOut)
	if code != exitOK {
		t.Fatalf("resume: exit %d\n%s", code, errOut)
	}
	if !strings.Contains(errOut, `webgraph.toml:7: delay = 1ms is not applied to the resumed crawl, which stands by its own 0s (give --delay to change it)`) {
		t.Errorf("stderr does not say the file's delay was not applied:\n%s", errOut)
	}
	if strings.Contains(errOut, "others can read it") {
		t.Errorf("a private file is warned about:\n%s", errOut)
	}
	evs = readEvents(t, filepath.Join(dir, "events.jsonl"))
	runs := eventsNamed(evs, "run")
	if len(runs) != 2 || runs[1]["resumed"] != true {
		t.Fatalf("%d run events; want the resumed run's appended", len(runs))
	}
	warnings, _ := json.Marshal(runs[1]["warnings"])
	limits, _ = runs[1]["limits"].(map[string]any)
	if !strings.Contains(string(warnings), "resumed with --max-pages 8 (the crawl began with 5)") || limits["delay"] != "0s" || limits["max_pages"] != float64(8) {
		t.Errorf("the resumed run: warnings %s, limits %v", warnings, limits)
	}
	if resumedWARC, err := os.Stat(filepath.Join(dir, "crawl.warc")); err != nil || resumedWARC.Size() <= firstWARC.Size() {
		t.Errorf("the resumed crawl did not add to the file's warc (%d bytes before): %v", firstWARC.Size(), err)
	}
	table, errOut, code = webgraphIn("config", "--resume", "--max-pages", "8")
	outputs = append(outputs, table, errOut)
	if v, from := configRow(t, table, "delay"); code != exitOK || v != "0s" || from != "stored crawl" {
		t.Errorf("config --resume's delay row: %q from %q (exit %d); want the stored crawl's 0s", v, from, code)
	}
	if !strings.Contains(table, "note: resumed with --max-pages 8 (the crawl began with 5)") || !strings.Contains(errOut, "delay = 1ms is not applied") {
		t.Errorf("config --resume does not say what changes and what is not applied:\n%s\n%s", table, errOut)
	}

	// No secret anywhere.
	for _, name := range []string{"events.jsonl", "junit.xml", "summary.md", "crawl.warc", "crawl.db", "crawl.db-wal", "crawl.db-shm"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		if strings.HasSuffix(name, ".warc") {
			if b = gunzip(t, b); !bytes.Contains(b, []byte("WARC/1.1")) || !bytes.Contains(b, []byte(site.URL)) {
				t.Errorf("the WARC holds no record of the site: the search for secrets in it proves nothing")
			}
		}
		outputs = append(outputs, string(b))
		if w := secretIn(string(b)); w != "" {
			t.Errorf("%s holds %s", name, w)
		}
	}
	for i, o := range outputs {
		if w := secretIn(o); w != "" {
			t.Errorf("output %d shows %s:\n%.500s", i, w, o)
		}
	}
}

func readEvents(t *testing.T, path string) []map[string]any {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return events(t, string(b))
}

// meta reads a key of a crawl database's meta table.
func meta(t *testing.T, db, key string) string {
	t.Helper()
	st, err := store.Open(context.Background(), db, store.Read)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	v, err := st.Meta(context.Background(), key)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// gunzip reads every gzip member of b (a WARC writes one a record).
func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("the WARC is not gzip: %v", err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestResumePreviousReleaseDatabases: a crawl the previous release began
// (testdata/previous-release.db, written by that release's binary; its
// settings saved as its command line) resumes with those settings, a flag
// given again winning, and is saved anew as a settings record, which the
// next resume reads instead; store/testdata/v1.db and v2.db, which earlier
// releases wrote, resume too.
func TestResumePreviousReleaseDatabases(t *testing.T) {
	t.Parallel()
	// The previous release wrote it with
	//   webgraph crawl --db previous.db --mode plain --depth 1 --max-pages 40 --time-budget 10m
	//     --concurrency 2 --delay 0s --host-interval 0s --keep none --exclude '/members/(a|b),c'
	//     --origin http://127.0.0.3:1,http://127.0.0.4:1 --allow-path / --include '^http://127\.0\.0\.1'
	//     --fail-on wall,login_redirect --check fragments --recheck-after 1h --block-private off
	//     --timeout 7s --max-body 2000000 --sitemap-limit 100 --contact ops@example.org
	//     --viewport 800x600 --insecure --header 'X-Token: prevsecret' http://127.0.0.1:44357/
	// on the union site, to its end (nothing is left in its queue, so the
	// site, long gone, is not asked again).
	db := copyFile(t, filepath.Join("testdata", "previous-release.db"))
	if rec := meta(t, db, "settings"); rec != "" {
		t.Fatalf("the previous release's file already holds a settings record: %s", rec)
	}
	eventsFile := filepath.Join(t.TempDir(), "e.jsonl")
	_, errOut, code := webgraph(t, "crawl", "--resume", "--db", db, "--out", eventsFile, "--max-pages", "50")
	if code != exitOK {
		t.Fatalf("resume: exit %d\n%s", code, errOut)
	}
	run := readEvents(t, eventsFile)[0]
	limits, _ := run["limits"].(map[string]any)
	got, _ := json.Marshal(map[string]any{"mode": run["mode"], "resumed": run["resumed"], "limits": limits, "exclude": run["exclude"],
		"include": run["include"], "origins": run["origins"], "allow_paths": run["allow_paths"], "tls": run["tls"], "retains": run["retains"],
		"contact": run["identity"].(map[string]any)["contact"], "warnings": run["warnings"]})
	want := `{"allow_paths":["/"],"contact":"ops@example.org","exclude":["/members/(a|b),c"],"include":["^http://127\\.0\\.0\\.1"],` +
		`"limits":{"concurrency":2,"delay":"0s","depth":1,"host_interval":"0s","max_body":2000000,"max_pages":50,"max_retries":3,"sitemap_limit":100,"time_budget":"10m0s"},` +
		`"mode":"plain","origins":["http://127.0.0.1:44357","http://127.0.0.3:1","http://127.0.0.4:1"],"resumed":true,` +
		`"retains":["links","citations","outcomes","word counts"],"tls":"OFF (--insecure)",` +
		`"warnings":["resumed with --max-pages 50 (the crawl began with 40)","` + insecureWarning + `"]}`
	if string(got) != want {
		t.Errorf("the resumed run:\n got %s\nwant %s", got, want)
	}
	// Saved anew: what the crawl began with (--max-pages 40, not this
	// run's 50), every setting, defaults for those it did not give.
	wantRec := `{"version":1,"seeds":["http://127.0.0.1:44357/"],"mode":"plain","no-robots":false,"contact":"ops@example.org","chrome":"",` +
		`"chrome-no-sandbox":false,"browser-url":[],"timeout":"7s","max-body":2000000,"ca-cert":[],"insecure":true,"viewport":"800x600",` +
		`"block-private":"off","hash-routes":false,"depth":1,"max-pages":40,"time-budget":"10m0s","concurrency":2,"host-interval":"0s",` +
		`"delay":"0s","origin":["http://127.0.0.3:1","http://127.0.0.4:1"],"allow-path":["/"],"include":["^http://127\\.0\\.0\\.1"],` +
		`"exclude":["/members/(a|b),c"],"browser-memory":0,"sitemap-limit":100,"keep":"none","fail-on":["wall","login_redirect"],"baseline":"","check":["fragments"],` +
		`"recheck-after":"1h0m0s","screenshots":"none","screenshot-width":1280}`
	if rec := meta(t, db, "settings"); rec != wantRec {
		t.Errorf("the settings saved anew:\n got %s\nwant %s", rec, wantRec)
	}

	// The next resume reads the new record: the old one is not read again.
	st, err := store.Open(context.Background(), db, store.Resume)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.SetMeta(context.Background(), "args", `["--frobnicate=1"]`); err != nil {
		t.Fatal(err)
	}
	st.Close()
	_, errOut, code = webgraph(t, "crawl", "--resume", "--db", db, "--out", eventsFile, "--max-pages", "60")
	if code != exitOK {
		t.Fatalf("second resume: exit %d\n%s", code, errOut)
	}
	runs := eventsNamed(readEvents(t, eventsFile), "run")
	warnings, _ := json.Marshal(runs[len(runs)-1]["warnings"])
	if len(runs) != 2 || !strings.Contains(string(warnings), "resumed with --max-pages 60 (the crawl began with 40)") {
		t.Errorf("second resume: %d runs, warnings %s", len(runs), warnings)
	}

	// Earlier releases' own files: their saved command lines are
	// ["--delay=0s","--host-interval=0s","--mode=plain","http://127.0.0.1:33431/"] (v1) and
	// ["--delay=0s","--host-interval=0s","--no-robots=false","http://127.0.0.1:37463/"] (v2),
	// sites long gone (nothing is left in their queues).
	for _, tc := range []struct{ file, mode, seed string }{
		{"v1.db", "plain", "http://127.0.0.1:33431/"},
		{"v2.db", "union", "http://127.0.0.1:37463/"},
	} {
		db := copyFile(t, filepath.Join("..", "..", "store", "testdata", tc.file))
		out, errOut, code := webgraph(t, "crawl", "--resume", "--db", db)
		if code != exitOK {
			t.Fatalf("resume of %s: exit %d\n%s", tc.file, code, errOut)
		}
		run := events(t, out)[0]
		limits, _ := run["limits"].(map[string]any)
		if run["mode"] != tc.mode || limits["delay"] != "0s" || limits["host_interval"] != "0s" || run["resumed"] != true || run["robots"] != "obeyed" {
			t.Errorf("%s's resumed run: %v", tc.file, run)
		}
		if rec := meta(t, db, "settings"); !strings.HasPrefix(rec, `{"version":1,"seeds":["`+tc.seed+`"],"mode":"`+tc.mode+`","no-robots":false,`) {
			t.Errorf("%s's settings saved anew: %s", tc.file, rec)
		}
	}
}

// copyFile copies the file at path into a temporary directory, under its
// own name, and returns the copy's path.
func copyFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(t.TempDir(), filepath.Base(path))
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return dst
}

// TestSettingsFileMistakes: a settings file's mistakes stop crawl before
// its database is made (exit 2), each named by file, line and key, the
// nearest setting suggested; a secret's value is never in the error.
func TestSettingsFileMistakes(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cfg := filepath.Join(dir, "site.toml")
	if err := os.WriteFile(cfg, []byte("mode = \"plain\"\nmax_pages = 3\nheader = \"Authorization: "+e2eToken+"\"\ndepth = \"two\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "c.db")
	_, errOut, code := webgraph(t, "crawl", "--config", cfg, "--db", db, "http://127.0.0.1:1/")
	if code != exitUsage {
		t.Fatalf("exit %d; want %d\n%s", code, exitUsage, errOut)
	}
	for _, want := range []string{cfg + ":2: max_pages: no such setting; did you mean max-pages?", cfg + ":3: header: want a list of strings", cfg + ":4: depth: want a whole number, not a string", "Run 'webgraph crawl --help'"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	if w := secretIn(errOut); w != "" {
		t.Errorf("stderr shows %s", w)
	}
	if _, err := os.Stat(db); !os.IsNotExist(err) {
		t.Errorf("the database was made: %v", err)
	}
	// A value a setting's rule refuses, from the file.
	if err := os.WriteFile(cfg, []byte("\nconcurrency = 0\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, errOut, code = webgraph(t, "crawl", "--config", cfg, "--db", db, "http://127.0.0.1:1/")
	if code != exitUsage || !strings.Contains(errOut, cfg+":2: concurrency must be at least 1 (got 0)") {
		t.Errorf("concurrency = 0: exit %d\n%s", code, errOut)
	}
	// config prints the table, then says what a crawl would refuse.
	out, errOut, code := webgraph(t, "config", "--config", cfg, "http://127.0.0.1:1/")
	if v, from := configRow(t, out, "concurrency"); code != exitUsage || v != "0" || !strings.HasSuffix(from, "site.toml:2") || !strings.Contains(errOut, "concurrency must be at least 1") {
		t.Errorf("config of a refused value: exit %d, row %q from %q\n%s", code, v, from, errOut)
	}
	if _, errOut, code := webgraph(t, "crawl", "--config", filepath.Join(dir, "missing.toml"), "http://127.0.0.1:1/"); code != exitUsage || !strings.Contains(errOut, "--config") {
		t.Errorf("a --config that is not there: exit %d\n%s", code, errOut)
	}
}

// TestPageReadsTheFetchSettings: page takes the fetch settings from the
// file (mode here) and leaves the crawl's alone; a flag wins over the
// file. compare takes them too, but for mode: it fetches both sides.
func TestPageReadsTheFetchSettings(t *testing.T) {
	t.Parallel()
	ts, _ := sites.Serve(t, "union")
	cfg := filepath.Join(t.TempDir(), "webgraph.toml")
	if err := os.WriteFile(cfg, []byte("mode = \"plain\"\nmax-pages = 3\ndepth = 1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := webgraph(t, "page", "--config", cfg, ts.URL+"/app.html")
	if code != exitRefused {
		t.Fatalf("exit %d; want %d (plain mode refuses the app shell)\n%s", code, exitRefused, errOut)
	}
	if ev := decodePage(t, out); ev.Cause != "js_shell" || ev.Sides["rendered"].Words != 0 {
		t.Errorf("page with mode = \"plain\" from the file: cause %q, sides %v", ev.Cause, ev.Sides)
	}
	out, _, code = webgraph(t, "page", "--config", cfg, "--mode", "plain", "--keep", "none", ts.URL+"/")
	if ev := decodePage(t, out); code != exitOK || ev.Text != nil {
		t.Errorf("page of the home page: exit %d, text %v", code, ev.Text != nil)
	}
	_, errOut, code = webgraph(t, "compare", "--config", cfg, "--mode", "plain", ts.URL+"/")
	if code != exitUsage || !strings.Contains(errOut, "compare always fetches both sides") {
		t.Errorf("compare --mode plain: exit %d\n%s", code, errOut)
	}
	// The file's mode is a crawl's: compare fetches both sides all the same.
	needBrowser(t)
	out, errOut, code = webgraph(t, "compare", "--config", cfg, ts.URL+"/app.html")
	if code != exitOK || !strings.Contains(out, "rendered: HTTP 200") || !strings.Contains(out, "plain:    HTTP 200") {
		t.Errorf("compare with mode = \"plain\" in the file: exit %d\n%s\n%s", code, out, errOut)
	}
}

// TestConfigEnvironment: config says a value came from the environment,
// which wins over the file and loses to a flag.
func TestConfigEnvironment(t *testing.T) {
	t.Setenv("WEBGRAPH_CONTACT", "env@example.org")
	t.Setenv("WEBGRAPH_CHROME_NO_SANDBOX", "1")
	cfg := filepath.Join(t.TempDir(), "webgraph.toml")
	if err := os.WriteFile(cfg, []byte("contact = \"file@example.org\"\nchrome-no-sandbox = false\nmode = \"plain\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := webgraph(t, "config", "--config", cfg, "--mode", "rendered", "http://a.test/")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	for name, want := range map[string][2]string{
		"contact": {"env@example.org", "$WEBGRAPH_CONTACT"}, "chrome-no-sandbox": {"true", "$WEBGRAPH_CHROME_NO_SANDBOX"},
		"mode": {"rendered", "flag"}, "seeds": {"[http://a.test/]", "arguments"},
	} {
		if v, from := configRow(t, out, name); v != want[0] || from != want[1] {
			t.Errorf("%s: %q from %q; want %q from %q", name, v, from, want[0], want[1])
		}
	}
	var doc struct{ Settings []map[string]any }
	js, _, _ := webgraph(t, "config", "--config", cfg, "--json", "http://a.test/")
	if err := json.Unmarshal([]byte(js), &doc); err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(doc.Settings, func(m map[string]any) bool { return m["name"] == "contact" })
	if i < 0 || doc.Settings[i]["source"] != "env" || doc.Settings[i]["env"] != "WEBGRAPH_CONTACT" {
		t.Errorf("config --json's contact: %v", doc.Settings)
	}
}

// TestBuildCrawlLeavesSettings: buildCrawl reads the settings and changes
// none of them, for a new crawl and a resumed one: every setting's value
// and source, and the three values whole, are as they were before.
func TestBuildCrawlLeavesSettings(t *testing.T) {
	t.Parallel()
	ts, _ := sites.Serve(t, "union")
	dir := t.TempDir()
	args := []string{"--config", os.DevNull, "--db", filepath.Join(dir, "c.db"), "--mode", "plain", "--depth", "2", "--max-pages", "3",
		"--delay", "0s", "--host-interval", "0s", "--keep", "none", "--origin", "http://127.0.0.3:1,http://127.0.0.4:1",
		"--exclude", "/z", "--exclude", "/a", "--include", "^http", "--fail-on", "wall,login_redirect", "--check", "fragments",
		"--header", "X-Token: " + e2eToken, "--cookie", "sid=" + e2eCookie, "--warc", filepath.Join(dir, "c.warc"),
		"--junit", filepath.Join(dir, "j.xml"), "--out", filepath.Join(dir, "e.jsonl"), ts.URL + "/"}
	snapshot := func(cfg *settings.Config) string {
		b, err := json.Marshal(struct {
			Entries    []settings.Entry
			Settings   settings.Settings
			Invocation settings.Invocation
			Secrets    settings.Secrets
		}{cfg.Entries(settings.Crawl), cfg.Settings, cfg.Invocation, cfg.Secrets})
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	build := func(args []string) {
		t.Helper()
		cfg, err := loadCrawl(args, strings.NewReader(""), io.Discard, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		var opened closers
		defer opened.close()
		ctx := context.Background()
		st, changes, err := resumeCrawl(ctx, cfg, io.Discard, &opened)
		if err != nil {
			t.Fatal(err)
		}
		before := snapshot(cfg)
		if _, err := buildCrawl(ctx, ctx, cfg, st, changes, io.Discard, io.Discard, &opened); err != nil {
			t.Fatal(err)
		}
		if after := snapshot(cfg); after != before {
			t.Errorf("buildCrawl changed the settings of %q:\nbefore %s\nafter  %s", args, before, after)
		}
	}
	build(args)
	// The crawl begun, its settings in its database: resumed with a flag.
	if _, errOut, code := webgraph(t, append([]string{"crawl", "--resume", "--config", os.DevNull}, args[2:4]...)...); code != exitOK {
		t.Fatalf("the crawl: exit %d\n%s", code, errOut)
	}
	build([]string{"--config", os.DevNull, "--resume", "--db", filepath.Join(dir, "c.db"), "--depth", "1", "--header", "X-Token: " + e2eToken})
}
