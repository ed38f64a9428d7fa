package main

import (
	"bufio"
	"io"
	"os"
	"strings"

	"github.com/webgraph/webgraph/fetch"
)

// readSeedsFile reads the seed URLs of --seeds-file: the file at path, or
// stdin when path is "-". Each line holds one absolute http(s) URL; blank
// lines and lines starting with # are skipped. A line that is not such a URL
// is a usage error naming the line.
func readSeedsFile(path string, stdin io.Reader) ([]string, error) {
	r := stdin
	name := "stdin"
	if path != "-" {
		file, err := os.Open(path)
		if err != nil {
			return nil, usagef("--seeds-file: %v", err)
		}
		defer file.Close()
		r, name = file, path
	} else if stdin == nil {
		return nil, usagef("--seeds-file -: no standard input")
	}
	var seeds []string
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), fetch.MaxURLBytes+1024)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if _, err := parseURL(line); err != nil {
			return nil, usagef("--seeds-file %s line %d: %v", name, n, err)
		}
		seeds = append(seeds, line)
	}
	if err := sc.Err(); err != nil {
		return nil, usagef("--seeds-file %s: %v", name, err)
	}
	if len(seeds) == 0 {
		return nil, usagef("--seeds-file %s holds no URL", name)
	}
	return seeds, nil
}
