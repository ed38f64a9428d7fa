package settings

import (
	"errors"
	"fmt"
	"net/http"
	"net/textproto"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/webgraph/webgraph/ci"
	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/crawldiff"
	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/policy"
)

// Error is a setting whose value is refused: by its rule (Validate), or
// because webgraph.toml gave it a value of the wrong type or none it
// takes. It says where the value came from: a flag's error names the flag,
// as a usage error does; a file's names the file, the line and the key. It
// never quotes a secret's value.
type Error struct {
	Name   string // the setting
	Source Source // where its value came from
	Err    error  // what is wrong, written for the command line ("--name …")
}

func (e *Error) Error() string {
	msg := e.Err.Error()
	flag := "--" + e.Name
	switch e.Source.Kind {
	case FromFile:
		if rest, ok := strings.CutPrefix(msg, flag); ok {
			msg = e.Name + rest // the file's key, not the flag
		} else {
			msg = e.Name + ": " + msg
		}
		return e.Source.String() + ": " + msg
	case FromEnv:
		return "$" + e.Source.Env + ": " + msg
	case FromStored:
		return "the crawl's stored settings: " + msg
	}
	return msg
}

func (e *Error) Unwrap() error { return e.Err }

// Validate checks the settings the commands in takes read, each by its
// rule, in the table's order; a word (a mode, a viewport, …) must be one
// its parser reads, so the zero value of one is refused. It reads no file
// and changes nothing; the first value refused is an *Error naming where
// it came from.
func (c *Config) Validate(takes Commands) error {
	for _, f := range fields() {
		if f.takes&takes == 0 {
			continue
		}
		if f.kind == wordKind {
			if _, err := f.parse(f.text(c)); err != nil {
				return &Error{Name: f.name, Source: c.from[f.name], Err: fmt.Errorf("--%s %q: %w", f.name, f.text(c), err)}
			}
		}
		if f.check == nil {
			continue
		}
		if err := f.check(c); err != nil {
			return &Error{Name: f.name, Source: c.from[f.name], Err: err}
		}
	}
	return nil
}

func checkSeeds(c *Config) error {
	if len(c.Settings.Seeds) == 0 {
		return errors.New("crawl takes at least one seed URL (as arguments, in --seeds-file, or as seeds in webgraph.toml)")
	}
	for _, s := range c.Settings.Seeds {
		if _, err := policy.ParseSeed(s); err != nil {
			return err
		}
	}
	return nil
}

func positive(name string) func(*Config) error {
	return func(c *Config) error {
		if *(fieldOf(name).at(c).(*time.Duration)) <= 0 {
			return fmt.Errorf("--%s must be positive", name)
		}
		return nil
	}
}

// fieldOf returns the row named name, which the table holds.
func fieldOf(name string) field {
	f, ok := lookup(name)
	if !ok {
		panic("settings: no setting " + name)
	}
	return f
}

func checkMaxBody(c *Config) error {
	if c.Settings.MaxBody <= 0 {
		return errors.New("--max-body must be positive")
	}
	return nil
}

func checkBrowserMemory(c *Config) error {
	switch {
	case c.Settings.BrowserMemoryMB < 0:
		return fmt.Errorf("--browser-memory must be 0 (no limit) or a number of megabytes, not %d", c.Settings.BrowserMemoryMB)
	case c.Settings.BrowserMemoryMB > 0 && len(c.Settings.BrowserURL) > 0:
		return errors.New("--browser-memory recycles a browser webgraph starts; one given by --browser-url is not webgraph's to stop")
	case c.Settings.BrowserMemoryMB > 0 && c.Settings.Mode == union.ModePlain:
		return errors.New("--browser-memory limits the browser, which --mode plain does not start")
	}
	return nil
}

func checkHashRoutes(c *Config) error {
	if c.Settings.HashRoutes && c.Settings.Mode == union.ModePlain {
		return errors.New("--hash-routes needs the browser: a server never sees a #fragment, so --mode plain cannot fetch a hash route")
	}
	return nil
}

// The limit rules. A value a rule refuses is a usage error: webgraph never
// turns a zero or a negative number silently into a default.

// checkDepth accepts 0 (the seeds only), a positive number of hops, or -1
// (no limit).
func checkDepth(c *Config) error {
	if n := c.Settings.Depth; n < crawl.NoLimit {
		return fmt.Errorf("--depth must be 0 (seeds only), a number of link hops, or -1 for no limit (got %d)", n)
	}
	return nil
}

// count is CheckCount's rule for the int setting called name.
func count(name string, unlimited bool) func(*Config) error {
	return func(c *Config) error { return CheckCount(name, *(fieldOf(name).at(c).(*int)), unlimited) }
}

