package frontier

import "github.com/webgraph/webgraph/policy"

// What Memory and Pop work over (the stores assert their queues in store's
// assert_test.go).
var (
	_ Queue     = memQueue{}
	_ Scheduler = (*policy.Throttle)(nil)
)
