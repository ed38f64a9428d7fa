package crawl

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/webgraph/webgraph/audit"
	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/union"
)

// appendJSON appends the event's JSON, byte for byte what encoding/json
// writes for it with HTML escaping off (TestPageEventJSONMatchesEncoding
// and FuzzPageEventJSON hold it to that). Every page of a crawl is encoded
// once, for its database and its stream, and the reflection-driven encoder
// was the largest cost of a plain crawl after the fetch and the database.
// The rare parts (a render's script report, the audit's findings) still go
// through encoding/json.
func (e *PageEvent) appendJSON(b []byte) ([]byte, error) {
	var err error
	b = append(b, `{"event":`...)
	b = appendString(b, e.Event)
	b = append(b, `,"url":`...)
	b = appendString(b, e.URL)
	b = append(b, `,"final_url":`...)
	b = appendString(b, e.FinalURL)
	b = append(b, `,"ok":`...)
	b = strconv.AppendBool(b, e.OK)
	if e.Status != 0 {
		b = append(b, `,"status":`...)
		b = strconv.AppendInt(b, int64(e.Status), 10)
	}
	b = appendOptString(b, `,"cause":`, e.Cause)
	b = appendOptString(b, `,"error":`, e.Error)
	b = append(b, `,"citation":{"via":`...)
	b = appendString(b, string(e.Citation.Via))
	b = appendOptString(b, `,"found_on":`, e.Citation.FoundOn)
	b = appendOptString(b, `,"anchor":`, e.Citation.Anchor)
	b = append(b, `,"depth":`...)
	b = strconv.AppendInt(b, int64(e.Citation.Depth), 10)
	b = append(b, `},"sides":`...)
	if e.Sides == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '{')
		for i, name := range sortedKeys(e.Sides) {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, string(name))
			b = append(b, ':')
			b = e.Sides[name].appendJSON(b)
		}
		b = append(b, '}')
	}
	b = append(b, `,"used":`...)
	b = appendStrings(b, e.Used)
	b = append(b, `,"dropped":`...)
	b = appendList(b, e.Dropped, func(b []byte, d union.Dropped) []byte {
		b = append(b, `{"side":`...)
		b = appendString(b, string(d.Side))
		b = append(b, `,"reason":`...)
		b = appendString(b, d.Reason)
		return append(b, '}')
	})
	b = appendOptString(b, `,"title":`, e.Title)
	b = appendOptString(b, `,"canonical":`, e.Canonical)
	b = append(b, `,"words":`...)
	b = strconv.AppendInt(b, int64(e.Words), 10)
	if e.Text != nil {
		b = append(b, `,"text":`...)
		b = appendString(b, *e.Text)
	}
	b = append(b, `,"links":{"plain":`...)
	b = strconv.AppendInt(b, int64(e.Links.Plain), 10)
	b = append(b, `,"rendered":`...)
	b = strconv.AppendInt(b, int64(e.Links.Rendered), 10)
	b = append(b, `,"both":`...)
	b = strconv.AppendInt(b, int64(e.Links.Both), 10)
	b = append(b, '}')
	if m := e.RobotsMeta; m != nil {
		b = append(b, `,"robots_meta":{"noindex":`...)
		b = strconv.AppendBool(b, m.Noindex)
		b = append(b, `,"nofollow":`...)
		b = strconv.AppendBool(b, m.Nofollow)
		b = append(b, '}')
	}
	if a := e.Audit; a != nil {
		b = append(b, `,"audit":{`...)
		comma := false
		for _, side := range []struct {
			key string
			f   *audit.Fields
		}{{`"plain":`, a.Plain}, {`"rendered":`, a.Rendered}} {
			if side.f == nil {
				continue
			}
			if comma {
				b = append(b, ',')
			}
			b = append(b, side.key...)
			if b, err = appendFields(b, side.f); err != nil {
				return nil, err
			}
			comma = true
		}
		if comma {
			b = append(b, ',')
		}
		b = append(b, `"findings":`...)
		if a.Findings != nil && len(a.Findings) == 0 {
			b = append(b, "[]"...) // the sides agree: most pages
		} else if b, err = appendValue(b, a.Findings); err != nil {
			return nil, err
		}
		b = append(b, '}')
	}
	b = append(b, `,"dropped_long_urls":`...)
	b = strconv.AppendInt(b, int64(e.DroppedLongURLs), 10)
	b = appendOptString(b, `,"duplicate_of":`, e.DuplicateOf)
	b = append(b, `,"warnings":`...)
	b = appendStrings(b, e.Warnings)
	b = append(b, `,"discovered_kinds":`...)
	k, _ := e.DiscoveredKinds.MarshalJSON() // a nil tally too, as encoding/json calls it
	b = append(b, k...)
	return append(b, '}'), nil
}

