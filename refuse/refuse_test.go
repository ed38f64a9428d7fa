package refuse

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
	"testing"
)

func TestStatusWords(t *testing.T) {
	t.Parallel()
	tests := []struct {
		status int
		cause  Cause
		words  string
		ok     bool
	}{
		{404, Missing, "HTTP 404", true},
		{410, Missing, "HTTP 410", true},
		{401, Wall, "HTTP 401 Unauthorized: the site asks for credentials", true},
		{403, Wall, "HTTP 403 Forbidden: the site refused the request", true},
		{429, Wall, "HTTP 429 Too Many Requests: the site is rate-limiting requests", true},
		{451, Wall, "HTTP 451 Unavailable For Legal Reasons: the site withholds the page for legal reasons", true},
		{503, Wall, "HTTP 503 Service Unavailable: the site is unavailable or shedding load", true},
		{200, "", "", false},
		{500, "", "", false},
		{302, "", "", false},
	}
	for _, tt := range tests {
		cause, words, ok := StatusWords(tt.status)
		if cause != tt.cause || words != tt.words || ok != tt.ok {
			t.Errorf("StatusWords(%d) = %q, %q, %v; want %q, %q, %v", tt.status, cause, words, ok, tt.cause, tt.words, tt.ok)
		}
	}
}

func TestBlockPhrase(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("word ", BlockPageMaxWords) + "access denied"
	tests := []struct {
		name, text, want string
	}{
		{"challenge", "Just a moment... Checking your browser before accessing the site.", "checking your browser"},
		{"cookies", "Please enable JavaScript and cookies to continue", "enable javascript and cookies"},
		{"access denied", "Access Denied. You don't have permission.", "access denied"},
		{"unusual traffic", "Our systems have detected unusual traffic from your computer network.", "unusual traffic"},
		{"spa noscript is not a wall", "You need to enable JavaScript to run this app.", ""},
		{"ordinary page", "Welcome to our documentation. Read the guide to get started.", ""},
		{"long article mentioning a phrase", long, ""},
		{"non-ASCII around the phrase", "Zugriff verweigert – ACCESS DENIED für Sie", "access denied"},
		{"Kelvin sign lowercases to k", "Press & Hold to confirm you are not a robot: \u212a", "press & hold"},
		{"phrase at the very end", "Error: REQUEST BLOCKED", "request blocked"},
		{"phrase cut short at the end", "Error: request blocke", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := BlockPhrase(tt.text, len(strings.Fields(tt.text))); got != tt.want {
				t.Errorf("BlockPhrase(%.40q) = %q; want %q", tt.text, got, tt.want)
			}
		})
	}
}

func TestIsLoginRedirect(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, asked, final string
		want               bool
	}{
		{"next relative", "http://s/private", "http://s/login?next=/private", true},
		{"returnTo absolute", "http://s/a/b?x=1", "http://s/users/sign_in?returnTo=http%3A%2F%2Fs%2Fa%2Fb%3Fx%3D1", true},
		{"ReturnUrl mixed case", "http://s/docs", "http://s/Account/Login?ReturnUrl=%2Fdocs", true},
		{"double escaped", "http://s/p q", "http://s/auth?continue=%252Fp%2520q", true},
		{"sso other host", "http://s/app", "http://sso.s/sso/start?redirect_uri=http://s/app", true},
		{"login without return param", "http://s/private", "http://s/login", false},
		{"return points elsewhere", "http://s/private", "http://s/login?next=/home", false},
		{"not a login path", "http://s/private", "http://s/welcome?next=/private", false},
		{"login page asked directly", "http://s/login?next=/x", "http://s/login?next=/x", false},
		{"marker only as substring", "http://s/x", "http://s/blogin?next=/x", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			a, _ := url.Parse(tt.asked)
			f, _ := url.Parse(tt.final)
			if got := IsLoginRedirect(a, f); got != tt.want {
				t.Errorf("IsLoginRedirect(%q, %q) = %v; want %v", tt.asked, tt.final, got, tt.want)
			}
		})
	}
}

