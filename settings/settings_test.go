package settings

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/webgraph/webgraph/fetch/rendered"
)

// given is one test's layers: flags (name, value pairs), the environment
// and the settings file's text ("" for none).
type given struct {
	flags []string
	args  []string
	env   map[string]string
	file  string
}

// load runs Load over g in a directory of the test's own, the file
// written there with mode 0600 (as webgraph.toml).
func load(t *testing.T, takes Commands, g given) (*Config, []string, error) {
	t.Helper()
	fl := NewFlags(takes)
	for i := 0; i+1 < len(g.flags); i += 2 {
		if err := flagNamed(t, fl, g.flags[i]).Set(g.flags[i+1]); err != nil {
			t.Fatalf("--%s %s: %v", g.flags[i], g.flags[i+1], err)
		}
	}
	fl.Seeds(g.args)
	path := "" // webgraph.toml here, in the package's directory: none
	if g.file != "" {
		path = filepath.Join(t.TempDir(), "webgraph.toml")
		if err := os.WriteFile(path, []byte(g.file), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return Load(Input{Takes: takes, Flags: fl, Getenv: func(k string) string { return g.env[k] }, File: path,
		ReadSeeds: func(p string) ([]string, error) { return []string{"http://from-seeds-file/"}, nil }})
}

func flagNamed(t *testing.T, fl *Flags, name string) *Flag {
	t.Helper()
	for _, v := range fl.List() {
		if v.Name() == name {
			return v
		}
	}
	t.Fatalf("no flag --%s", name)
	return nil
}

// mustLoad is load for a test that wants no error.
func mustLoad(t *testing.T, takes Commands, g given) *Config {
	t.Helper()
	c, _, err := load(t, takes, g)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// text returns the setting called name as Entries shows it.
func shown(t *testing.T, c *Config, name string) string {
	t.Helper()
	for _, e := range c.Entries(Crawl) {
		if e.Name == name {
			return e.Text
		}
	}
	t.Fatalf("no setting %s", name)
	return ""
}

// TestEveryFieldHasARow: each field of Settings, Invocation and Secrets is
// the value (or the whole value) of exactly one row of the table, so a
// field added without its row, or bound twice, fails here.
func TestEveryFieldHasARow(t *testing.T) {
	var c Config
	bound := map[uintptr][]string{}
	for _, f := range fields() {
		bound[reflect.ValueOf(f.at(&c)).Pointer()] = append(bound[reflect.ValueOf(f.at(&c)).Pointer()], f.name)
		if f.whole != nil {
			p := reflect.ValueOf(f.whole(&c)).Pointer()
			bound[p] = append(bound[p], f.name+" (whole)")
		}
	}
	var walk func(v reflect.Value, path string)
	walk = func(v reflect.Value, path string) {
		for i := range v.NumField() {
			sf, fv := v.Type().Field(i), v.Field(i)
			if sf.Anonymous {
				walk(fv, path+sf.Name+".")
				continue
			}
			if names := bound[fv.Addr().Pointer()]; len(names) != 1 {
				t.Errorf("%s%s is bound by %d rows of the table (%v); want 1", path, sf.Name, len(names), names)
			}
		}
	}
	walk(reflect.ValueOf(&c.Settings).Elem(), "Settings.")
	walk(reflect.ValueOf(&c.Invocation).Elem(), "Invocation.")
	walk(reflect.ValueOf(&c.Secrets).Elem(), "Secrets.")
	names := map[string]bool{}
	for _, f := range fields() {
		if names[f.name] {
			t.Errorf("two rows are named %s", f.name)
		}
		names[f.name] = true
	}
}

// TestPrecedence: for a setting of each kind, the file beats the default,
// the environment beats the file (for the settings it can set), and a flag
// beats them all; each value says where it came from, the file's with its
// line.
func TestPrecedence(t *testing.T) {
	for _, tt := range []struct {
		name           string
		def            string // the default, as Entries shows it
		toml           string // the file's line
		fileWant       string
		env, envWant   string // WEBGRAPH_… value, for the settings the environment sets
		flag, flagWant string
		argsWant       string
		wantArgs       []string
	}{
		{name: "no-robots", def: "false", toml: "no-robots = true", fileWant: "true", flag: "false", flagWant: "false"},
		{name: "chrome-no-sandbox", def: "false", toml: "chrome-no-sandbox = true", fileWant: "true", env: "0", envWant: "false", flag: "true", flagWant: "true"},
		{name: "max-pages", def: "1000", toml: "max-pages = 200", fileWant: "200", flag: "7", flagWant: "7"},
		{name: "max-body", def: "10485760", toml: "max-body = 4_096", fileWant: "4096", flag: "2048", flagWant: "2048"},
		{name: "delay", def: "300ms", toml: `delay = "2s"`, fileWant: "2s", flag: "5ms", flagWant: "5ms"},
		{name: "host-interval", def: "1s", toml: "host-interval = 0", fileWant: "0s", flag: "3s", flagWant: "3s"},
		{name: "contact", def: "", toml: `contact = "file@example.org"`, fileWant: "file@example.org", env: "env@example.org", envWant: "env@example.org", flag: "flag@example.org", flagWant: "flag@example.org"},
		{name: "fail-on", def: "[]", toml: `fail-on = ["missing", "wall"]`, fileWant: "[missing,wall]", flag: "js_shell,download", flagWant: "[js_shell,download]"},
		{name: "include", def: "[]", toml: `include = ["a{1,2}"]`, fileWant: `["a{1,2}"]`, flag: "b{3,4}", flagWant: `["b{3,4}"]`},
		{name: "keep", def: "content", toml: `keep = "none"`, fileWant: "none", flag: "text", flagWant: "text"},
		{name: "block-private", def: "auto", toml: `block-private = "off"`, fileWant: "off", flag: "on", flagWant: "on"},
		{name: "header", def: "[]", toml: `header = ["X-File: f"]`, fileWant: "[X-File: xxxxx]", flag: "X-Flag: g", flagWant: "[X-Flag: xxxxx]"},
		{name: "db", def: "webgraph.db", toml: `db = "postgres://u:filepw@h/d"`, fileWant: "postgres://u:xxxxx@h/d", flag: "flag.db", flagWant: "flag.db"},
		{name: "seeds", def: "[]", toml: `seeds = ["http://file.example/"]`, fileWant: "[http://file.example/]", wantArgs: []string{"http://arg.example/"}, argsWant: "[http://arg.example/]"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := mustLoad(t, Crawl, given{})
			if got, src := shown(t, c, tt.name), c.Source(tt.name); got != tt.def || src.Kind != FromDefault {
				t.Errorf("alone: %s from %s; want the default %s", got, src, tt.def)
			}
			file := "# the site's settings\n\n" + tt.toml + "\n"
			c = mustLoad(t, Crawl, given{file: file})
			if got, src := shown(t, c, tt.name), c.Source(tt.name); got != tt.fileWant || src.Kind != FromFile || src.Line != 3 {
				t.Errorf("with the file: %s from %s; want %s from the file's line 3", got, src, tt.fileWant)
			}
			env := map[string]string{}
			f, _ := lookup(tt.name)
			if tt.env != "" {
				env[f.envVar] = tt.env
				c = mustLoad(t, Crawl, given{file: file, env: env})
				if got, src := shown(t, c, tt.name), c.Source(tt.name); got != tt.envWant || src.Kind != FromEnv || src.Env != f.envVar {
					t.Errorf("with $%s: %s from %s; want %s from the environment", f.envVar, got, src, tt.envWant)
				}
			}
			g := given{file: file, env: env, args: tt.wantArgs}
			if tt.flag != "" {
				g.flags = []string{tt.name, tt.flag}
			}
			c = mustLoad(t, Crawl, g)
			want, kind := tt.flagWant, FromFlag
			if tt.wantArgs != nil {
				want, kind = tt.argsWant, FromArgs
			}
			if got, src := shown(t, c, tt.name), c.Source(tt.name); got != want || src.Kind != kind {
				t.Errorf("with the command line: %s from %s; want %s from it", got, src, want)
			}
		})
	}
}

// A switch the environment sets is on only when its variable is "1" (any
// other value turns it off, and an empty one leaves it to the file).
func TestEnvSwitch(t *testing.T) {
	for env, want := range map[string]string{"1": "true", "true": "false", "0": "false", "": "true"} {
		c := mustLoad(t, Crawl, given{env: map[string]string{"WEBGRAPH_CHROME_NO_SANDBOX": env}, file: "chrome-no-sandbox = true\n"})
		if got := shown(t, c, "chrome-no-sandbox"); got != want {
			t.Errorf("WEBGRAPH_CHROME_NO_SANDBOX=%q over the file's true: %s; want %s", env, got, want)
		}
	}
}

// A list flag given twice adds to the list; a comma-separated one splits
// where the flag says so, and the file's list replaces the default.
func TestListsFromTheCommandLine(t *testing.T) {
	c := mustLoad(t, Crawl, given{flags: []string{"origin", "http://a.test,http://b.test", "origin", "http://c.test", "exclude", "x,y"}})
	if got := c.Settings.Origin; !slices.Equal(got, []string{"http://a.test", "http://b.test", "http://c.test"}) {
		t.Errorf("--origin a,b --origin c = %q", got)
	}
	if got := c.Settings.Exclude; !slices.Equal(got, []string{"x,y"}) {
		t.Errorf("--exclude x,y = %q; want one pattern", got)
	}
}

// Seeds from --seeds-file join the arguments', as one command line's; a
// seeds file named in the file is the file's seeds.
func TestSeedsFile(t *testing.T) {
	c := mustLoad(t, Crawl, given{flags: []string{"seeds-file", "list.txt"}, args: []string{"http://arg.example/"}, file: `seeds = ["http://file.example/"]`})
	if got := c.Settings.Seeds; !slices.Equal(got, []string{"http://arg.example/", "http://from-seeds-file/"}) || c.Source("seeds").Kind != FromArgs {
		t.Errorf("seeds = %q from %s; want the argument's and the seeds file's", got, c.Source("seeds"))
	}
	c = mustLoad(t, Crawl, given{file: "seeds-file = \"list.txt\"\n"})
	if got := c.Settings.Seeds; !slices.Equal(got, []string{"http://from-seeds-file/"}) || c.Source("seeds").Kind != FromFile {
		t.Errorf("seeds = %q from %s; want the seeds file's, from the file", got, c.Source("seeds"))
	}
}

// TestFileErrors: an unknown key (with the nearest setting suggested), a
// table, a value of the wrong type and one a setting does not take are
// each an error naming the file, the line and the key, all of them at
// once; a syntax error names the line and column.
func TestFileErrors(t *testing.T) {
	file := strings.Join([]string{
		`mode = "plain"`,     // 1: fine
		`max_pages = 200`,    // 2: unknown, near max-pages
		`depth = "3"`,        // 3: wrong type
		`keep = "html"`,      // 4: no such value
		`timeout = 1.5`,      // 5: a float for a duration
		`fail-on = ["a", 2]`, // 6: a list holding a number
		`resume = true`,      // 7: not in a file
		`frobnicate = 1`,     // 8: unknown, near nothing
		`site.depth = 2`,     // 9: a dotted key
		`[crawl]`,            // 10: a table
		`depth = 3`,          // 11: the table's: not read
	}, "\n")
	_, _, err := load(t, Crawl, given{file: file})
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{
		"webgraph.toml:2: max_pages: no such setting; did you mean max-pages?",
		"webgraph.toml:3: depth: want a whole number, not a string",
		`webgraph.toml:4: keep: must be content, text or none (got "html")`,
		"webgraph.toml:5: timeout: want a duration as a string",
		"webgraph.toml:6: fail-on: want a list of strings",
		"webgraph.toml:7: resume: is not read from a file: give --resume on the command line",
		"webgraph.toml:8: frobnicate: no such setting\n",
		"webgraph.toml:9: site.depth: no such setting",
		"webgraph.toml:10: crawl: a table",
	} {
		if !strings.Contains(err.Error()+"\n", want) {
			t.Errorf("the errors lack %q:\n%s", want, err)
		}
	}
	if strings.Contains(err.Error(), ":1:") || strings.Contains(err.Error(), ":11:") {
		t.Errorf("a line without a problem is named:\n%s", err)
	}
	var se *Error
	if !errors.As(err, &se) || se.Source.Kind != FromFile {
		t.Errorf("%T is not a *settings.Error from the file", err)
	}

	// A word's parser that quotes the value itself: quoted once.
	_, _, err = load(t, Crawl, given{file: "mode = \"plian\"\n"})
	if err == nil || !strings.HasSuffix(err.Error(), `webgraph.toml:1: mode: union: unknown mode "plian" (union, plain or rendered)`) {
		t.Errorf("a mode of no such name: %v", err)
	}

	_, _, err = load(t, Crawl, given{file: "mode = \"plain\"\ndepth = = 3\n"})
	if err == nil || !strings.Contains(err.Error(), "webgraph.toml:2:") || !strings.Contains(err.Error(), "not TOML") {
		t.Errorf("a syntax error: %v; want it placed at line 2", err)
	}
	_, _, err = load(t, Crawl, given{file: "mode = \"plain\"\nmode = \"union\"\n"})
	if err == nil || !strings.Contains(err.Error(), "webgraph.toml:2:") {
		t.Errorf("a key given twice: %v; want it placed at line 2", err)
	}
	// A setting of another command is left to it: page reads no depth.
	if _, _, err := load(t, Page, given{file: "depth = 3\nmode = \"plain\"\n"}); err != nil {
		t.Errorf("page with a crawl's setting in the file: %v", err)
	}
}

// TestValidateSaysWhere: a value its rule refuses names where it came from:
// a flag's error is the command line's words; a file's names the file, the
// line and the key; a stored crawl's says so.
func TestValidateSaysWhere(t *testing.T) {
	c := mustLoad(t, Crawl, given{args: []string{"http://a.test/"}, flags: []string{"max-pages", "-5"}})
	if err := c.Validate(Crawl); err == nil || err.Error() != "--max-pages must be at least 1, or -1 for no limit (got -5)" {
		t.Errorf("from a flag: %v", err)
	}
	c = mustLoad(t, Crawl, given{args: []string{"http://a.test/"}, file: "\nmax-pages = -5\n"})
	if err := c.Validate(Crawl); err == nil || !strings.HasSuffix(err.Error(), "/webgraph.toml:2: max-pages must be at least 1, or -1 for no limit (got -5)") {
		t.Errorf("from the file: %v", err)
	}
	c = mustLoad(t, Crawl, given{args: []string{"http://a.test/"}, file: "origin = [\"example.org\"]\n"})
	if err := c.Validate(Crawl); err == nil || !strings.Contains(err.Error(), "/webgraph.toml:1: origin: ") || !strings.Contains(err.Error(), "not scheme://host") {
		t.Errorf("a rule whose words do not name the flag, from the file: %v", err)
	}
	c = mustLoad(t, Crawl, given{args: []string{"http://a.test/"}, file: "hash-routes = true\nmode = \"plain\"\n"})
	if err := c.Validate(Crawl); err == nil || !strings.Contains(err.Error(), "/webgraph.toml:1: hash-routes needs the browser") {
		t.Errorf("two settings at odds: %v", err)
	}
	if err := mustLoad(t, Crawl, given{}).Validate(Crawl); err == nil || !strings.Contains(err.Error(), "at least one seed") {
		t.Errorf("no seed: %v", err)
	}
	if err := mustLoad(t, Page, given{}).Validate(Page); err != nil {
		t.Errorf("page needs no seeds setting: %v", err)
	}
	c = mustLoad(t, Crawl, given{args: []string{"http://a.test/"}})
	if err := c.Validate(Crawl); err != nil {
		t.Errorf("the defaults: %v", err)
	}
	// A word's zero value (Settings built by hand) is refused, not taken
	// for a default.
	for name, zero := range map[string]func(*Settings){
		"mode":          func(s *Settings) { s.Mode = "" },
		"viewport":      func(s *Settings) { s.Viewport = rendered.Viewport{} },
		"block-private": func(s *Settings) { s.BlockPrivate = "" },
		"keep":          func(s *Settings) { s.Keep = "" },
		"screenshots":   func(s *Settings) { s.Screenshots = "" },
	} {
		c := mustLoad(t, Crawl, given{args: []string{"http://a.test/"}})
		zero(&c.Settings)
		var se *Error
		if err := c.Validate(Crawl); !errors.As(err, &se) || se.Name != name {
			t.Errorf("%s zero: %v; want an *Error for --%s", name, err, name)
		}
	}
}

// The secrets of every test below: none may be seen anywhere.
var secretWords = []string{"s3cret-hdr", "ck-val-9", "pw-db-7", "pw-px-5", "pw-bl-3"}

const secretFile = `seeds = ["http://a.test/"]
header = ["Authorization: Bearer s3cret-hdr"]
cookie = ["sid=ck-val-9"]
db = "postgres://crawler:pw-db-7@db.example/crawl"
proxy = "http://me:pw-px-5@proxy.example:3128"
baseline = "postgres://crawler:pw-bl-3@db.example/old"
`

func leaks(s string) string {
	for _, w := range secretWords {
		if strings.Contains(s, w) {
			return w
		}
	}
	return ""
}

// TestSecretsNeverEchoed: a file's header, cookie and passwords are taken
// (the commands get them whole) but appear in no entry, no saved record
// and no error, and a file holding them that others can read is warned
// about.
func TestSecretsNeverEchoed(t *testing.T) {
	c, warnings, err := load(t, Crawl, given{file: secretFile})
	if err != nil {
		t.Fatal(err)
	}
	if len(warnings) != 0 {
		t.Errorf("mode 0600, yet warned: %q", warnings)
	}
	if c.DB() != "postgres://crawler:pw-db-7@db.example/crawl" || c.Proxy() != "http://me:pw-px-5@proxy.example:3128" ||
		c.Baseline() != "postgres://crawler:pw-bl-3@db.example/old" || len(c.Secrets.Header) != 1 || len(c.Secrets.Cookie) != 1 {
		t.Errorf("the secrets did not reach the command: db %q proxy %q baseline %q", c.DB(), c.Proxy(), c.Baseline())
	}
	if err := c.Validate(Crawl); err != nil {
		t.Errorf("Validate: %v", err)
	}
	entries, _ := json.Marshal(c.Entries(Crawl))
	if w := leaks(string(entries)); w != "" {
		t.Errorf("the entries show %s: %s", w, entries)
	}
	for _, name := range []string{"header", "cookie", "db", "proxy", "baseline"} {
		if !strings.Contains(shown(t, c, name), "xxxxx") {
			t.Errorf("%s = %q; want it shown redacted", name, shown(t, c, name))
		}
	}
	if rec := Encode(c.Settings); leaks(rec) != "" || !strings.Contains(rec, `"baseline":"postgres://crawler:xxxxx@db.example/old"`) {
		t.Errorf("the saved record: %s", rec)
	}

	// A parser's message quotes no character of the document: here the
	// secret's own "z".
	_, _, err = load(t, Crawl, given{file: "header = [\"Authorization: Bearer s3cret\\z\"]\n"})
	if err == nil || strings.Contains(err.Error(), "'z'") || strings.Contains(err.Error(), "U+007A") || !strings.Contains(err.Error(), ":1:") {
		t.Errorf("a bad escape in a secret: %v; want its line, not its character", err)
	}

	// Wrong values, wrong types and broken syntax on a secret's line.
	for _, file := range []string{
		"header = [\"Bearer s3cret-hdr\"]\n",                     // no name
		"header = [\"Host: s3cret-hdr\"]\n",                      // a name webgraph sets
		"cookie = [\"ck-val-9\"]\n",                              // no name
		"header = \"Authorization: s3cret-hdr\"\n",               // not a list
		"header = [\"Authorization: s3cret-hdr\\q\"]\n",          // a bad escape
		"header = [\"Authorization: s3cret-hdr\"] x\n",           // junk after
		"cookie = [\"sid=ck-val-9\"\n",                           // unclosed
		"proxy = \"ftp://me:pw-px-5@proxy.example\"\n",           // not a proxy
		"header = [\"Authorization: s3cret-hdr\nck-val-9\"]\n",   // a newline in a string
		"cookie = [\"sid=ck-val-9;s3cret-hdr\"]\nmax-page = 2\n", // and an unknown key
	} {
		c, _, err := load(t, Crawl, given{file: "seeds = [\"http://a.test/\"]\n" + file})
		if err == nil {
			err = c.Validate(Crawl)
		}
		if err == nil {
			t.Errorf("%q: no error", file)
			continue
		}
		if w := leaks(err.Error()); w != "" {
			t.Errorf("%q: the error shows %s: %v", file, w, err)
		}
	}
}

// TestModeWarning: a file that holds a secret is warned about when its
// group or others can read it; one without a secret, or private, is not.
func TestModeWarning(t *testing.T) {
	for _, tt := range []struct {
		mode   os.FileMode
		body   string
		warned bool
	}{
		{0o644, secretFile, true},
		{0o640, "header = [\"X-A: b\"]\n", true},
		{0o604, "db = \"postgres://u:p@h/d\"\n", true},
		{0o600, secretFile, false},
		{0o644, "db = \"postgres://u@h/d\"\nmax-pages = 3\n", false},
	} {
		path := filepath.Join(t.TempDir(), "webgraph.toml")
		if err := os.WriteFile(path, []byte(tt.body), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(path, tt.mode); err != nil {
			t.Fatal(err)
		}
		_, warnings, err := Load(Input{Takes: Crawl, File: path, Getenv: func(string) string { return "" }})
		if err != nil {
			t.Fatal(err)
		}
		warned := len(warnings) == 1 && strings.Contains(warnings[0], "chmod 600") && strings.Contains(warnings[0], path)
		if warned != tt.warned || leaks(strings.Join(warnings, " ")) != "" {
			t.Errorf("mode %04o, %q: warnings %q; want warned %v", tt.mode, tt.body, warnings, tt.warned)
		}
	}
}

// record is a crawl's metadata in memory.
type record map[string]string

func (r record) Meta(_ context.Context, key string) (string, error) { return r[key], nil }

// TestResume: a resumed crawl keeps its stored settings and takes on top
// the ones given again (flags, then the environment), each change said;
// the file does not change it (a differing value is said); everything not
// stored comes from this invocation alone, set or not.
func TestResume(t *testing.T) {
	began := mustLoad(t, Crawl, given{args: []string{"http://site.example/"}, flags: []string{"max-pages", "7", "depth", "2", "contact", "me@example.org"}})
	rec := record{MetaKey: Encode(began.Settings)}

	c := mustLoad(t, Crawl, given{flags: []string{"resume", "true", "db", "c.db", "depth", "3", "out", "e.jsonl", "junit", "j.xml", "summary", "s.md",
		"warc", "w.warc", "lease", "90s", "proxy", "http://proxy.example:3128", "header", "X-A: 1", "header", "X-B: 2", "cookie", "k=v"},
		file: "\nmax-pages = 50\nmode = \"plain\"\ntimeout = \"9s\"\nwacz = \"f.wacz\"\n"})
	res, err := c.Resume(context.Background(), rec)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Changes) != 1 || res.Changes[0] != "resumed with --depth 3 (the crawl began with 2)" {
		t.Errorf("changes = %q; want the depth's alone", res.Changes)
	}
	if len(res.Unapplied) != 3 || !strings.Contains(res.Unapplied[0], "/webgraph.toml:2: max-pages = 50 is not applied to the resumed crawl, which stands by its own 7") {
		t.Errorf("unapplied = %q; want the file's max-pages, mode and timeout", res.Unapplied)
	}
	s, inv := c.Settings, c.Invocation
	if s.Depth != 3 || s.MaxPages != 7 || s.Mode != "union" || s.Timeout.String() != "20s" || s.Contact != "me@example.org" ||
		!slices.Equal(s.Seeds, []string{"http://site.example/"}) || c.Source("max-pages").Kind != FromStored {
		t.Errorf("settings = %+v; want the stored ones, --depth 3 on top", s)
	}
	if inv.DB != "c.db" || inv.Out != "e.jsonl" || inv.JUnit != "j.xml" || inv.Summary != "s.md" || inv.WARC != "w.warc" ||
		inv.Lease.String() != "1m30s" || inv.Proxy != "http://proxy.example:3128" || len(c.Secrets.Header) != 2 || len(c.Secrets.Cookie) != 1 {
		t.Errorf("invocation = %+v, secrets %d headers; want this command line's", inv, len(c.Secrets.Header))
	}
	if inv.WACZ != "f.wacz" || c.Source("wacz").Kind != FromFile {
		t.Errorf("wacz = %q from %v; want the file's: a run's own value is the file's on resume too", inv.WACZ, c.Source("wacz"))
	}
	if res.Convert != "" {
		t.Errorf("a settings record is converted: %s", res.Convert)
	}

	// A bare --resume: the stored settings, and the defaults of what is
	// not stored; a changed environment is a change, said.
	c = mustLoad(t, Crawl, given{flags: []string{"resume", "true"}, env: map[string]string{"WEBGRAPH_CONTACT": "ops@example.org"}})
	if res, err = c.Resume(context.Background(), rec); err != nil {
		t.Fatal(err)
	}
	if c.Invocation.Out != "" || len(c.Secrets.Header) != 0 || c.Invocation.Proxy != "" || c.Invocation.DB != "webgraph.db" || c.Settings.Depth != 2 {
		t.Errorf("after a bare --resume: %+v; want the defaults and the stored depth", c.Invocation)
	}
	if c.Settings.Contact != "ops@example.org" || len(res.Changes) != 1 || res.Changes[0] != "resumed with --contact ops@example.org from $WEBGRAPH_CONTACT (the crawl began with me@example.org)" {
		t.Errorf("contact %q, changes %q; want the environment's, said", c.Settings.Contact, res.Changes)
	}

	// Seeds given again must be the crawl's.
	c = mustLoad(t, Crawl, given{flags: []string{"resume", "true"}, args: []string{"http://site.example/"}})
	if _, err := c.Resume(context.Background(), rec); err != nil {
		t.Errorf("the crawl's own seeds given again: %v", err)
	}
	c = mustLoad(t, Crawl, given{flags: []string{"resume", "true"}, args: []string{"http://other.example/"}})
	var se *Error
	if _, err := c.Resume(context.Background(), rec); !errors.As(err, &se) || !strings.Contains(err.Error(), "start a new crawl (another --db) for http://other.example/") {
		t.Errorf("other seeds: %v; want an *Error", err)
	}
	if _, err := mustLoad(t, Crawl, given{}).Resume(context.Background(), record{}); err == nil || !strings.Contains(err.Error(), "does not say how its crawl began") {
		t.Errorf("no record: %v", err)
	}
	if _, err := mustLoad(t, Crawl, given{}).Resume(context.Background(), record{MetaKey: `{"version":2,"depth":1}`}); err == nil || !strings.Contains(err.Error(), "version 2") {
		t.Errorf("a newer record: %v", err)
	}
	if _, err := mustLoad(t, Crawl, given{}).Resume(context.Background(), record{MetaKey: `{"version":1,"header":["X: y"]}`}); err == nil || !strings.Contains(err.Error(), `"header"`) {
		t.Errorf("a record holding a setting that is never saved: %v", err)
	}
}

// TestPreviousReleaseRecord: the previous release's record, its command
// line as storedArgs wrote it ("--name=value", a list's flag once per
// element, then the seeds), is read once: the settings it names, and for
// the others what was then their default (the environment's), saved anew
// as a settings record.
func TestPreviousReleaseRecord(t *testing.T) {
	args, _ := json.Marshal([]string{"--contact=ops@example.org", "--delay=0s", "--exclude=a,b", "--fail-on=missing", "--fail-on=wall",
		"--host-interval=0s", "--insecure=true", "--max-pages=5", "--mode=plain", "--origin=http://b.test", "http://a.test/", "http://a.test/x?p=1&q=2"})
	c := mustLoad(t, Crawl, given{flags: []string{"resume", "true", "max-pages", "9"}, env: map[string]string{"WEBGRAPH_CHROME_NO_SANDBOX": "1"}})
	res, err := c.Resume(context.Background(), record{"args": string(args)})
	if err != nil {
		t.Fatal(err)
	}
	s := c.Settings
	if s.Mode != "plain" || s.MaxPages != 9 || s.Delay != 0 || s.HostInterval != 0 || !s.Insecure || !s.ChromeNoSandbox || s.Contact != "ops@example.org" ||
		!slices.Equal(s.FailOn, []string{"missing", "wall"}) || !slices.Equal(s.Exclude, []string{"a,b"}) || !slices.Equal(s.Origin, []string{"http://b.test"}) ||
		!slices.Equal(s.Seeds, []string{"http://a.test/", "http://a.test/x?p=1&q=2"}) || s.Depth != 5 {
		t.Errorf("settings = %+v", s)
	}
	if len(res.Changes) != 1 || res.Changes[0] != "resumed with --max-pages 9 (the crawl began with 5)" {
		t.Errorf("changes = %q", res.Changes)
	}
	var saved map[string]any
	if err := json.Unmarshal([]byte(res.Convert), &saved); err != nil {
		t.Fatalf("Convert = %q: %v", res.Convert, err)
	}
	if saved["version"] != float64(1) || saved["max-pages"] != float64(5) || saved["mode"] != "plain" || saved["delay"] != "0s" ||
		saved["chrome-no-sandbox"] != true || saved["depth"] != float64(5) || !strings.HasPrefix(res.Convert, `{"version":1,"seeds":["http://a.test/","http://a.test/x?p=1&q=2"]`) {
		t.Errorf("Convert = %s; want the settings the crawl began with", res.Convert)
	}
	// Saved anew, it is read as the crawl began.
	c = mustLoad(t, Crawl, given{flags: []string{"resume", "true"}})
	if again, err := c.Resume(context.Background(), record{MetaKey: res.Convert, "args": "not even JSON"}); err != nil || again.Convert != "" || c.Settings.MaxPages != 5 || !slices.Equal(c.Settings.Exclude, []string{"a,b"}) {
		t.Errorf("the converted record: %v, %+v", err, c.Settings)
	}
	if _, err := mustLoad(t, Crawl, given{}).Resume(context.Background(), record{"args": `["--frobnicate=1"]`}); err == nil || !strings.Contains(err.Error(), "--frobnicate") {
		t.Errorf("a flag this release does not know: %v", err)
	}
}

// TestEncodeRoundTrip: every stored setting, set off its default, comes
// back from the record as it was.
func TestEncodeRoundTrip(t *testing.T) {
	file := `seeds = ["http://a.test/", "http://b.test/"]
mode = "plain"
no-robots = true
contact = "ops@example.org"
chrome = "/usr/bin/chromium"
chrome-no-sandbox = true
browser-url = ["ws://127.0.0.1:9/x"]
timeout = "7s"
max-body = 99
ca-cert = ["ca.pem"]
insecure = true
block-private = "on"
hash-routes = true
viewport = "800x600"
depth = -1
max-pages = -1
time-budget = "1h"
concurrency = 9
host-interval = "2s"
delay = "2s"
origin = ["http://c.test"]
allow-path = ["/docs/"]
include = ["a,b"]
exclude = ["c"]
browser-memory = 800
sitemap-limit = 3
keep = "none"
fail-on = ["missing"]
baseline = "old.db"
check = ["external"]
recheck-after = "-1ns"
screenshots = "findings"
screenshot-width = 800
`
	c := mustLoad(t, Crawl, given{file: file})
	for _, f := range fields() {
		if f.part != Stored {
			continue
		}
		var def Config
		f.reset(&def)
		if f.equal(c, &def) {
			t.Errorf("%s is its default in the test's file: set it off it", f.name)
		}
	}
	rec := Encode(c.Settings)
	l, err := decodeRecord(rec)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fields() {
		if _, saved := l.set[f.name]; saved != (f.part == Stored) {
			t.Errorf("%s: in the record %v; want %v", f.name, saved, f.part == Stored)
		}
	}
	if !reflect.DeepEqual(l.c.Settings, c.Settings) {
		t.Errorf("read back:\n%+v\nwant\n%+v\nrecord %s", l.c.Settings, c.Settings, rec)
	}
}

func TestSuggest(t *testing.T) {
	for key, want := range map[string]string{
		"max_pages": "; did you mean max-pages?", "timout": "; did you mean timeout?", "Depth": "; did you mean depth?",
		"headers": "; did you mean header?", "x": "", "frobnicate": "", "seed": "; did you mean seeds?",
	} {
		if got := suggest(key); got != want {
			t.Errorf("suggest(%q) = %q; want %q", key, got, want)
		}
	}
}

// TestReferenceListsEveryKey: docs/reference.md's "Settings in a file"
// lists exactly the keys the file takes.
func TestReferenceListsEveryKey(t *testing.T) {
	b, err := os.ReadFile("../docs/reference.md")
	if err != nil {
		t.Fatal(err)
	}
	_, sec, ok := strings.Cut(string(b), "\n## Settings in a file\n")
	if !ok {
		t.Fatal(`docs/reference.md has no "## Settings in a file"`)
	}
	if end := strings.Index(sec, "\n## "); end >= 0 {
		sec = sec[:end]
	}
	var listed, want []string
	for _, line := range strings.Split(sec, "\n") {
		if name, ok := strings.CutPrefix(line, "| `"); ok {
			listed = append(listed, name[:strings.Index(name, "`")])
		}
	}
	for _, f := range fields() {
		if f.file {
			want = append(want, f.name)
		}
	}
	if !slices.Equal(listed, want) {
		t.Errorf("docs/reference.md lists the keys\n  %v\nwant, in the table's order,\n  %v", listed, want)
	}
}

// A proxy URL that does not parse (its password holds '#' or '%') is
// still shown without its password.
func TestUnparsedProxyRedacted(t *testing.T) {
	for _, raw := range []string{"http://me:p#ss-9@proxy.example:3128", "http://me:pw%zz-9@proxy.example:3128", "socks5://me:a/b?c-9@h:1"} {
		got := redactURL(raw)
		if strings.Contains(got, "-9") || strings.Contains(got, "me:") {
			t.Errorf("redactURL(%q) = %q: the password shows", raw, got)
		}
	}
	if got := redactURL("http://proxy.example:3128"); got != "http://proxy.example:3128" {
		t.Errorf("a URL with no password is changed: %q", got)
	}
}

// A settings file that is not a regular file, or is larger than any
// settings file, is refused at once: a FIFO would block every command, a
// device never end.
func TestSettingsFileIsARegularFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "webgraph.toml")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big.toml")
	if err := os.WriteFile(big, []byte("# "+strings.Repeat("x", MaxFileBytes)+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{fifo: "not a regular file", dir: "not a regular file", "/dev/zero": "not a regular file", big: "over"} {
		done := make(chan error, 1)
		go func() {
			_, _, err := Load(Input{Takes: Crawl, Flags: NewFlags(Crawl), Getenv: func(string) string { return "" }, File: path})
			done <- err
		}()
		err := <-done // a FIFO opened for reading would block here, for ever
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("--config %s: %v; want an error saying %q", path, err, want)
		}
	}
}
