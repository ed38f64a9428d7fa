package settings

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// The crawl's record keeps its settings under MetaKey as versioned JSON
// (Encode). A crawl begun by the release before kept its command line
// under legacyKey instead, as a JSON array of "--name=value" arguments and
// then the seeds; Resume reads it once and the crawl saves it anew.
const (
	MetaKey   = "settings"
	legacyKey = "args"
	// Version is the saved record's format; a record of another is
	// refused.
	Version = 1
)

// Encode returns s as the crawl's record saves it: one JSON object,
// "version" first, then every stored setting under its flag's name in the
// table's order, durations as Go writes them ("1s"), lists as arrays. s
// holds no secret (Baseline is redacted), so neither does the record.
func Encode(s Settings) string {
	c := &Config{Settings: s}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	out := bytes.NewBufferString(fmt.Sprintf(`{"version":%d`, Version))
	for _, f := range fields() {
		if f.part != Stored {
			continue
		}
		b.Reset()
		enc.Encode(f.json(c)) // strings, numbers, bools and []string: no error
		fmt.Fprintf(out, `,%q:%s`, f.name, bytes.TrimSpace(b.Bytes()))
	}
	out.WriteString("}")
	return out.String()
}

// decodeRecord reads a saved record into a layer of stored settings. A
// setting the record lacks (one added since the crawl began) is not set,
// and takes its default.
func decodeRecord(raw string) (*layer, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(raw), &m); err != nil {
		return nil, fmt.Errorf("not a settings record: %w", err)
	}
	var version int
	if err := json.Unmarshal(m["version"], &version); err != nil || version != Version {
		return nil, fmt.Errorf("settings record version %s: this webgraph reads version %d (a newer webgraph wrote it?)", m["version"], Version)
	}
	delete(m, "version")
	l := newLayer()
	for name, v := range m {
		f, ok := lookup(name)
		if !ok || f.part != Stored {
			return nil, fmt.Errorf("the record holds %q, which is no setting a crawl saves (a newer webgraph wrote it?)", name)
		}
		if err := f.setJSON(&l.c, v); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		l.set[name] = Source{Kind: FromStored}
	}
	return l, nil
}

// decodeArgs reads the previous release's record: its command line as a
// JSON array of "--name=value" (a list's flag once per element) and then
// the seeds. A flag it does not name is not set.
func decodeArgs(raw string) (*layer, error) {
	var args []string
	if err := json.Unmarshal([]byte(raw), &args); err != nil {
		return nil, fmt.Errorf("the saved command line: %w", err)
	}
	l := newLayer()
	for _, a := range args {
		if !strings.HasPrefix(a, "--") {
			l.c.Settings.Seeds = append(l.c.Settings.Seeds, a)
			l.set["seeds"] = Source{Kind: FromStored}
			continue
		}
		name, value, ok := strings.Cut(strings.TrimPrefix(a, "--"), "=")
		f, known := lookup(name)
		if !known || !f.flag {
			return nil, fmt.Errorf("the saved command line's --%s is no setting of this webgraph", name)
		}
		if f.part != Stored {
			continue // never saved by that release; not taken if it were
		}
		if !ok && f.kind == boolKind {
			value = "true"
		}
		var err error
		if f.kind == listKind {
			// Saved element by element, each as the flag had split it.
			v := f.value(&l.c).Addr().Interface().(*[]string)
			*v = append(*v, value)
		} else {
			err = f.set(&l.c, value)
		}
		if err != nil {
			return nil, fmt.Errorf("the saved command line's --%s: %w", name, err)
		}
		l.set[name] = Source{Kind: FromStored}
	}
	return l, nil
}

// Record is a crawl's metadata, where its settings are saved;
// *store.Store satisfies it.
type Record interface {
	Meta(ctx context.Context, key string) (string, error)
}

// Resumed is what Resume found.
type Resumed struct {
	// Changes say, for the run event, each stored setting this
	// invocation's flags or environment changed.
	Changes []string
	// Unapplied say each value of the settings file that differs from
	// the resumed crawl's and was not applied (for stderr).
	Unapplied []string
	// Convert, when the record was the previous release's command line,
	// is the record to save under MetaKey in its place: the settings the
	// crawl began with, as Encode writes them.
	Convert string
}

// Resume sets the stored settings of the crawl in r under this
// invocation's flags and environment: a stored setting takes the
// command line's value, else the environment's, else the crawl's own;
// webgraph.toml does not change a resumed crawl (a differing value is
// listed in Unapplied). The settings that are not stored (the database,
// outputs, credentials) stay as Load found them. Seeds given on the
// command line must be the crawl's: other seeds are an *Error. ctx bounds
// the reads of r.
func (c *Config) Resume(ctx context.Context, r Record) (*Resumed, error) {
	raw, err := r.Meta(ctx, MetaKey)
	if err != nil {
		return nil, err
	}
	legacy := raw == ""
	if legacy {
		if raw, err = r.Meta(ctx, legacyKey); err != nil {
			return nil, err
		}
	}
	if raw == "" {
		return nil, errors.New("it does not say how its crawl began")
	}
	var stored *layer
	if legacy {
		stored, err = decodeArgs(raw)
	} else {
		stored, err = decodeRecord(raw)
	}
	if err != nil {
		return nil, fmt.Errorf("the stored settings: %w", err)
	}
	if fl := c.layers.flags; fl != nil {
		if src, ok := fl.set["seeds"]; ok && !fieldOf("seeds").equal(&fl.c, &stored.c) {
			return nil, &Error{Name: "seeds", Source: src, Err: fmt.Errorf("--resume continues the crawl of %s; start a new crawl (another --db) for %s",
				strings.Join(stored.c.Settings.Seeds, " "), strings.Join(fl.c.Settings.Seeds, " "))}
		}
	}
	// What the crawl began with: its record, and where the previous
	// release's left a setting out, what was then its default (the
	// environment's, or the table's).
	began := &Config{layers: layers{env: c.layers.env}}
	began.resolveStored(stored, legacy)
	c.resolve(stored)
	res := &Resumed{Changes: c.changed(began), Unapplied: c.unapplied()}
	if legacy {
		res.Convert = Encode(began.Settings)
	}
	return res, nil
}

// resolveStored sets the stored settings from l, then (when fallback)
// the environment, then the defaults.
func (c *Config) resolveStored(l *layer, fallback bool) {
	c.from = map[string]Source{}
	for _, f := range fields() {
		f.reset(c)
		c.from[f.name] = Source{}
		if f.part != Stored {
			continue
		}
		for _, from := range []*layer{l, c.layers.env} {
			if from == nil || (from != l && !fallback) {
				continue
			}
			if src, ok := from.set[f.name]; ok {
				f.copy(c, &from.c)
				c.from[f.name] = src
				break
			}
		}
	}
}
