package settings

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"
)

// kind is how a setting's value is written and read: on the command line
// and in the environment as text, in webgraph.toml as a TOML value, and in
// the saved record as JSON.
type kind uint8

const (
	boolKind     kind = iota // true or false
	intKind                  // a whole number
	int64Kind                // a whole number of 64 bits (bytes)
	durationKind             // "1s", "300ms": Go's duration syntax
	stringKind               // any text
	listKind                 // a list of texts, repeatable on the command line
	wordKind                 // one word of a type of its own: a mode, a viewport
)

// what names a kind for people, in "want …" messages.
func (k kind) what() string {
	switch k {
	case boolKind:
		return "true or false"
	case intKind, int64Kind:
		return "a whole number"
	case durationKind:
		return `a duration as a string, such as "2s" or "300ms"`
	case listKind:
		return `a list of strings, such as ["a", "b"]`
	}
	return "a string"
}

// value returns the setting's value in c, addressable.
func (f field) value(c *Config) reflect.Value { return reflect.ValueOf(f.at(c)).Elem() }

// reset sets the setting to its default in c.
func (f field) reset(c *Config) {
	v := f.value(c)
	if f.def == nil {
		v.SetZero()
	} else {
		v.Set(reflect.ValueOf(f.def).Convert(v.Type()))
	}
	if v.Kind() == reflect.Slice {
		v.Set(reflect.ValueOf(slices.Clone(v.Interface().([]string))))
	}
	if f.whole != nil {
		*f.whole(c) = ""
	}
}

// copy sets the setting in dst to its value in src (the whole value of a
// redacted one included).
func (f field) copy(dst, src *Config) {
	v := f.value(src)
	if v.Kind() == reflect.Slice {
		f.value(dst).Set(reflect.ValueOf(slices.Clone(v.Interface().([]string))))
	} else {
		f.value(dst).Set(v)
	}
	if f.whole != nil {
		*f.whole(dst) = *f.whole(src)
	}
}

// equal reports whether the setting has the same value in a and b (an
// empty list and none are the same).
func (f field) equal(a, b *Config) bool {
	va, vb := f.value(a), f.value(b)
	if va.Kind() == reflect.Slice {
		return slices.Equal(va.Interface().([]string), vb.Interface().([]string))
	}
	return va.Equal(vb)
}

// set gives the setting one value as text: a flag's argument, an
// environment variable, a previous release's saved argument. A list takes
// it as one more element (split at commas when the flag is so written).
func (f field) set(c *Config, s string) error {
	v := f.value(c)
	switch f.kind {
	case boolKind:
		b, err := strconv.ParseBool(s)
		if err != nil {
			return fmt.Errorf("want %s", f.kind.what())
		}
		v.SetBool(b)
	case intKind, int64Kind:
		bits := strconv.IntSize
		if f.kind == int64Kind {
			bits = 64
		}
		n, err := strconv.ParseInt(s, 0, bits)
		if err != nil {
			return fmt.Errorf("want %s", f.kind.what())
		}
		v.SetInt(n)
	case durationKind:
		d, err := time.ParseDuration(s)
		if err != nil {
			return fmt.Errorf("want a duration such as 2s or 300ms")
		}
		v.SetInt(int64(d))
	case stringKind:
		f.setString(c, s)
	case wordKind:
		w, err := f.parse(s)
		if err != nil {
			return err
		}
		v.Set(reflect.ValueOf(w))
	case listKind:
		elems := []string{s}
		if f.splits {
			var err error
			if elems, err = splitCSV(s); err != nil {
				return err
			}
		}
		v.Set(reflect.ValueOf(append(v.Interface().([]string), elems...)))
	}
	return nil
}

// setString sets a string setting; one that may hold a password keeps its
// redacted form and, when that differs, puts the value whole in Secrets.
func (f field) setString(c *Config, s string) {
	if f.whole == nil {
		f.value(c).SetString(s)
		return
	}
	r := f.redact(s)
	f.value(c).SetString(r)
	*f.whole(c) = ""
	if r != s {
		*f.whole(c) = s
	}
}

// splitCSV splits a comma-separated flag argument as pflag's string slices
// do (a CSV record: quotes protect commas).
func splitCSV(s string) ([]string, error) {
	if s == "" {
		return nil, nil
	}
	r := csv.NewReader(strings.NewReader(s))
	rec, err := r.Read()
	if err != nil {
		return nil, fmt.Errorf("want values separated by commas")
	}
	return rec, nil
}

