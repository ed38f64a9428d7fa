package linkcheck

import (
	"context"
	"net/http"
	"net/url"
	"time"

	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/policy"
)

// Asker is the gate as Verify uses it: each URL is asked about first
// (robots.txt, scope, private addresses), and fetched only when allowed.
type Asker interface {
	Gate
	Ask(ctx context.Context, u *url.URL, p policy.Purpose) policy.Answer
}

// Verification is what became of one URL Verify was given.
type Verification struct {
	URL     string
	Status  int     // the final HTTP status; 0 when none arrived or it was not asked
	Verdict Verdict // empty when it was not asked
	Reason  string  // the verdict's words
	Error   string  // why it was not fetched, or the fetch's failure
	Asked   bool    // false: the gate refused it (Disallowed says whether robots.txt did)
	// Disallowed says robots.txt refused it.
	Disallowed bool
}

// Tally counts Verify's verdicts so far.
type Tally struct {
	Live, Dead, Unverifiable int // asked: OK, Broken, and no verdict the server stood behind
	Disallowed, NotFetched   int // not asked: robots.txt refused it, or the gate did otherwise
}

// Verify asks for each URL in turn through g, one GET each as policy.Probe
// (so the gate's throttle spaces them), and judges the answer as a link
// check judges an external link (Judge), within timeout. each is told every
// URL's verification and the tally after it. It returns the tally, or the
// error that cut it short: ctx's end, or a gate that stopped.
func Verify(ctx context.Context, g Asker, urls []string, timeout time.Duration, each func(v Verification, t Tally)) (Tally, error) {
	var t Tally
	for _, raw := range urls {
		if err := ctx.Err(); err != nil {
			return t, err
		}
		v := Verification{URL: raw}
		u, err := url.Parse(raw)
		if err != nil {
			v.Error = "not fetched: " + err.Error()
			t.NotFetched++
			each(v, t)
			continue
		}
		if a := g.Ask(ctx, u, policy.Probe); a.Denied != nil {
			v.Disallowed = a.Denied.Cause == fetch.DeniedDisallowed
			if v.Disallowed {
				t.Disallowed++
			} else {
				t.NotFetched++
			}
			v.Error = "not fetched: " + a.Denied.Error()
			each(v, t)
			continue
		}
		resp, err := g.Do(ctx, http.MethodGet, u, policy.Probe, nil)
		if err != nil {
			v.Error = err.Error()
		}
		ev, judged := Judge(ctx, u, http.MethodGet, resp, err, timeout)
		if !judged { // cut short: the command's end, or a stopped gate
			if ctx.Err() != nil {
				return t, ctx.Err()
			}
			return t, err
		}
		v.Asked, v.Status, v.Verdict, v.Reason = true, ev.Status, ev.Verdict, ev.Reason
		switch ev.Verdict {
		case OK:
			t.Live++
		case Broken:
			t.Dead++
		default:
			t.Unverifiable++
		}
		each(v, t)
	}
	return t, nil
}
