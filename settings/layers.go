package settings

import (
	"fmt"
	"os"
	"slices"
)

// SourceKind is the kind of place a setting's value came from.
type SourceKind uint8

const (
	// FromDefault: nothing set it.
	FromDefault SourceKind = iota
	// FromFile: webgraph.toml (or --config FILE), at a line.
	FromFile
	// FromStored: the resumed crawl's saved settings.
	FromStored
	// FromEnv: an environment variable.
	FromEnv
	// FromFlag: a flag on the command line.
	FromFlag
	// FromArgs: the command's arguments (the seeds), or --seeds-file.
	FromArgs
)

// Source is where a setting's value came from.
type Source struct {
	Kind SourceKind
	File string // FromFile: the file's path as given
	Line int    // FromFile: the line of its key
	Env  string // FromEnv: the variable
}

// String says where, for people: "flag", "$WEBGRAPH_CONTACT",
// "webgraph.toml:3", "stored crawl", "default".
func (s Source) String() string {
	switch s.Kind {
	case FromFile:
		return fmt.Sprintf("%s:%d", s.File, s.Line)
	case FromStored:
		return "stored crawl"
	case FromEnv:
		return "$" + s.Env
	case FromFlag:
		return "flag"
	case FromArgs:
		return "arguments"
	}
	return "default"
}

// Name is the source's kind as one word, for machines: default, file,
// stored, env, flag or arguments.
func (s Source) Name() string {
	return [...]string{"default", "file", "stored", "env", "flag", "arguments"}[s.Kind]
}

// layer is one place settings come from: the values it gives (in a Config
// of its own, other settings left zero) and where each came from.
type layer struct {
	c   Config
	set map[string]Source
}

func newLayer() *layer { return &layer{set: map[string]Source{}} }

// layers are the places a Config's values came from; nil when absent.
type layers struct {
	flags, env, file, stored *layer
}

// Flags is the command line's layer: each setting a command takes as a
// flag (see Flag), and the seeds its arguments give.
type Flags struct {
	l     *layer
	takes Commands
}

// NewFlags returns an empty command-line layer for the commands in takes.
func NewFlags(takes Commands) *Flags { return &Flags{l: newLayer(), takes: takes} }

// List returns the flags of the settings the command takes, in the
// table's order; register each with the command's flag set.
func (fl *Flags) List() []*Flag {
	var out []*Flag
	for _, f := range fields() {
		if f.flag && f.takes&fl.takes != 0 {
			out = append(out, &Flag{f: f, l: fl.l})
		}
	}
	return out
}

// Seeds gives the seeds the command's arguments (and --seeds-file) name.
// None leaves the seeds to the other layers.
func (fl *Flags) Seeds(seeds []string) {
	if len(seeds) == 0 {
		return
	}
	fl.l.c.Settings.Seeds = slices.Clone(seeds)
	fl.l.set["seeds"] = Source{Kind: FromArgs}
}

// Flag is one setting as a flag: its name, help and value, with the
// methods of pflag's Value (Set, String, Type), which sets it in the
// command line's layer.
type Flag struct {
	f field
	l *layer
}

// Name is the flag's name (without --).
func (v *Flag) Name() string { return v.f.name }

// Shorthand is its one-letter form, if any.
func (v *Flag) Shorthand() string { return v.f.short }

// Usage is its help, its value's placeholder in backquotes.
func (v *Flag) Usage() string { return v.f.usage }

// IsBool reports whether the flag takes no value (--insecure).
func (v *Flag) IsBool() bool { return v.f.kind == boolKind }

// Set gives the setting a value from the command line; a list's flag may
// be given again, each time adding to the list.
func (v *Flag) Set(s string) error {
	if err := v.f.set(&v.l.c, s); err != nil {
		return err
	}
	v.l.set[v.f.name] = Source{Kind: FromFlag}
	return nil
}

// String is the value as set, or the default before: a secret's
// redacted.
func (v *Flag) String() string {
	if _, ok := v.l.set[v.f.name]; ok {
		return v.f.text(&v.l.c)
	}
	var c Config
	v.f.reset(&c)
	return v.f.text(&c)
}

// Type names the value's kind as pflag does ("bool" for a switch).
func (v *Flag) Type() string {
	return [...]string{"bool", "int", "int64", "duration", "string", "strings", "string"}[v.f.kind]
}

// DefaultFile is the settings file read from the working directory when no
// --config is given.
const DefaultFile = "webgraph.toml"

// Input is what Load reads.
type Input struct {
	// Takes is the command that reads the settings: Crawl (crawl and
	// config), Page or Compare.
	Takes Commands
	// Flags are the command line's; nil when it gave none.
	Flags *Flags
	// Getenv reads the environment (os.Getenv).
	Getenv func(string) string
	// File is --config FILE; "" reads DefaultFile when there is one.
	File string
	// ReadSeeds reads a --seeds-file, given by the command line or the
	// file (nil: --seeds-file is not read, as for page).
	ReadSeeds func(path string) ([]string, error)
}

// Load fills a Config from the command line, the environment, the settings
// file and the defaults, in that order of precedence: each setting takes
// its value from the first that gives one. It returns the warnings to say
// (a file holding a secret that others can read). A file's key that is
// unknown, of the wrong type or of a refused value is an *Error naming
// the file and the line (errors.Join of every one). The values' rules are
// Validate's.
func Load(in Input) (*Config, []string, error) {
	c := &Config{}
	if in.Flags != nil {
		c.layers.flags = in.Flags.l
	}
	c.layers.env = envLayer(in.Getenv)
	path, explicit := in.File, in.File != ""
	if !explicit {
		path = DefaultFile
	}
	file, warnings, err := readFile(path, explicit, in.Takes)
	if err != nil {
		return nil, nil, err
	}
	c.layers.file = file
	if file != nil {
		c.file = path
	}
	if in.ReadSeeds != nil {
		for _, l := range []*layer{c.layers.flags, c.layers.file} {
			if err := readSeeds(l, in.ReadSeeds); err != nil {
				return nil, nil, err
			}
		}
	}
	c.resolve(nil)
	return c, warnings, nil
}

