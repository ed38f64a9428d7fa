package rendered

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
)

func TestSweepStale(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	host, _ := os.Hostname()
	done := exec.Command("true")
	if err := done.Run(); err != nil {
		t.Fatal(err)
	}
	mkdir := func(name, lock string) string {
		d := filepath.Join(dir, name)
		os.MkdirAll(filepath.Join(d, "Default"), 0o700)
		if lock != "" {
			os.Symlink(lock, filepath.Join(d, "SingletonLock"))
		}
		return d
	}
	stale := mkdir(ProfilePrefix+"stale", host+"-"+strconv.Itoa(done.ProcessState.Pid()))
	live := mkdir(ProfilePrefix+"live", host+"-"+strconv.Itoa(os.Getpid()))
	other := mkdir(ProfilePrefix+"otherhost", "elsewhere-"+strconv.Itoa(done.ProcessState.Pid()))
	nolock := mkdir(ProfilePrefix+"nolock", "")
	notours := mkdir("chromedp-runner-x", host+"-"+strconv.Itoa(done.ProcessState.Pid()))

	removed := sweepStale(dir)
	if len(removed) != 1 || removed[0] != stale {
		t.Errorf("removed %q; want only %s", removed, stale)
	}
	for _, d := range []string{live, other, nolock, notours} {
		if _, err := os.Stat(d); err != nil {
			t.Errorf("%s was removed: %v", filepath.Base(d), err)
		}
	}
}
