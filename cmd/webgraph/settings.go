package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/pflag"

	"github.com/webgraph/webgraph/settings"
)

// settingFlags are the flags of the settings a command reads (from the
// table in package settings) and --config.
type settingFlags struct {
	takes  settings.Commands
	flags  *settings.Flags
	config string
}

// registerSettings adds to fs a flag for each setting the commands in
// takes read, and --config.
func registerSettings(fs *pflag.FlagSet, takes settings.Commands) *settingFlags {
	s := &settingFlags{takes: takes, flags: settings.NewFlags(takes)}
	for _, v := range s.flags.List() {
		f := fs.VarPF(v, v.Name(), v.Shorthand(), v.Usage())
		if v.IsBool() {
			f.NoOptDefVal = "true"
		}
	}
	fs.StringVar(&s.config, "config", "", "read settings from the TOML `FILE`, each under its flag's name (default: "+settings.DefaultFile+" in the working directory, if there is one); flags and the environment win over it")
	return s
}

// load fills the command's Config: the flags given, the environment,
// the settings file, the defaults; seeds are the command's arguments
// (crawl). The file's warnings go to stderr. A setting refused is a usage
// error (exit 2).
func (s *settingFlags) load(seeds []string, stdin io.Reader, stderr io.Writer) (*settings.Config, error) {
	s.flags.Seeds(seeds)
	in := settings.Input{Takes: s.takes, Flags: s.flags, Getenv: os.Getenv, File: s.config}
	if s.takes&settings.Crawl != 0 {
		in.ReadSeeds = func(path string) ([]string, error) { return readSeedsFile(path, stdin) }
	}
	cfg, warnings, err := settings.Load(in)
	if err != nil {
		if !isUsage(err) {
			err = &usageError{msg: err.Error()} // the file or its key: the command line's to mend
		}
		return nil, err
	}
	for _, w := range warnings {
		fmt.Fprintln(stderr, "webgraph: warning:", w)
	}
	// A file in the working directory is read without being named, and
	// can send every request elsewhere: both are said.
	if f := cfg.File(); f != "" {
		fmt.Fprintf(stderr, "webgraph: settings read from %s\n", f)
	}
	if p := cfg.Invocation.Proxy; p != "" {
		fmt.Fprintf(stderr, "webgraph: every request goes through the proxy %s\n", p)
	}
	return cfg, nil
}

// settingsError makes a refused setting a usage error (exit 2), its words
// as they are.
func settingsError(err error) error {
	var se *settings.Error
	var ue *usageError
	if errors.As(err, &se) && !errors.As(err, &ue) {
		return &usageError{msg: err.Error()}
	}
	return err
}
