package main

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/webgraph/webgraph/crawldiff"
	"github.com/webgraph/webgraph/store"
)

// actionOutputs gathers the step's outputs and writes them to the file
// $GITHUB_OUTPUT names, each as
//
//	name<<DELIMITER
//	value
//	DELIMITER
//
// with a random delimiter that occurs nowhere in the value: a value from
// a site or an input (a URL, a path with a newline in it) cannot end its
// own value early or set another output.
type actionOutputs struct {
	file      string
	workspace string
	stderr    io.Writer
	names     []string
	values    map[string]string
	// delimiter returns a new random delimiter; a field so that a test can
	// give one that occurs in a value.
	delimiter func() string
}

// openActionOutputs checks that the runner gave an outputs file.
func openActionOutputs(file, workspace string, stderr io.Writer) (*actionOutputs, error) {
	if file == "" {
		return nil, usagef("action runs as a step of a GitHub Actions job: $GITHUB_OUTPUT is not set (to crawl elsewhere, run webgraph crawl)")
	}
	return &actionOutputs{file: file, workspace: workspace, stderr: stderr, values: map[string]string{}, delimiter: randomDelimiter}, nil
}

func randomDelimiter() string {
	b := make([]byte, 16)
	rand.Read(b)
	return "ghadelimiter_" + hex.EncodeToString(b)
}

// set sets output name to value; the last value set is written.
func (o *actionOutputs) set(name, value string) {
	if _, ok := o.values[name]; !ok {
		o.names = append(o.names, name)
	}
	o.values[name] = value
}

// path sets output name to a file the crawl wrote, as the job's later
// steps name it (see workspacePath); a file outside the workspace, which
// the container takes with it, is warned about. A postgres:// database is
// given without its password.
func (o *actionOutputs) path(name, path string) {
	if path == "" || path == "-" {
		return
	}
	if !store.IsFile(path) {
		o.set(name, store.Redact(path))
		return
	}
	rel, inside := workspacePath(path, o.workspace)
	if !inside {
		io.WriteString(o.stderr, crawldiff.GitHubCommand("warning", "webgraph",
			fmt.Sprintf("the %s input names %s, outside the workspace (%s): the file goes when the action's container does", name, path, o.workspace)))
	}
	o.set(name, rel)
}

// encode returns the outputs in the runner's file syntax.
func (o *actionOutputs) encode() string {
	var b strings.Builder
	for _, name := range o.names {
		v := o.values[name]
		d := o.delimiter()
		for strings.Contains(v, d) || strings.Contains(name, d) {
			d = randomDelimiter()
		}
		fmt.Fprintf(&b, "%s<<%s\n%s\n%s\n", name, d, v, d)
	}
	return b.String()
}

// finish appends the outputs to $GITHUB_OUTPUT and returns err, the
// step's result, joined with a failure to write them.
func (o *actionOutputs) finish(err error) error {
	f, ferr := os.OpenFile(o.file, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if ferr == nil {
		_, ferr = f.WriteString(o.encode())
		if cerr := f.Close(); ferr == nil {
			ferr = cerr
		}
	}
	if ferr != nil {
		return errors.Join(err, fmt.Errorf("action: $GITHUB_OUTPUT: %w", ferr))
	}
	return err
}
