package policy

import (
	"fmt"
	"strings"
)

// PageDisallowedError is the single-page path's answer when robots.txt
// disallows a URL: it quotes the file, the group and the rule, and names a
// sanctioned way to get the data where one is known.
type PageDisallowedError struct {
	Verdict     Verdict
	RobotsURL   string
	Alternative string // e.g. "the Stack Exchange API (https://api.stackexchange.com)"; may be empty
}

func (e *PageDisallowedError) Error() string {
	v := e.Verdict
	var b strings.Builder
	if v.Reason != "" {
		fmt.Fprintf(&b, "%s: not fetched: %s (%s)", v.URL, v.Reason, e.RobotsURL)
	} else {
		group := v.Group
		if group == "" {
			group = "none"
		}
		fmt.Fprintf(&b, "%s: disallowed by %s for %s (group %q, rule %q)", v.URL, e.RobotsURL, v.Agent, group, v.Rule)
	}
	if e.Alternative != "" {
		fmt.Fprintf(&b, "; use %s instead", e.Alternative)
	}
	return b.String()
}

// sanctionedSources maps a host (and its subdomains) to a sanctioned way to
// get its data when robots.txt refuses crawling.
var sanctionedSources = map[string]string{
	"stackoverflow.com": "the Stack Exchange API (https://api.stackexchange.com)",
	"stackexchange.com": "the Stack Exchange API (https://api.stackexchange.com)",
	"superuser.com":     "the Stack Exchange API (https://api.stackexchange.com)",
	"serverfault.com":   "the Stack Exchange API (https://api.stackexchange.com)",
	"askubuntu.com":     "the Stack Exchange API (https://api.stackexchange.com)",
	"mathoverflow.net":  "the Stack Exchange API (https://api.stackexchange.com)",
	"reddit.com":        "the Reddit API (https://www.reddit.com/dev/api)",
}

// Alternative returns the sanctioned source for host, or "".
func Alternative(host string) string {
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	if i := strings.LastIndexByte(host, ':'); i >= 0 && !strings.Contains(host[i:], "]") {
		host = host[:i]
	}
	for h := host; h != ""; {
		if alt := sanctionedSources[h]; alt != "" {
			return alt
		}
		i := strings.IndexByte(h, '.')
		if i < 0 {
			break
		}
		h = h[i+1:]
	}
	return ""
}
