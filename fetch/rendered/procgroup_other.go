//go:build unix && !linux

package rendered

import "syscall"

func setDeathSignal(*syscall.SysProcAttr) {}