// appendJSON appends the side's report as encoding/json writes it.
func (r SideReport) appendJSON(b []byte) []byte {
	b = append(b, '{')
	if r.Status != 0 {
		b = append(b, `"status":`...)
		b = strconv.AppendInt(b, int64(r.Status), 10)
		b = append(b, ',')
	}
	if r.FinalURL != "" {
		b = append(b, `"final_url":`...)
		b = appendString(b, r.FinalURL)
		b = append(b, ',')
	}
	if r.ContentType != "" {
		b = append(b, `"content_type":`...)
		b = appendString(b, r.ContentType)
		b = append(b, ',')
	}
	b = append(b, `"words":`...)
	b = strconv.AppendInt(b, int64(r.Words), 10)
	b = append(b, `,"ms":`...)
	b = strconv.AppendInt(b, r.MS, 10)
	if len(r.Redirects) > 0 {
		b = append(b, `,"redirects":`...)
		b = appendList(b, r.Redirects, appendRedirect)
	}
	b = appendOptString(b, `,"wait":`, r.Wait)
	if len(r.Requests) > 0 {
		b = append(b, `,"requests":{`...)
		for i, host := range sortedKeys(r.Requests) {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, host)
			b = append(b, ':')
			b = strconv.AppendInt(b, int64(r.Requests[host]), 10)
		}
		b = append(b, '}')
	}
	if r.Blocked != 0 {
		b = append(b, `,"blocked":`...)
		b = strconv.AppendInt(b, int64(r.Blocked), 10)
	}
	if len(r.BlockedResources) > 0 {
		b = append(b, `,"blocked_resources":`...)
		b = appendList(b, r.BlockedResources, appendBlocked)
	}
	if r.Download {
		b = append(b, `,"download":true`...)
	}
	if r.Truncated {
		b = append(b, `,"truncated":true`...)
	}
	b = appendOptString(b, `,"error":`, r.Error)
	b = appendOptString(b, `,"proto":`, r.Proto)
	if len(r.OpenStreams) > 0 {
		b = append(b, `,"open_streams":`...)
		b = appendList(b, r.OpenStreams, appendOpenStream)
	}
	return append(b, '}')
}

// appendFields appends one side's audited fields; a render's script report
// goes through encoding/json, its fields inlined as an embedded struct's are.
func appendFields(b []byte, f *audit.Fields) ([]byte, error) {
	b = append(b, `{"title":`...)
	b = appendString(b, f.Title)
	b = append(b, `,"description":`...)
	b = appendString(b, f.Description)
	b = append(b, `,"h1":`...)
	b = appendString(b, f.H1)
	b = append(b, `,"canonical":`...)
	b = appendString(b, f.Canonical)
	b = append(b, `,"robots":`...)
	b = appendStrings(b, f.Robots)
	b = append(b, `,"hreflang":`...)
	if f.Hreflang == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '{')
		for i, lang := range sortedKeys(f.Hreflang) {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, lang)
			b = append(b, ':')
			b = appendString(b, f.Hreflang[lang])
		}
		b = append(b, '}')
	}
	b = append(b, `,"structured_data":`...)
	b = appendStrings(b, f.StructuredData)
	b = append(b, `,"links":`...)
	b = strconv.AppendInt(b, int64(f.Links), 10)
	b = append(b, `,"words":`...)
	b = strconv.AppendInt(b, int64(f.Words), 10)
	if f.Script != nil {
		s, err := appendValue(nil, f.Script)
		if err != nil {
			return nil, err
		}
		if len(s) > 2 { // {"console_errors":…}: its members follow ours
			b = append(b, ',')
			b = append(b, s[1:len(s)-1]...)
		}
	}
	return append(b, '}'), nil
}

func appendRedirect(b []byte, r fetch.Redirect) []byte {
	b = append(b, `{"from":`...)
	b = appendString(b, r.From)
	b = append(b, `,"to":`...)
	b = appendString(b, r.To)
	b = append(b, `,"status":`...)
	b = strconv.AppendInt(b, int64(r.Status), 10)
	b = appendOptString(b, `,"via":`, r.Via)
	return append(b, '}')
}

func appendBlocked(b []byte, r fetch.BlockedResource) []byte {
	b = append(b, `{"url":`...)
	b = appendString(b, r.URL)
	b = append(b, `,"reason":`...)
	b = appendString(b, string(r.Reason))
	b = appendOptString(b, `,"detail":`, r.Detail)
	return append(b, '}')
}

func appendOpenStream(b []byte, s fetch.OpenStream) []byte {
	b = append(b, `{"url":`...)
	b = appendString(b, s.URL)
	b = append(b, `,"kind":`...)
	b = appendString(b, s.Kind)
	return append(b, '}')
}

// appendValue appends v as encoding/json writes it, HTML characters left
// as they are.
func appendValue(b []byte, v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return append(b, bytes.TrimSuffix(buf.Bytes(), []byte("\n"))...), nil
}

// appendList appends a list, each element by elem (null when nil, as
// encoding/json writes a nil slice).
func appendList[T any](b []byte, xs []T, elem func([]byte, T) []byte) []byte {
	if xs == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = elem(b, x)
	}
	return append(b, ']')
}

// appendStrings appends a list of strings (null when nil).
func appendStrings[S ~string](b []byte, ss []S) []byte {
	return appendList(b, ss, func(b []byte, s S) []byte { return appendString(b, string(s)) })
}

// appendOptString appends key and s unless s is empty (omitempty).
func appendOptString(b []byte, key, s string) []byte {
	if s == "" {
		return b
	}
	return appendString(append(b, key...), s)
}

func sortedKeys[K ~string, V any](m map[K]V) []K {
	keys := make([]K, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

const hexDigits = "0123456789abcdef"

// appendString appends s quoted as encoding/json quotes a string with HTML
// escaping off: quotes, backslashes and control characters escaped, invalid
// UTF-8 replaced by U+FFFD, and U+2028 and U+2029 escaped (JavaScript reads
// them as line ends). Everything a site wrote passes through here.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
