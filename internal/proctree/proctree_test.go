package proctree

import (
	"fmt"
	"os"
	"os/exec"
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
	// A child holding some memory: the tree grows by about its size.
	cmd := exec.Command("sh", "-c", "sleep 30")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	child, err := rssOf(cmd.Process.Pid)
	if err != nil {
		t.Fatal(err)
	}
	with, err := RSS(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	if child <= 0 || with < child {
		t.Errorf("child RSS %d, tree RSS %d; want the tree to include the child", child, with)
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
