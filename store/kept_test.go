package store

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/webgraph/webgraph/linkcheck"
	"github.com/webgraph/webgraph/policy"
)

// claimer and verdicts are what both stores must do alike.
type claimer interface {
	Claim(ctx context.Context, canon, url string) string
}

func bothStores(t *testing.T) map[string]*Store {
	t.Helper()
	lite, err := Open(context.Background(), filepath.Join(t.TempDir(), "c.db"), Create)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { lite.Close() })
	shared, err := Open(context.Background(), pg.DB(t), Create)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { shared.Close() })
	return map[string]*Store{"sqlite": lite, "postgres": shared}
}

func claimerOf(t *testing.T, s *Store) claimer {
	t.Helper()
	th := policy.NewThrottle(0, nil)
	if s.pg {
		f, err := s.sharedFrontier(context.Background(), th, -1, SharedConfig{Poll: 10 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close(context.Background()) })
		return f
	}
	f, err := s.sqliteFrontier(context.Background(), th, -1)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// The first page kept for a canonical URL holds it; later ones learn who.
// Link verdicts are saved, replaced and read back. Both stores alike.
func TestClaimAndVerdictsOnBothStores(t *testing.T) {
	for name, s := range bothStores(t) {
		t.Run(name, func(t *testing.T) {
			f := claimerOf(t, s)
			if got := f.Claim(context.Background(), "http://x/b", "http://x/a"); got != "http://x/a" {
				t.Errorf("first claim = %q; want http://x/a", got)
			}
			if got := f.Claim(context.Background(), "http://x/b", "http://x/b"); got != "http://x/a" {
				t.Errorf("second claim = %q; want the holder http://x/a", got)
			}
			ctx := context.Background()
			for _, v := range []linkcheck.Verdict{linkcheck.Broken, linkcheck.OK} {
				ev := &linkcheck.Event{Event: "link", URL: "http://y/'; DROP TABLE urls; --", Verdict: v, CheckedAt: time.Now()}
				if err := s.SaveLink(ctx, ev); err != nil {
					t.Fatal(err)
				}
			}
			got, err := s.LinkVerdicts(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != 1 || got[0].Verdict != linkcheck.OK {
				t.Errorf("verdicts = %+v; want the one, replaced by ok", got)
			}
		})
	}
}