// joinCSV writes a list as pflag prints a string slice: [a,b].
func joinCSV(elems []string) string {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write(elems)
	w.Flush()
	return "[" + strings.TrimSuffix(b.String(), "\n") + "]"
}

// setTOML sets the setting from a value of webgraph.toml, as go-toml
// decodes it into an interface: bool, int64, float64, string, []any, and
// others a setting never takes. The error says what was wanted; it never
// quotes a secret's value.
func (f field) setTOML(c *Config, x any) error {
	v := f.value(c)
	wrong := func() error {
		return fmt.Errorf("want %s, not %s", f.kind.what(), tomlType(x))
	}
	switch f.kind {
	case boolKind:
		b, ok := x.(bool)
		if !ok {
			return wrong()
		}
		v.SetBool(b)
	case intKind, int64Kind:
		n, ok := x.(int64)
		if !ok {
			return wrong()
		}
		if f.kind == intKind && (n > math.MaxInt || n < math.MinInt) {
			return fmt.Errorf("%d is too large", n)
		}
		v.SetInt(n)
	case durationKind:
		if n, ok := x.(int64); ok && n == 0 {
			v.SetInt(0) // 0 needs no unit
			return nil
		}
		s, ok := x.(string)
		if !ok {
			return wrong()
		}
		return f.set(c, s)
	case stringKind, wordKind:
		s, ok := x.(string)
		if !ok {
			return wrong()
		}
		return f.set(c, s)
	case listKind:
		xs, ok := x.([]any)
		if !ok {
			return wrong()
		}
		v.Set(reflect.ValueOf([]string{}))
		for _, e := range xs {
			s, ok := e.(string)
			if !ok {
				return fmt.Errorf("want %s, not a list holding %s", f.kind.what(), tomlType(e))
			}
			if err := f.set(c, s); err != nil {
				return err
			}
		}
	}
	return nil
}

// tomlType names the type of a decoded TOML value for people.
func tomlType(x any) string {
	switch x.(type) {
	case bool:
		return "a boolean"
	case int64:
		return "an integer"
	case float64:
		return "a float"
	case string:
		return "a string"
	case []any:
		return "a list"
	case map[string]any:
		return "a table"
	}
	return "a date or time"
}

// json returns the setting's value as the saved record writes it:
// durations as Go's duration text, lists as arrays, the rest as JSON's own.
func (f field) json(c *Config) any {
	v := f.value(c)
	switch f.kind {
	case durationKind:
		return time.Duration(v.Int()).String()
	case listKind:
		if v.Len() == 0 {
			return []string{}
		}
		return v.Interface()
	case stringKind:
		return v.String()
	case wordKind:
		return fmt.Sprint(v.Interface())
	}
	return v.Interface()
}

// setJSON sets the setting from its value in a saved record.
func (f field) setJSON(c *Config, raw json.RawMessage) error {
	v := f.value(c)
	switch f.kind {
	case durationKind:
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return err
		}
		return f.set(c, s)
	case stringKind, wordKind:
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return err
		}
		return f.set(c, s)
	case listKind:
		var xs []string
		if err := json.Unmarshal(raw, &xs); err != nil {
			return err
		}
		v.Set(reflect.ValueOf(xs))
		return nil
	}
	return json.Unmarshal(raw, f.at(c))
}

// text returns the setting's value as the command line writes it (a list
// as [a,b]); a secret's value is redacted.
func (f field) text(c *Config) string {
	v := f.value(c)
	switch f.kind {
	case boolKind:
		return strconv.FormatBool(v.Bool())
	case intKind, int64Kind:
		return strconv.FormatInt(v.Int(), 10)
	case durationKind:
		return time.Duration(v.Int()).String()
	case listKind:
		return joinCSV(f.elements(c))
	case wordKind:
		return fmt.Sprint(v.Interface())
	}
	return v.String()
}

// elements returns a list setting's elements as they may be shown: a secret
// list's with each value redacted.
func (f field) elements(c *Config) []string {
	elems := slices.Clone(f.value(c).Interface().([]string))
	if f.show != nil {
		for i, e := range elems {
			elems[i] = f.show(e)
		}
	}
	return elems
}
