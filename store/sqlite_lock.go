package store

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// ErrLocked is wrapped by Open's error when another process holds the
// database: one process owns a crawl database at a time.
var ErrLocked = errors.New("store: database is in use by another webgraph process")

// lockFile is an exclusive advisory lock (flock) on PATH.lock, held for as
// long as the Store is open. The kernel releases it when the process dies,
// however it dies, so a killed crawl never leaves its database locked. The
// file itself stays: removing it could let two processes hold locks on two
// different files of the same name.
type lockFile struct{ f *os.File }

func lock(path string) (*lockFile, error) {
	// A database reached through a symbolic link is locked beside the file
	// it names, so two names of one database share one lock.
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	name := path + ".lock"
	// The lock file is written (it says who holds it), so it must be ours
	// to write: never followed through a symbolic link to another file,
	// and only a plain file with no other name.
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0o644)
	if errors.Is(err, syscall.ELOOP) {
		return nil, fmt.Errorf("store: locking %s: the lock file %s is a symbolic link; webgraph does not follow it (remove it)", path, name)
	}
	if err != nil {
		return nil, fmt.Errorf("store: locking %s: %w", path, err)
	}
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() || st.Sys().(*syscall.Stat_t).Nlink != 1 {
		f.Close()
		return nil, fmt.Errorf("store: locking %s: the lock file %s is not a plain file of its own (a device, a pipe, a directory or a hard link); webgraph does not write it (remove it)", path, name)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		holder, _ := io.ReadAll(io.LimitReader(f, 512))
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			who := strings.TrimSpace(string(holder))
			if who == "" {
				who = "a process that has not said who it is"
			}
			return nil, fmt.Errorf("%w: %s is held by %s (lock file %s)", ErrLocked, path, who, name)
		}
		return nil, fmt.Errorf("store: locking %s: %w", path, err)
	}
	host, _ := os.Hostname()
	f.Truncate(0)
	f.WriteAt([]byte(fmt.Sprintf("webgraph pid %d on %s since %s\n", os.Getpid(), host, time.Now().UTC().Format(time.RFC3339))), 0)
	return &lockFile{f: f}, nil
}

// release drops the lock.
func (l *lockFile) release() {
	if l == nil {
		return
	}
	syscall.Flock(int(l.f.Fd()), syscall.LOCK_UN)
	l.f.Close()
}
