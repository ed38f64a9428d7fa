package main

import (
	"maps"
	"net/http"
	"net/textproto"
	"net/url"
	"slices"
	"strings"

	"github.com/spf13/pflag"
)

// credentialFlags are --header and --cookie: what a CI job on a staging site
// sends to get in. They go only to the origins the operator named (the
// seeds and --origin), from both sides; never to an origin a seed's
// redirect joined, another host, robots.txt or a link check.
type credentialFlags struct {
	headers, cookies *[]string
	header           http.Header // built by parse
}

func (c *credentialFlags) register(fs *pflag.FlagSet) {
	c.headers = fs.StringArray("header", nil, "send the header `'NAME: VALUE'` with every request to a seed's origin or an --origin, never elsewhere, not even where a seed redirects (repeatable)")
	c.cookies = fs.StringArray("cookie", nil, "send the cookie `'NAME=VALUE'` with every request to a seed's origin or an --origin, never elsewhere, not even where a seed redirects (repeatable)")
}

// parse checks the flags and builds the header set.
func (c *credentialFlags) parse() error {
	if c.headers == nil {
		return nil
	}
	c.header = http.Header{}
	for _, h := range *c.headers {
		name, value, ok := strings.Cut(h, ":")
		name = strings.TrimSpace(name)
		if !ok || name == "" || strings.ContainsAny(name, " \t\r\n") || strings.ContainsAny(value, "\r\n") {
			return usagef("--header %q: want 'Name: value' on one line", h)
		}
		switch textproto.CanonicalMIMEHeaderKey(name) {
		case "Host", "User-Agent", "Content-Length", "Transfer-Encoding", "Connection":
			return usagef("--header %q: webgraph sets %s itself", h, name)
		}
		c.header.Add(name, strings.TrimSpace(value))
	}
	var jar []string
	for _, ck := range *c.cookies {
		name, _, ok := strings.Cut(ck, "=")
		if !ok || strings.TrimSpace(name) == "" || strings.ContainsAny(ck, ";\r\n") {
			return usagef("--cookie %q: want 'name=value'", ck)
		}
		jar = append(jar, strings.TrimSpace(ck))
	}
	if len(jar) > 0 {
		c.header.Set("Cookie", strings.Join(jar, "; "))
	}
	return nil
}

// approvedOrigin reports whether u may receive the operator's credentials:
// an origin the operator named (a seed as typed, --origin), never one a
// seed's redirect joined, and not a URL --exclude names (a page's own
// fetch('/logout') goes without them).
func (o *fetchOptions) approvedOrigin(u *url.URL) bool {
	return o.gate != nil && o.gate.Scope().Named(u) && !o.gate.Scope().Excluded(u)
}

// names returns the names of the credential headers, sorted: what a
// seed_redirect event says a joined origin will not get. Never the values.
func (c *credentialFlags) names() []string {
	out := slices.Collect(maps.Keys(c.header))
	slices.Sort(out)
	return out
}