// readSeeds adds the seeds of the layer's --seeds-file to the layer's own
// seeds: the arguments (or the file's seeds key) and the seeds file are
// given together, at one place.
func readSeeds(l *layer, read func(string) ([]string, error)) error {
	if l == nil {
		return nil
	}
	src, ok := l.set["seeds-file"]
	if !ok || l.c.Invocation.SeedsFile == "" {
		return nil
	}
	seeds, err := read(l.c.Invocation.SeedsFile)
	if err != nil {
		if src.Kind == FromFile {
			return &Error{Name: "seeds-file", Source: src, Err: err}
		}
		return err
	}
	l.c.Settings.Seeds = append(l.c.Settings.Seeds, seeds...)
	if _, given := l.set["seeds"]; !given {
		if src.Kind == FromFlag {
			src.Kind = FromArgs
		}
		l.set["seeds"] = src
	}
	return nil
}

// envLayer is the environment's layer: the variables the table names
// (WEBGRAPH_CONTACT, WEBGRAPH_CHROME_NO_SANDBOX). An empty variable sets
// nothing; a switch is on only when its variable is "1".
func envLayer(getenv func(string) string) *layer {
	l := newLayer()
	if getenv == nil {
		getenv = os.Getenv
	}
	for _, f := range fields() {
		if f.envVar == "" {
			continue
		}
		s := getenv(f.envVar)
		if s == "" {
			continue
		}
		if f.kind == boolKind {
			s = fmt.Sprint(s == "1")
		}
		if f.set(&l.c, s) == nil {
			l.set[f.name] = Source{Kind: FromEnv, Env: f.envVar}
		}
	}
	return l
}

// resolve sets every setting from the first layer that gives it: the
// flags, the environment, then (for a stored setting of a resumed crawl)
// its record, else the file, else the default.
func (c *Config) resolve(stored *layer) {
	c.layers.stored = stored
	c.from = map[string]Source{}
	for _, f := range fields() {
		order := []*layer{c.layers.flags, c.layers.env, c.layers.file}
		if stored != nil && f.part == Stored {
			order = []*layer{c.layers.flags, c.layers.env, stored}
		}
		f.reset(c)
		c.from[f.name] = Source{}
		for _, l := range order {
			if l == nil {
				continue
			}
			if src, ok := l.set[f.name]; ok {
				f.copy(c, &l.c)
				c.from[f.name] = src
				break
			}
		}
	}
}

// Source returns where the setting called name took its value.
func (c *Config) Source(name string) Source { return c.from[name] }

// Entry is one setting as `webgraph config` shows it.
type Entry struct {
	Name   string
	Part   Part
	Source Source
	// Text is the value as the command line writes it (a list as [a,b]),
	// a secret's redacted.
	Text string
	// Value is the value as JSON writes it, a secret's redacted.
	Value any
}

// Entries lists the settings the commands in takes read, in the table's
// order, each with its value and where it came from.
func (c *Config) Entries(takes Commands) []Entry {
	var out []Entry
	for _, f := range fields() {
		if f.takes&takes == 0 {
			continue
		}
		e := Entry{Name: f.name, Part: f.part, Source: c.from[f.name], Text: f.text(c), Value: f.json(c)}
		if f.show != nil {
			e.Value = f.elements(c)
		}
		out = append(out, e)
	}
	return out
}

// changed lists, as words for the run event, the stored settings this
// invocation (its flags or environment) changed from what the crawl began
// with (began): "resumed with --depth 3 (the crawl began with 2)".
func (c *Config) changed(began *Config) []string {
	var out []string
	for _, f := range fields() {
		if f.part != Stored || f.name == "seeds" || f.equal(c, began) {
			continue
		}
		src := c.from[f.name]
		if src.Kind != FromFlag && src.Kind != FromEnv {
			continue
		}
		via := ""
		if src.Kind == FromEnv {
			via = " from $" + src.Env
		}
		out = append(out, fmt.Sprintf("resumed with --%s %s%s (the crawl began with %s)", f.name, f.text(c), via, f.text(began)))
	}
	return out
}

// unapplied lists the file's values for stored settings that differ from
// the resumed crawl's and so were not applied.
func (c *Config) unapplied() []string {
	file := c.layers.file
	if file == nil {
		return nil
	}
	type note struct {
		line int
		text string
	}
	var notes []note
	for _, f := range fields() {
		src, ok := file.set[f.name]
		if !ok || f.part != Stored || c.from[f.name].Kind != FromStored || f.equal(c, &file.c) {
			continue
		}
		hint := "give --" + f.name + " to change it"
		if f.name == "seeds" {
			hint = "crawl them with another --db"
		}
		notes = append(notes, note{src.Line, fmt.Sprintf("%s: %s = %s is not applied to the resumed crawl, which stands by its own %s (%s)",
			src, f.name, f.text(&file.c), f.text(c), hint)})
	}
	slices.SortFunc(notes, func(a, b note) int { return a.line - b.line })
	var out []string
	for _, n := range notes {
		out = append(out, n.text)
	}
	return out
}
