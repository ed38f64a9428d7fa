package frontier_test

import (
	"testing"

	"github.com/webgraph/webgraph/frontier"
	"github.com/webgraph/webgraph/frontier/frontiertest"
	"github.com/webgraph/webgraph/policy"
)

func TestMemory(t *testing.T) {
	frontiertest.Run(t, func(t *testing.T, th *policy.Throttle, maxDepth int) frontiertest.Frontier {
		return frontier.NewMemory(th, maxDepth)
	})
}
