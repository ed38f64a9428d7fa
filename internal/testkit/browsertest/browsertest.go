// Package browsertest shares one real Chromium among the tests of a package,
// and fails the test binary when the browser or its profile directory
// outlives it. Under WEBGRAPH_REQUIRE_BROWSER=1 a missing browser fails the
// tests; otherwise they are skipped with a message saying why.
package browsertest

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/webgraph/webgraph/fetch/rendered"
)

// Required reports whether a missing browser must fail the run.
func Required() bool { return os.Getenv("WEBGRAPH_REQUIRE_BROWSER") == "1" }

// Shared is one lazily started rendered.Fetcher for a test binary.
type Shared struct {
	Config rendered.Config
	once   sync.Once
	f      *rendered.Fetcher
	err    error
	pids   []int
	dirs   []string
}

// Get returns the shared Fetcher, starting it on first use. Without a
// browser it fails the test under WEBGRAPH_REQUIRE_BROWSER=1, else skips it.
func (s *Shared) Get(tb testing.TB) *rendered.Fetcher {
	tb.Helper()
	s.once.Do(func() {
		s.f, s.err = rendered.New(s.Config)
		if s.err == nil {
			s.pids = append(s.pids, s.f.PID())
			s.dirs = append(s.dirs, s.f.ProfileDir())
		}
	})
	if s.err != nil {
		Unavailable(tb, s.err)
	}
	return s.f
}

// Unavailable fails or skips tb because the browser could not start.
func Unavailable(tb testing.TB, err error) {
	tb.Helper()
	if Required() || !errors.Is(err, rendered.ErrNoBrowser) {
		tb.Fatalf("browser: %v", err)
	}
	tb.Skipf("browser tests skipped: %v (set WEBGRAPH_REQUIRE_BROWSER=1 to make this a failure)", err)
}

// Track records a browser started outside Get (by a test of its own) so
// that Main checks it did not outlive the run.
func (s *Shared) Track(f *rendered.Fetcher) {
	s.pids = append(s.pids, f.PID())
	s.dirs = append(s.dirs, f.ProfileDir())
}

// Main runs the tests, closes the shared browser, and fails the binary if any
// browser process or profile directory it knows of is still there.
func Main(m *testing.M, s *Shared) int {
	code := m.Run()
	if s.f != nil {
		if err := s.f.Close(); err != nil {
			fmt.Fprintln(os.Stderr, "browsertest:", err)
			code = 1
		}
	}
	if err := Leaks(s.pids, s.dirs); err != nil {
		fmt.Fprintln(os.Stderr, "browsertest:", err)
		code = 1
	}
	return code
}

// Leaks reports any of pids still running, any process whose command line
// names one of dirs, and any of dirs still on disk.
func Leaks(pids []int, dirs []string) error {
	var problems []string
	for _, pid := range pids {
		if pid > 0 && running(pid) {
			problems = append(problems, fmt.Sprintf("browser process %d still running", pid))
		}
	}
	for _, d := range dirs {
		if d == "" {
			continue
		}
		if _, err := os.Stat(d); err == nil {
			problems = append(problems, "profile directory "+d+" still exists")
		}
		for _, pid := range processesNaming(d) {
			problems = append(problems, fmt.Sprintf("process %d still uses profile %s", pid, d))
		}
	}
	if len(problems) > 0 {
		return errors.New("leaked: " + strings.Join(problems, "; "))
	}
	return nil
}

// running reports whether pid is a live (not zombie) process.
func running(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	// The state follows the parenthesised command name.
	if i := strings.LastIndexByte(string(b), ')'); i >= 0 && i+2 < len(b) {
		return b[i+2] != 'Z'
	}
	return true
}

func processesNaming(dir string) []int {
	var pids []int
	entries, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, e := range entries {
		b, err := os.ReadFile(e)
		if err != nil || !strings.Contains(string(b), dir) {
			continue
		}
		var pid int
		fmt.Sscanf(filepath.Base(filepath.Dir(e)), "%d", &pid)
		if running(pid) {
			pids = append(pids, pid)
		}
	}
	return pids
}

// MainNoLeftovers runs the tests with TMPDIR pointed at a directory of
// their own, so that every browser profile this test binary creates lands
// there, and fails the binary if a profile directory is left in it or a
// process still uses one: for tests that start browsers through the command
// line. Chromium's own temporary directories count as leaks too. Test
// binaries of other packages, running at the same time, are not counted.
func MainNoLeftovers(m *testing.M) int {
	dir, err := os.MkdirTemp("", "webgraph-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "browsertest:", err)
		return 1
	}
	defer os.RemoveAll(dir)
	old, had := os.LookupEnv("TMPDIR")
	os.Setenv("TMPDIR", dir)
	code := m.Run()
	if had {
		os.Setenv("TMPDIR", old)
	} else {
		os.Unsetenv("TMPDIR")
	}
	dirs, _ := filepath.Glob(filepath.Join(dir, rendered.ProfilePrefix+"*"))
	// Chromium's own temporary directory belongs in its profile, which is
	// removed with it; one here would outlive a browser killed outright.
	own, _ := filepath.Glob(filepath.Join(dir, "org.chromium.Chromium.*"))
	dirs = append(dirs, own...)
	var live []int
	for _, d := range dirs {
		live = append(live, processesNaming(d)...)
	}
	if len(dirs) > 0 || len(live) > 0 {
		fmt.Fprintf(os.Stderr, "browsertest: leaked: profile directories %q, processes %v\n", dirs, live)
		code = 1
	}
	return code
}
