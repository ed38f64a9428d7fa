package store

import (
	"path/filepath"
	"testing"

	"github.com/webgraph/webgraph/frontier"
	"github.com/webgraph/webgraph/frontier/frontiertest"
	"github.com/webgraph/webgraph/policy"
)

var _ frontier.Queue = sqliteQueue{}

// The frontier's behaviour, on SQLite.
func TestSQLiteFrontier(t *testing.T) {
	frontiertest.Run(t, func(t *testing.T, th *policy.Throttle, maxDepth int) frontiertest.Frontier {
		s, err := Open(filepath.Join(t.TempDir(), "f.db"), Create)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		f, err := s.Frontier(th, maxDepth)
		if err != nil {
			t.Fatal(err)
		}
		return f
	})
}
