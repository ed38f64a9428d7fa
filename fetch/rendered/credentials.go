package rendered

import (
	"fmt"
	"net/http"
	"net/textproto"
	"net/url"
	"slices"
	"strings"

	cdpfetch "github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
)

// credentials are the operator's headers and the rule saying which URLs may
// receive them. The zero value sends nothing.
type credentials struct {
	header http.Header
	allow  func(*url.URL) bool
}

// continueParams says how a paused request goes on: unchanged, or, when u
// may receive the operator's credentials, with them merged into the
// request's own headers. continueRequest's headers replace every header the
// browser would send, so the request's own are carried over; an operator
// header replaces the browser's header of the same name, except Cookie,
// whose pairs are joined to the page's. Each redirect hop pauses again and
// is judged by its own URL.
func (c credentials) continueParams(ev *cdpfetch.EventRequestPaused, u *url.URL) cdpfetch.ContinueRequestParams {
	p := cdpfetch.ContinueRequestParams{RequestID: ev.RequestID}
	if len(c.header) == 0 || c.allow == nil || u == nil || (u.Scheme != "http" && u.Scheme != "https") || !c.allow(u) {
		return p
	}
	p.Headers = mergeHeaders(ev.Request.Headers, c.header)
	return p
}

// mergeHeaders returns own with extra laid over it, in a stable order.
func mergeHeaders(own network.Headers, extra http.Header) []*cdpfetch.HeaderEntry {
	merged := map[string][]string{}
	names := map[string]string{} // canonical name → the name as first spelled
	for name, v := range own {
		k := textproto.CanonicalMIMEHeaderKey(name)
		if _, ok := names[k]; !ok {
			names[k] = name
		}
		merged[k] = append(merged[k], fmt.Sprint(v))
	}
	for name, vs := range extra {
		k := textproto.CanonicalMIMEHeaderKey(name)
		if k == "Cookie" {
			pairs := slices.Clone(merged[k])
			merged[k] = []string{strings.Join(append(pairs, vs...), "; ")}
		} else {
			merged[k] = slices.Clone(vs)
		}
		if _, ok := names[k]; !ok {
			names[k] = k
		}
	}
	keys := make([]string, 0, len(merged))
	for k := range merged {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var out []*cdpfetch.HeaderEntry
	for _, k := range keys {
		for _, v := range merged[k] {
			out = append(out, &cdpfetch.HeaderEntry{Name: names[k], Value: v})
		}
	}
	return out
}
