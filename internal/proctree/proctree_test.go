package proctree

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"testing"
)

func TestRSSCountsDescendants(t *testing.T) {
	self, err := RSS(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	if self <= 0 {
		t.Fatalf("RSS(self) = %d; want > 0", self)
	}
	// A child holding 64 MiB of its own: the tree grows by its size.
	pid := holder(t)
	child, err := rssOf(pid)
	if err != nil {
		t.Fatal(err)
	}
	own, err := rssOf(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	with, err := RSS(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	if child < holdBytes || with < own+child*9/10 {
		t.Errorf("child RSS %d, this process's %d, the tree's %d; want the tree to hold both", child, own, with)
	}
	if _, err := RSS(1 << 30); err == nil {
		t.Error("RSS of a process that does not exist did not fail")
	}
}

// FuzzParseStat: any command name (spaces and parentheses included) between
// a pid and the rest of the line gives back that pid and parent pid, and
// arbitrary bytes never panic.
func FuzzParseStat(f *testing.F) {
	f.Add(123, "bash", 45, []byte("123 (bash) S 45"))     // plain
	f.Add(7, "a) b) (c", 1, []byte("7 (a) b) (c) R 1 7")) // parentheses in the name
	f.Add(9, "x y", 2, []byte(")("))                      // garbage
	f.Fuzz(func(t *testing.T, pid int, name string, ppid int, junk []byte) {
		parseStat(junk) // must not panic
		if pid < 0 || ppid < 0 || strings.ContainsAny(name, "\n") {
			return
		}
		line := fmt.Sprintf("%d (%s) S %d 1 1 0", pid, name, ppid)
		gotPID, gotPPID, ok := parseStat([]byte(line))
		if !ok || gotPID != pid || gotPPID != ppid {
			t.Errorf("parseStat(%q) = %d, %d, %v; want %d, %d", line, gotPID, gotPPID, ok, pid, ppid)
		}
	})
}

// holdEnv makes the test binary, started as a child by TestPSS, a process
// that holds holdBytes of its own memory until its stdin closes.
const (
	holdEnv   = "PROCTREE_TEST_HOLD"
	holdBytes = 64 << 20
)

func TestMain(m *testing.M) {
	if os.Getenv(holdEnv) == "1" {
		buf := make([]byte, holdBytes)
		for i := range buf {
			buf[i] = byte(i) | 1 // touched: resident and private
		}
		os.Stdout.WriteString("ready\n")
		io.Copy(io.Discard, os.Stdin)
		runtime.KeepAlive(buf)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// holder starts this test binary as a child that holds holdBytes of its own
// memory, idle on its stdin (so its memory holds still), waits until it
// says it is ready, and returns its pid; the child ends with the test.
func holder(t *testing.T) int {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = append(os.Environ(), holdEnv+"=1")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stdin.Close(); cmd.Wait() })
	if line, err := bufio.NewReader(stdout).ReadString('\n'); err != nil || line != "ready\n" {
		t.Fatalf("the child said %q, %v", line, err)
	}
	return cmd.Process.Pid
}

// TestPSSCountsDescendantsOnce: a child holding 64 MiB of its own grows
// the tree's PSS by at least that, and the pages it shares with its parent
// (the same executable) count half, so its PSS is below its RSS.
func TestPSSCountsDescendantsOnce(t *testing.T) {
	before, err := PSS(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	if before <= 0 {
		t.Fatalf("PSS(self) = %d; want > 0", before)
	}
	pid := holder(t)
	child, err := PSS(pid)
	if err != nil {
		t.Fatal(err)
	}
	tree, err := PSS(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	// The child is idle (it waits on its stdin): its memory holds still.
	childRSS, err := RSS(pid)
	if err != nil {
		t.Fatal(err)
	}
	if child < holdBytes {
		t.Errorf("the child's PSS is %d bytes; it holds %d of its own", child, holdBytes)
	}
	if tree < child+before/2 {
		t.Errorf("the tree's PSS is %d bytes; want it to hold the child's %d and most of the parent's %d", tree, child, before)
	}
	if child >= childRSS {
		t.Errorf("the child's PSS (%d) is not below its RSS (%d): the executable's pages it shares with its parent counted whole", child, childRSS)
	}
	if _, err := PSS(1 << 30); err == nil {
		t.Error("PSS of a process that does not exist did not fail")
	}
}

func TestParsePSS(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int64
		bad  bool
	}{
		{"00400000-7ffd [rollup]\nRss:  4152 kB\nPss:   830 kB\nPss_Anon:  703 kB\n", 830 << 10, false},
		{"Pss_Anon:  703 kB\nPss:  12 kB\n", 12 << 10, false}, // the Pss line, not its parts
		{"Rss: 10 kB\n", 0, false}, // nothing mapped
		{"Pss: lots kB\n", 0, true},
		{"Pss: 12 MB\n", 0, true},
		{"Pss: -4 kB\n", 0, true},
	} {
		got, err := parsePSS([]byte(c.in))
		if (err != nil) != c.bad || got != c.want {
			t.Errorf("parsePSS(%q) = %d, %v; want %d (error: %v)", c.in, got, err, c.want, c.bad)
		}
	}
}

// TestTreeSums: the tree of a process with a child lists both, the process
// first, and RSSOf and PSSOf over it read what RSS and PSS read over the
// same tree (a child idle on its stdin, so its memory holds still).
func TestTreeSums(t *testing.T) {
	pid := holder(t)
	child := pid
	tree, err := Tree(child)
	if err != nil {
		t.Fatal(err)
	}
	if len(tree) != 1 || tree[0] != child {
		t.Errorf("Tree(child) = %v; want [%d]", tree, child)
	}
	rss, err := RSS(child)
	if err != nil {
		t.Fatal(err)
	}
	pss, err := PSS(child)
	if err != nil {
		t.Fatal(err)
	}
	if got := RSSOf(tree); got < holdBytes || got < rss*9/10 || got > rss*11/10 {
		t.Errorf("RSSOf(%v) = %d; RSS = %d, and the child holds %d", tree, got, rss, holdBytes)
	}
	if got := PSSOf(tree); got < holdBytes || got < pss*9/10 || got > pss*11/10 {
		t.Errorf("PSSOf(%v) = %d; PSS = %d, and the child holds %d", tree, got, pss, holdBytes)
	}
	if r, p := RSSOf(tree), PSSOf(tree); p >= r {
		t.Errorf("PSSOf = %d, not below RSSOf = %d: the executable's pages the child shares counted whole", p, r)
	}
	self, err := Tree(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	if len(self) < 2 || self[0] != os.Getpid() || !slices.Contains(self, child) {
		t.Errorf("Tree(self) = %v; want this process (%d) first and its child %d", self, os.Getpid(), child)
	}
	if _, err := Tree(1 << 30); err == nil {
		t.Error("Tree of a process that does not exist did not fail")
	}
}

// TestRSSIsVmRSS: a process's RSS read from its statm is the VmRSS its
// status file gives, for a child idle on its stdin (its memory holds still)
// that holds 64 MiB of its own.
func TestRSSIsVmRSS(t *testing.T) {
	pid := holder(t)
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatal(err)
	}
	var kb int64
	for _, line := range strings.Split(string(status), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			fmt.Sscanf(v, "%d", &kb)
		}
	}
	got, err := rssOf(pid)
	if err != nil {
		t.Fatal(err)
	}
	if kb < holdBytes>>10 || got != kb<<10 {
		t.Errorf("rssOf(child) = %d bytes; its status says VmRSS %d kB (it holds %d bytes)", got, kb, holdBytes)
	}
}

func TestParseStatm(t *testing.T) {
	page := int64(os.Getpagesize())
	for _, c := range []struct {
		in   string
		want int64
		bad  bool
	}{
		{"765 427 399 5 0 123 0\n", 427 * page, false}, // the second field: resident pages
		{"0 0 0 0 0 0 0\n", 0, false},                  // a zombie maps nothing
		{"765\n", 0, true},
		{"765 many 399\n", 0, true},
		{"765 -3 399\n", 0, true},
		{"", 0, true},
	} {
		got, err := parseStatm([]byte(c.in))
		if (err != nil) != c.bad || got != c.want {
			t.Errorf("parseStatm(%q) = %d, %v; want %d (error: %v)", c.in, got, err, c.want, c.bad)
		}
	}
}

// FuzzParseStatm: a statm line written from any resident page count gives
// that count in bytes, and arbitrary bytes never panic nor give a negative
// size.
func FuzzParseStatm(f *testing.F) {
	f.Add(int64(427), []byte("765 427 399 5 0 123 0\n"))
	f.Add(int64(0), []byte("765"))
	f.Add(int64(1<<40), []byte("1 -3"))
	f.Fuzz(func(t *testing.T, pages int64, junk []byte) {
		if n, err := parseStatm(junk); err == nil && n < 0 {
			t.Errorf("parseStatm(%q) = %d", junk, n)
		}
		if pages < 0 || pages > 1<<40 {
			return
		}
		line := fmt.Sprintf("%d %d 0 0 0 0 0\n", pages+1, pages)
		got, err := parseStatm([]byte(line))
		if err != nil || got != pages*int64(os.Getpagesize()) {
			t.Errorf("parseStatm(%q) = %d, %v; want %d", line, got, err, pages*int64(os.Getpagesize()))
		}
	})
}
