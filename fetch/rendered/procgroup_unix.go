//go:build unix

package rendered

import (
	"os/exec"
	"syscall"
)

// ownProcessGroup starts the browser in a process group of its own (its
// PID is the group's id), so that a signal sent to webgraph's group, such as
// a terminal's Ctrl-C, does not reach it. On Linux the kernel also kills it
// when webgraph dies.
func ownProcessGroup(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = new(syscall.SysProcAttr)
	}
	cmd.SysProcAttr.Setpgid = true
	setDeathSignal(cmd.SysProcAttr)
}

// killGroup kills what is left of the process group pgid; a group that is
// already gone is not an error.
func killGroup(pgid int) {
	syscall.Kill(-pgid, syscall.SIGKILL)
}
