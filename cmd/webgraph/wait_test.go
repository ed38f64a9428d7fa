package main

import (
	"testing"
	"time"
)

// nearDeadline returns a channel that receives a little before the test
// binary's deadline (go test -timeout), and never without one. A test that
// waits on a signal selects on it as well: a signal that never comes then
// fails the test in words, with time left to stop what it started (a child
// process, a server), and no limit of the test's own can fail a correct
// run on a slow machine.
func nearDeadline(t *testing.T) <-chan time.Time {
	d, ok := t.Deadline()
	if !ok {
		return nil
	}
	return time.After(time.Until(d) - 30*time.Second)
}
