// Package proctree measures a process and its descendants, from /proc: the
// browser webgraph starts is a tree of processes (browser, renderers, GPU
// and utility processes), and its memory is the tree's.
package proctree

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
)

// RSS returns the resident memory, in bytes, of pid and every process
// descended from it. Processes that exit while it reads are skipped. It
// fails only when /proc cannot be read (not Linux) or pid itself is gone.
func RSS(pid int) (int64, error) {
	return sumTree(pid, rssOf)
}

// PSS returns the proportional set size, in bytes, of pid and every process
// descended from it: each page a process maps counts divided by the number
// of processes that map it, so memory the tree's processes share (the
// browser's code, its shared memory between browser and renderers) counts
// once over the tree, where RSS counts it once per process. It is what the
// tree takes from the machine, as a container's memory limit sees it. Read
// from /proc/PID/smaps_rollup; processes that exit while it reads are
// skipped, and it fails as RSS does.
func PSS(pid int) (int64, error) {
	return sumTree(pid, pssOf)
}

// Tree returns pid and every process descended from it, pid first, from one
// reading of the process table: a caller that wants the tree's RSS and its
// PSS reads the table once (RSSOf, PSSOf). It fails as RSS does.
func Tree(pid int) ([]int, error) {
	children, err := childrenOf()
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(fmt.Sprintf("/proc/%d", pid)); err != nil {
		return nil, fmt.Errorf("proctree: process %d: %w", pid, err)
	}
	var tree []int
	seen := map[int]bool{}
	stack := []int{pid}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[p] {
			continue
		}
		seen[p] = true
		tree = append(tree, p)
		stack = append(stack, children[p]...)
	}
	return tree, nil
}

// RSSOf returns the resident memory, in bytes, of the processes pids (as
// Tree returns them), skipping those gone.
func RSSOf(pids []int) int64 { return sumOf(pids, rssOf) }

// PSSOf returns the proportional set size, in bytes, of the processes pids
// (as Tree returns them), skipping those gone. Reading it costs the kernel a
// walk of each process's mappings: for a browser's tree, milliseconds a
// process, against microseconds for RSSOf.
func PSSOf(pids []int) int64 { return sumOf(pids, pssOf) }

func sumOf(pids []int, of func(int) (int64, error)) int64 {
	var total int64
	for _, p := range pids {
		if n, err := of(p); err == nil {
			total += n
		}
	}
	return total
}

// sumTree adds up of(p) over pid and its descendants (Tree), failing when
// pid's own reading fails: the caller asked about pid, and a descendant gone
// meanwhile only counts for nothing.
func sumTree(pid int, of func(int) (int64, error)) (int64, error) {
	tree, err := Tree(pid)
	if err != nil {
		return 0, err
	}
	own, err := of(pid)
	if err != nil {
		return 0, fmt.Errorf("proctree: process %d: %w", pid, err)
	}
	return own + sumOf(tree[1:], of), nil
}

// childrenOf maps each process to its children, from /proc/*/stat.
func childrenOf() (map[int][]int, error) {
	stats, err := filepath.Glob("/proc/[0-9]*/stat")
	if err != nil || len(stats) == 0 {
		return nil, fmt.Errorf("proctree: reading /proc: no process table")
	}
	out := map[int][]int{}
	for _, name := range stats {
		b, err := os.ReadFile(name)
		if err != nil {
			continue // gone
		}
		pid, ppid, ok := parseStat(b)
		if ok {
			out[ppid] = append(out[ppid], pid)
		}
	}
	return out, nil
}

// parseStat reads pid and ppid from a /proc/PID/stat line. The command name
// sits in parentheses and may itself hold spaces and parentheses, so the
// fields after it are found from the last ')'.
func parseStat(b []byte) (pid, ppid int, ok bool) {
	open, close := bytes.IndexByte(b, '('), bytes.LastIndexByte(b, ')')
	if open < 1 || close < open {
		return 0, 0, false
	}
	pid, err := strconv.Atoi(string(bytes.TrimSpace(b[:open])))
	if err != nil {
		return 0, 0, false
	}
	rest := bytes.Fields(b[close+1:])
	if len(rest) < 2 {
		return 0, 0, false
	}
	ppid, err = strconv.Atoi(string(rest[1]))
	return pid, ppid, err == nil
}

// rssOf reads the resident memory of one process, in bytes, from
// /proc/PID/statm: the same counters as VmRSS in its status file (anonymous,
// file and shared memory pages), which the kernel fills with every other
// line of the status file at each read.
func rssOf(pid int) (int64, error) {
	var buf [128]byte
	f, err := os.Open(fmt.Sprintf("/proc/%d/statm", pid))
	if err != nil {
		return 0, err
	}
	n, err := f.Read(buf[:])
	f.Close()
	if err != nil {
		return 0, err
	}
	return parseStatm(buf[:n])
}

// pageSize is the size of the pages statm counts.
var pageSize = int64(os.Getpagesize())

// parseStatm reads the resident pages (the second field) of a statm line,
// in bytes.
func parseStatm(b []byte) (int64, error) {
	f := bytes.Fields(b)
	if len(f) < 2 {
		return 0, fmt.Errorf("proctree: unreadable statm %q", bytes.TrimSpace(b))
	}
	pages, err := strconv.ParseInt(string(f[1]), 10, 64)
	if err != nil || pages < 0 || pages > 1<<40 {
		return 0, fmt.Errorf("proctree: unreadable statm %q", bytes.TrimSpace(b))
	}
	return pages * pageSize, nil
}

// pssOf reads the Pss line of one process's smaps_rollup, in bytes.
func pssOf(pid int) (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/smaps_rollup", pid))
	if err != nil {
		return 0, err
	}
	return parsePSS(b)
}

// parsePSS reads the "Pss:" line (not Pss_Anon and the like) of a
// smaps_rollup file, in bytes; 0 when there is none (a zombie or kernel
// thread maps nothing).
func parsePSS(b []byte) (int64, error) {
	for line := range bytes.Lines(b) {
		v, ok := bytes.CutPrefix(line, []byte("Pss:"))
		if !ok {
			continue
		}
		f := bytes.Fields(v)
		if len(f) != 2 || string(f[1]) != "kB" {
			return 0, fmt.Errorf("proctree: unreadable Pss line %q", bytes.TrimSpace(line))
		}
		kb, err := strconv.ParseInt(string(f[0]), 10, 64)
		if err != nil || kb < 0 || kb > 1<<40 {
			return 0, fmt.Errorf("proctree: unreadable Pss line %q", bytes.TrimSpace(line))
		}
		return kb << 10, nil
	}
	return 0, nil
}
