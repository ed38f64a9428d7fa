package rendered

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// sweepStale removes the profile directories that webgraph processes killed
// before they could clean up left in dir: a ProfilePrefix directory whose
// Chrome SingletonLock ("host-pid") names a process on this host that no
// longer runs. It only reads and removes directories; it signals nothing.
// It returns the directories removed.
func sweepStale(dir string) []string {
	host, err := os.Hostname()
	if err != nil {
		return nil
	}
	found, _ := filepath.Glob(filepath.Join(dir, ProfilePrefix+"*"))
	var removed []string
	for _, d := range found {
		target, err := os.Readlink(filepath.Join(d, "SingletonLock"))
		if err != nil {
			continue // no lock: a browser starting up, or not Chrome's yet
		}
		i := strings.LastIndexByte(target, '-')
		if i < 0 || target[:i] != host {
			continue
		}
		pid, err := strconv.Atoi(target[i+1:])
		if err != nil || pid <= 0 || alive(pid) {
			continue
		}
		if os.RemoveAll(d) == nil {
			removed = append(removed, d)
		}
	}
	return removed
}

// alive reports whether a process with pid exists (signal 0 sends nothing).
func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
