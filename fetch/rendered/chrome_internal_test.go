package rendered

import (
	"os"
	"testing"
)

// chromeForTest returns the browser an internal test starts itself (these
// tests cannot use internal/testkit/browsertest, which imports this
// package): a failure under WEBGRAPH_REQUIRE_BROWSER=1 when none is found,
// a skip otherwise.
func chromeForTest(t *testing.T) string {
	t.Helper()
	path, err := FindChrome("")
	if err != nil {
		if os.Getenv("WEBGRAPH_REQUIRE_BROWSER") == "1" {
			t.Fatalf("browser required: %v", err)
		}
		t.Skipf("no browser: %v", err)
	}
	return path
}
