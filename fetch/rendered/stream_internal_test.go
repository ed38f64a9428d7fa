package rendered

import (
	"strconv"
	"testing"
)

// The page-side wait and the tab's agree on when a request is a stream.
func TestStreamAfterAgrees(t *testing.T) {
	if got := strconv.FormatInt(streamAfter.Milliseconds(), 10); got != streamMS {
		t.Errorf("streamAfter is %s ms, guardJS's streamMS %s", got, streamMS)
	}
}
