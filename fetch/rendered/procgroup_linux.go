package rendered

import "syscall"

// setDeathSignal makes the kernel kill the browser when the thread that
// started it (and so webgraph) exits.
func setDeathSignal(a *syscall.SysProcAttr) { a.Pdeathsig = syscall.SIGKILL }