// wait is CheckWait's rule for the duration setting called name.
func wait(name string) func(*Config) error {
	return func(c *Config) error { return CheckWait(name, *(fieldOf(name).at(c).(*time.Duration))) }
}

// CheckCount accepts n >= 1, or -1 (crawl.NoLimit) when unlimited is true
// (the flag's documented "no limit"); its error names --flag.
func CheckCount(flag string, n int, unlimited bool) error {
	switch {
	case n >= 1:
		return nil
	case n == crawl.NoLimit && unlimited:
		return nil
	case unlimited:
		return fmt.Errorf("--%s must be at least 1, or -1 for no limit (got %d)", flag, n)
	}
	return fmt.Errorf("--%s must be at least 1 (got %d)", flag, n)
}

// CheckWait accepts a duration of zero (documented per flag: no wait, no
// budget) or more; its error names --flag.
func CheckWait(flag string, d time.Duration) error {
	if d < 0 {
		return fmt.Errorf("--%s must not be negative (got %s)", flag, d)
	}
	return nil
}

// checkScope asks policy.NewScope about one of the scope's lists.
func checkScope(name string) func(*Config) error {
	return func(c *Config) error {
		s := &c.Settings
		var err error
		switch name {
		case "origin":
			_, err = policy.NewScope(nil, s.Origin, nil, nil, nil)
		case "allow-path":
			_, err = policy.NewScope(nil, nil, s.AllowPath, nil, nil)
		case "include":
			_, err = policy.NewScope(nil, nil, nil, s.Include, nil)
		case "exclude":
			_, err = policy.NewScope(nil, nil, nil, nil, s.Exclude)
		}
		return err
	}
}

// checkFailOn: every term names something a gate knows, and the terms that
// compare with a baseline have one.
func checkFailOn(c *Config) error {
	gate, plain, err := crawldiff.SplitFailOn(c.Settings.FailOn)
	if err != nil {
		return err
	}
	if !gate.Empty() && c.Settings.Baseline == "" {
		return fmt.Errorf("--fail-on %v compares with a baseline: give --baseline OLD.db", gate.Terms())
	}
	_, err = ci.NewGates(plain, false)
	return err
}

func checkBaseline(c *Config) error {
	if b := c.Settings.Baseline; b != "" && b == c.Invocation.DB {
		return fmt.Errorf("--baseline %s is the crawl's own database (--db); name the earlier crawl's", b)
	}
	return nil
}

func checkCheck(c *Config) error {
	for _, v := range c.Settings.Check {
		for _, part := range strings.Split(v, ",") {
			switch strings.TrimSpace(part) {
			case "external", "fragments", "":
			default:
				return fmt.Errorf("--check: unknown check %q (external or fragments)", part)
			}
		}
	}
	return nil
}

func checkRecheck(c *Config) error {
	if len(c.Settings.Check) > 0 && c.Settings.RecheckAfter == 0 {
		return errors.New("--recheck-after must not be zero (use -1ns to always ask again)")
	}
	return nil
}

// parseViewport reads a viewport: WIDTHxHEIGHT in CSS pixels, each side
// within rendered's bounds.
func parseViewport(s string) (rendered.Viewport, error) {
	w, h, ok := strings.Cut(strings.ToLower(strings.TrimSpace(s)), "x")
	width, werr := strconv.Atoi(w)
	height, herr := strconv.Atoi(h)
	if !ok || werr != nil || herr != nil {
		return rendered.Viewport{}, fmt.Errorf("want WIDTHxHEIGHT in CSS pixels, such as %s", rendered.DefaultViewport)
	}
	v := rendered.Viewport{Width: width, Height: height}
	if err := v.Check(); err != nil {
		var ve *rendered.ViewportError
		if errors.As(err, &ve) {
			return v, fmt.Errorf("%s: %s", v, ve.Reason)
		}
		return v, err
	}
	return v, nil
}

func parseScreenshots(s string) (crawl.Screenshots, error) {
	v, err := crawl.ParseScreenshots(s)
	if err != nil {
		return "", errors.New("must be none, findings or all")
	}
	return v, nil
}

func checkScreenshots(c *Config) error {
	if c.Settings.Screenshots != crawl.ScreenshotsNone && c.Settings.Mode != union.ModeUnion {
		return errors.New("--screenshots needs both sides (--mode union): the picture as served is of the plain side's HTML, shown by the browser")
	}
	return nil
}

func checkPictureWidth(c *Config) error {
	if w := c.Settings.ScreenshotWidth; w < 200 || w > 4000 {
		return errors.New("--screenshot-width must be between 200 and 4000")
	}
	return nil
}