func TestRefusalIsFoundWithErrorsAs(t *testing.T) {
	t.Parallel()
	inner := errors.New("dial tcp: refused")
	err := fmt.Errorf("union: %w", &Refusal{URL: "http://s/x", Cause: FetchError, Words: "connection refused", Err: inner})
	var r *Refusal
	if !errors.As(err, &r) {
		t.Fatalf("errors.As found no *Refusal in %v", err)
	}
	if r.Cause != FetchError {
		t.Errorf("Cause = %q; want %q", r.Cause, FetchError)
	}
	if !errors.Is(err, inner) {
		t.Errorf("errors.Is(err, inner) = false; want true (Unwrap)")
	}
	if got, want := r.Error(), "http://s/x: connection refused"; got != want {
		t.Errorf("Error() = %q; want %q", got, want)
	}
}

func TestParseCause(t *testing.T) {
	t.Parallel()
	for _, c := range Causes() {
		got, err := ParseCause(string(c))
		if err != nil || got != c {
			t.Errorf("ParseCause(%q) = %q, %v; want %q", c, got, err, c)
		}
	}
	if _, err := ParseCause("nope"); err == nil || !strings.Contains(err.Error(), "login_redirect") {
		t.Errorf("ParseCause(nope) error = %v; want one naming the valid causes", err)
	}
}

func TestIdentical(t *testing.T) {
	t.Parallel()
	var d Identical
	if w := d.Observe("http://s/a", "Please wait while we check"); w != nil {
		t.Fatalf("first URL warned: %v", w)
	}
	if w := d.Observe("http://s/a", "Please wait while we check"); w != nil {
		t.Fatalf("same URL twice warned: %v", w)
	}
	if w := d.Observe("http://s/b", "Please wait while we check"); w != nil {
		t.Fatalf("second URL warned: %v", w)
	}
	if w := d.Observe("http://s/x", "Different text"); w != nil {
		t.Fatalf("different text warned: %v", w)
	}
	w := d.Observe("http://s/c", "Please wait while we check")
	if w == nil {
		t.Fatal("third distinct URL with identical text: no warning")
	}
	if got := strings.Join(w.URLs, " "); got != "http://s/a http://s/b http://s/c" {
		t.Errorf("URLs = %q; want the three URLs in order", got)
	}
	if w := d.Observe("http://s/d", "Please wait while we check"); w != nil {
		t.Errorf("warned twice for one group: %v", w)
	}
	if w := d.Observe("http://s/e", ""); w != nil {
		t.Errorf("empty text warned: %v", w)
	}
}

func TestIdenticalIsBounded(t *testing.T) {
	t.Parallel()
	var d Identical
	d.Observe("http://s/a", "interstitial")
	d.Observe("http://s/b", "interstitial")
	for i := range MaxIdenticalGroups + 10 {
		d.Observe(fmt.Sprintf("http://s/p%d", i), fmt.Sprintf("page %d", i))
	}
	if n := len(d.byHash); n > MaxIdenticalGroups {
		t.Errorf("%d groups kept; want at most %d", n, MaxIdenticalGroups)
	}
	if w := d.Observe("http://s/c", "interstitial"); w == nil {
		t.Error("a group of two was evicted: the third identical page was not warned about")
	}
}

// The tables are the package's own: a caller that changes what it was given
// changes nothing here.
func TestTablesAreCopies(t *testing.T) {
	t.Parallel()
	c := Causes()
	c[0] = "changed"
	if Causes()[0] != Download {
		t.Errorf("Causes()[0] = %q after a caller changed its copy; want %q", Causes()[0], Download)
	}
	p := BlockPhrases()
	p[0] = "nothing anyone says"
	if BlockPhrase("Access denied", 2) != "access denied" {
		t.Error("a block page was not told after a caller changed its copy of BlockPhrases")
	}
	if !MissingStatus(404) || !MissingStatus(410) || MissingStatus(403) {
		t.Error("MissingStatus: want 404 and 410 only")
	}
}
