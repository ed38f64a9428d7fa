package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/spf13/pflag"

	"github.com/webgraph/webgraph/internal/safetext"
	"github.com/webgraph/webgraph/settings"
	"github.com/webgraph/webgraph/store"
)

// configFlags are the flags of `webgraph config`: crawl's, and --json.
type configFlags struct {
	fs     *pflag.FlagSet
	set    *settingFlags
	asJSON *bool
}

func newConfigFlags(stdout io.Writer) *configFlags {
	fs := newFlagSet("config", "webgraph config [URL...] [flags]\n       webgraph config --resume [--db PATH] [flags]",
		"Print the settings a crawl given the same command line would use, and where\neach came from: a flag, the environment, webgraph.toml (or --config FILE)\nwith its line, the stored crawl (--resume), or the default. Secrets (headers,\ncookies, passwords) are shown without their values. Nothing is fetched and\nnothing is written. Exit 2 when a crawl would refuse the settings.\n", stdout)
	f := &configFlags{fs: fs, set: registerSettings(fs, settings.Crawl)}
	f.asJSON = fs.Bool("json", false, "print JSON for machines instead of a table for people")
	return f
}

// runConfig is `webgraph config`: crawl's settings, loaded as crawl loads
// them (a resumed crawl's read from its database, which is not changed),
// printed with their sources.
func runConfig(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	f := newConfigFlags(stdout)
	if err := parseCommandFlags(f.fs, args); err != nil {
		return err
	}
	cfg, err := f.set.load(f.fs.Args(), stdin, stderr)
	if err != nil {
		return err
	}
	var changes []string
	if cfg.Invocation.Resume {
		st, err := store.Open(ctx, cfg.DB(), store.Read)
		if err != nil {
			return err
		}
		defer st.Close()
		res, err := cfg.Resume(ctx, st)
		if err != nil {
			if e := settingsError(err); isUsage(e) {
				return e
			}
			return fmt.Errorf("config: %s: %w", cfg.Invocation.DB, err)
		}
		for _, n := range res.Unapplied {
			fmt.Fprintln(stderr, "webgraph: warning:", n)
		}
		changes = res.Changes
	}
	entries := cfg.Entries(settings.Crawl)
	if *f.asJSON {
		err = writeConfigJSON(stdout, cfg, entries, changes)
	} else {
		err = writeConfigTable(stdout, cfg, entries, changes)
	}
	if err != nil {
		return err
	}
	return settingsError(cfg.Validate(settings.Crawl))
}

// writeConfigTable prints one row per setting: its name, its value (a
// secret's redacted) and where it came from.
func writeConfigTable(w io.Writer, cfg *settings.Config, entries []settings.Entry, changes []string) error {
	var b strings.Builder
	if file := cfg.File(); file != "" {
		fmt.Fprintf(&b, "settings file: %s\n", safetext.Clean(file))
	} else {
		fmt.Fprintf(&b, "settings file: none (no %s here)\n", settings.DefaultFile)
	}
	rows := [][3]string{{"SETTING", "VALUE", "FROM"}}
	for _, e := range entries {
		rows = append(rows, [3]string{e.Name, safetext.Clean(e.Text), safetext.Clean(e.Source.String())})
	}
	var width [2]int
	for _, r := range rows {
		for i := range width {
			width[i] = max(width[i], utf8.RuneCountInString(r[i]))
		}
	}
	for _, r := range rows {
		for i := range width {
			b.WriteString(r[i] + strings.Repeat(" ", width[i]+2-utf8.RuneCountInString(r[i])))
		}
		b.WriteString(r[2] + "\n")
	}
	for _, c := range changes {
		fmt.Fprintf(&b, "note: %s\n", safetext.Clean(c))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// configEntry is one setting in config --json.
type configEntry struct {
	Name   string `json:"name"`
	Value  any    `json:"value"`
	Source string `json:"source"`
	File   string `json:"file,omitempty"`
	Line   int    `json:"line,omitempty"`
	Env    string `json:"env,omitempty"`
	// Part is where the setting lives: "stored" (saved with the crawl),
	// "local" (this run's alone) or "secret" (never written).
	Part string `json:"part"`
}

func writeConfigJSON(w io.Writer, cfg *settings.Config, entries []settings.Entry, changes []string) error {
	out := struct {
		File     string        `json:"file,omitempty"`
		Settings []configEntry `json:"settings"`
		Changes  []string      `json:"changes,omitempty"`
	}{File: cfg.File(), Changes: changes}
	for _, e := range entries {
		out.Settings = append(out.Settings, configEntry{Name: e.Name, Value: e.Value, Source: e.Source.Name(),
			File: e.Source.File, Line: e.Source.Line, Env: e.Source.Env, Part: [...]string{"stored", "local", "secret"}[e.Part]})
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}
