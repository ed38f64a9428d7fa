package crawl

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/frontier"
	"github.com/webgraph/webgraph/policy"
	"github.com/webgraph/webgraph/refuse"
)

// sharedJournal is the journal of a shared crawl as one worker sees it: the
// joins other workers recorded.
type sharedJournal struct{ joins map[string]string }

func (j *sharedJournal) Run(context.Context, any, bool) error               { return nil }
func (j *sharedJournal) Done(context.Context, any) error                    { return nil }
func (j *sharedJournal) Robots(context.Context, *policy.RobotsPolicy) error { return nil }
func (j *sharedJournal) JoinOrigin(context.Context, string, any) error      { return nil }
func (j *sharedJournal) JoinedOrigins(context.Context) (map[string]string, error) {
	return j.joins, nil
}
func (j *sharedJournal) Worker() string                                 { return "w2" }
func (j *sharedJournal) Leave(context.Context, any, bool) (bool, error) { return true, nil }
func (j *sharedJournal) Tally(context.Context) (frontier.SessionTally, error) {
	return frontier.SessionTally{}, nil
}

// scriptMoved fetches the seed as a browser would whose page moves itself
// by script to home: refused, with the hop (status 0) the gate refused.
type scriptMoved struct {
	seed, home string
	fetches    atomic.Int32
}

func (s *scriptMoved) Fetch(ctx context.Context, u *url.URL) (*union.Page, error) {
	s.fetches.Add(1)
	if u.String() != s.seed {
		return &union.Page{URL: u.String()}, nil
	}
	hop := &fetch.HopError{From: s.seed, To: s.home + "/", Denied: &fetch.Denied{URL: s.home + "/", Cause: fetch.DeniedOutOfScope}}
	side := &fetch.Side{Name: fetch.Rendered, Err: hop, Status: 200}
	return &union.Page{URL: s.seed, Sides: map[fetch.Name]*fetch.Side{fetch.Rendered: side},
		Refusal: &refuse.Refusal{URL: s.seed, Cause: refuse.OutOfScope, Words: hop.Error(), Err: hop}}, nil
}

// A worker of a shared crawl approves a recorded join only when its own
// seed's redirect leads there: a script's navigation (status 0, which no HEAD
// shows) by fetching the seed itself; an origin the seed does not lead to,
// or one recorded for a seed the crawl does not have, is not approved, and
// that is said.
func TestSharedJoinsRederived(t *testing.T) {
	t.Parallel()
	seedSrv := serveOnIP(t, "127.0.0.1", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("<html><body>moving</body></html>"))
	}))
	seed := seedSrv.URL + "/"
	const home, planted, stranger = "http://127.0.0.2:8081", "http://127.0.0.3:8082", "http://127.0.0.4:8083"
	record := func(seed, origin string) string {
		b, _ := json.Marshal(SeedRedirectEvent{Event: "seed_redirect", Seed: seed, Origin: origin, Hops: []fetch.Redirect{{From: seed, To: origin + "/"}}})
		return string(b)
	}
	j := &sharedJournal{joins: map[string]string{
		home:     record(seed, home),
		planted:  record(seed, planted),
		stranger: record("http://127.0.0.9/", stranger),
	}}
	cfg := usual(Config{Seeds: []*url.URL{mustURL(t, seed)}})
	gate := testGate(t, cfg)
	pages := &scriptMoved{seed: seed, home: home}
	rec := &recorder{}
	c, err := New(cfg, Deps{Pages: pages, Sink: rec.sink, Gate: gate, Journal: j, Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	if c.session == nil {
		t.Fatal("the journal is not taken as a shared crawl's")
	}
	if !c.joinOrigins(context.Background()) {
		t.Error("joinOrigins reports nothing approved")
	}
	approved := func(o string) bool { return gate.Scope().ApprovedOrigin(mustURL(t, o)) }
	if !approved(home) || approved(planted) || approved(stranger) {
		t.Errorf("approved: home %v, planted %v, stranger %v; want the home alone", approved(home), approved(planted), approved(stranger))
	}
	if pages.fetches.Load() == 0 {
		t.Error("the seed was never fetched to see where its script leads")
	}
	var said []string
	for _, ev := range rec.events {
		if w, ok := ev.(*WarningEvent); ok {
			said = append(said, w.Words)
		}
	}
	joined := strings.Join(said, "\n")
	if !strings.Contains(joined, planted) || !strings.Contains(joined, stranger) || strings.Contains(joined, home) {
		t.Errorf("warnings %q; want the planted and the stranger's origins said not approved, not the home", said)
	}
	n := pages.fetches.Load()
	c.joinOrigins(context.Background())
	if pages.fetches.Load() != n {
		t.Error("a recorded join was judged twice")
	}
}
