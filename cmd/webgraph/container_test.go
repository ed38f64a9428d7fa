package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// TestAsInTheContainer runs the binary the way the Docker image does: as an
// unprivileged user (nobody), with the image's browser setting
// (WEBGRAPH_CHROME_NO_SANDBOX=1) and a 64 MB /dev/shm, mounted in a private
// mount namespace so the machine's own /dev/shm is untouched.
func TestAsInTheContainer(t *testing.T) {
	needBrowser(t)
	if os.Geteuid() != 0 {
		t.Skip("needs root to mount a small /dev/shm and drop to nobody (CI runs as root)")
	}
	for _, tool := range []string{"unshare", "setpriv"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s (util-linux) is needed for this test: %v", tool, err)
		}
	}
	// Not under TMPDIR: the test binary's own TMPDIR is private (0700).
	dir, err := os.MkdirTemp("/tmp", "webgraph-container-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	os.Chmod(dir, 0o755)
	bin := filepath.Join(dir, "webgraph")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	ts, h := sites.Serve(t, "union")
	home := filepath.Join(dir, "home")
	os.Mkdir(home, 0o777)
	os.Chmod(home, 0o777) // past the umask: nobody writes its profile here
	script := "mount -t tmpfs -o size=64m tmpfs /dev/shm && exec setpriv --reuid=65534 --regid=65534 --clear-groups " +
		"env HOME=" + home + " TMPDIR=" + home + " WEBGRAPH_CHROME_NO_SANDBOX=1 " + bin + " page --keep none " + ts.URL + "/app.html"
	out, err := exec.Command("unshare", "--mount", "sh", "-c", script).Output()
	if err != nil {
		var stderr string
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = string(ee.Stderr)
		}
		t.Fatalf("webgraph as nobody: %v\n%s\n%s", err, stderr, out)
	}
	var ev crawl.PageEvent
	if err := json.Unmarshal(out, &ev); err != nil {
		t.Fatalf("output: %v\n%s", err, out)
	}
	if !ev.OK || ev.Sides["rendered"].Words < 20 {
		t.Errorf("as nobody: ok=%v rendered words=%d", ev.OK, ev.Sides["rendered"].Words)
	}
	var browser bool
	for _, hit := range h.Hits() {
		browser = browser || hit.Browser
	}
	if !browser {
		t.Error("no request came from the browser")
	}
	if left, _ := filepath.Glob(filepath.Join(home, "webgraph-chrome-*")); len(left) > 0 {
		t.Errorf("left behind: %q", left)
	}
	if ev.Error != "" {
		t.Errorf("as nobody: the page says %q", ev.Error)
	}
}