// checkProxy: --proxy is a proxy's URL, and not for a browser that is not
// webgraph's to start.
func checkProxy(c *Config) error {
	if c.Invocation.Proxy == "" {
		return nil
	}
	if _, err := ProxyURL(c.Proxy()); err != nil {
		return err
	}
	if len(c.Settings.BrowserURL) > 0 && c.Settings.Mode != union.ModePlain {
		return errors.New("--proxy cannot be applied to a running browser (--browser-url): start that browser with --proxy-server, or use --mode plain")
	}
	return nil
}

// ProxyURL parses --proxy; its user and password are never in the error.
func ProxyURL(s string) (*url.URL, error) {
	u, err := url.Parse(s)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https" && u.Scheme != "socks5") {
		return nil, errors.New("--proxy: want http://host:port, https://host:port or socks5://host:port")
	}
	return u, nil
}

// redactURL is a URL with its password, if any, replaced by xxxxx.
func redactURL(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		// A URL that does not parse may still hold a password (one with
		// '#', '/' or '%' in it): none of it but its scheme is shown.
		scheme, _, _ := strings.Cut(s, "://")
		return scheme + "://…"
	}
	if u.User == nil {
		return s
	}
	if _, has := u.User.Password(); !has {
		return s
	}
	u.User = url.UserPassword(u.User.Username(), "xxxxx")
	return u.String()
}

func checkHeaders(c *Config) error {
	_, err := headers(c.Secrets.Header)
	return err
}

func checkCookies(c *Config) error {
	_, err := cookies(c.Secrets.Cookie)
	return err
}

// Credentials returns the headers --header and --cookie send (Cookie
// holding every cookie), or nil when there are none. Its errors say which
// value is wrong by its place, never by its text.
func Credentials(s Secrets) (http.Header, error) {
	if len(s.Header) == 0 && len(s.Cookie) == 0 {
		return nil, nil
	}
	h, err := headers(s.Header)
	if err != nil {
		return nil, err
	}
	jar, err := cookies(s.Cookie)
	if err != nil {
		return nil, err
	}
	if len(jar) > 0 {
		h.Set("Cookie", strings.Join(jar, "; "))
	}
	return h, nil
}

// headers reads --header: each 'Name: value' on one line, no header
// webgraph sets itself.
func headers(lines []string) (http.Header, error) {
	h := http.Header{}
	for i, line := range lines {
		name, value, ok := strings.Cut(line, ":")
		name = strings.TrimSpace(name)
		if !ok || name == "" || strings.ContainsAny(name, " \t\r\n") || strings.ContainsAny(value, "\r\n") {
			return nil, fmt.Errorf("--header %s: want 'Name: value' on one line (the value is not shown)", ordinal(i, len(lines)))
		}
		switch canon := textproto.CanonicalMIMEHeaderKey(name); canon {
		case "Host", "User-Agent", "Content-Length", "Transfer-Encoding", "Connection":
			return nil, fmt.Errorf("--header %s: webgraph sets %s itself", canon, canon)
		}
		h.Add(name, strings.TrimSpace(value))
	}
	return h, nil
}

// cookies reads --cookie: each 'name=value', with no ; or line break.
func cookies(list []string) ([]string, error) {
	var jar []string
	for i, ck := range list {
		name, _, ok := strings.Cut(ck, "=")
		if !ok || strings.TrimSpace(name) == "" || strings.ContainsAny(ck, ";\r\n") {
			return nil, fmt.Errorf("--cookie %s: want 'name=value' (the value is not shown)", ordinal(i, len(list)))
		}
		jar = append(jar, strings.TrimSpace(ck))
	}
	return jar, nil
}

// ordinal names the i-th of n values: "number 2 of 3", or "(the only one)".
func ordinal(i, n int) string {
	if n == 1 {
		return "(the only one)"
	}
	return fmt.Sprintf("number %d of %d", i+1, n)
}

// hideHeader is a --header as it may be shown: its name, never its value.
func hideHeader(h string) string {
	name, _, ok := strings.Cut(h, ":")
	if !ok || strings.ContainsAny(strings.TrimSpace(name), " \t") {
		return "xxxxx"
	}
	return strings.TrimSpace(name) + ": xxxxx"
}

// hideCookie is a --cookie as it may be shown: its name, never its value.
func hideCookie(ck string) string {
	name, _, ok := strings.Cut(ck, "=")
	if !ok || strings.ContainsAny(strings.TrimSpace(name), " \t;") {
		return "xxxxx"
	}
	return strings.TrimSpace(name) + "=xxxxx"
}
