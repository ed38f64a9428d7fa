package warc

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
)

// CDXJ is one line of a CDXJ index (docs/design.md, "Archives"): the
// searchable form of the record's URL (SURT), its 14-digit UTC timestamp,
// and a JSON block naming where the record is, so that a replay tool can
// read the record alone.
type CDXJ struct {
	Key       string `json:"-"`
	Timestamp string `json:"-"`
	URL       string `json:"url"`
	Mime      string `json:"mime"`
	Status    int    `json:"status"`
	Digest    string `json:"digest,omitempty"`
	// Offset and Length are the record's place in Filename: the gzip
	// member that holds it and nothing else.
	Offset   int64  `json:"offset"`
	Length   int64  `json:"length"`
	Filename string `json:"filename"`
}

// Line returns c as a line of CDXJ, with its newline.
func (c *CDXJ) Line() ([]byte, error) {
	js, err := json.Marshal(c)
	if err != nil {
		return nil, err
	}
	line := make([]byte, 0, len(c.Key)+len(c.Timestamp)+len(js)+3)
	line = append(append(append(line, c.Key...), ' '), c.Timestamp...)
	line = append(append(append(line, ' '), js...), '\n')
	return line, nil
}

// ParseCDXJ reads one line of CDXJ (without its newline). The key must be
// the SURT of the block's url, the timestamp 14 digits (17 with
// milliseconds), and the block a JSON object with a url, a filename and an
// offset and length that can be a record's.
func ParseCDXJ(line []byte) (CDXJ, error) {
	key, rest, ok1 := bytes.Cut(line, []byte(" "))
	ts, js, ok2 := bytes.Cut(rest, []byte(" "))
	if !ok1 || !ok2 || len(key) == 0 {
		return CDXJ{}, errors.New("not three fields separated by spaces")
	}
	c := CDXJ{Key: string(key), Timestamp: string(ts)}
	if len(ts) != 14 && len(ts) != 17 || strings.Trim(string(ts), "0123456789") != "" {
		return c, fmt.Errorf("timestamp %q is not 14 or 17 digits", ts)
	}
	if err := json.Unmarshal(js, &c); err != nil {
		return c, fmt.Errorf("the JSON block: %w", err)
	}
	switch {
	case c.URL == "":
		return c, errors.New("the JSON block has no url")
	case c.Filename == "":
		return c, errors.New("the JSON block has no filename")
	case c.Offset < 0 || c.Length <= 0:
		return c, fmt.Errorf("offset %d and length %d cannot hold a record", c.Offset, c.Length)
	}
	if want := SURT(c.URL); c.Key != want {
		return c, fmt.Errorf("key %q is not the SURT of %q (%q)", c.Key, c.URL, want)
	}
	return c, nil
}

// SortCDXJ sorts lines as a CDXJ file is sorted: by their bytes, which is
// by key, then timestamp (a key holds no byte at or below the space that
// separates it from the timestamp).
func SortCDXJ(lines [][]byte) {
	slices.SortFunc(lines, bytes.Compare)
}

// Timestamp14 is t in UTC as the 14 digits of a CDXJ timestamp.
func Timestamp14(t time.Time) string { return t.UTC().Format("20060102150405") }

// SURT returns the searchable form of a URI that a CDXJ line is sorted
// by, as pywb and the WACZ tools make it: for http(s) the scheme dropped,
// the host's labels reversed and joined by commas (a leading www label
// dropped, the default port too), ")" and the path and query, the query's
// parameters sorted; any other URI (the urn: of a DOM snapshot or a
// picture) as it is. Everything is lower case, the fragment is dropped,
// and bytes at or below the space, DEL and bytes above ASCII are
// percent-encoded so the key stays one field of one line.
func SURT(uri string) string {
	uri, _, _ = strings.Cut(uri, "#")
	key := strings.ToLower(uri)
	if u, err := url.Parse(uri); err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" {
		key = surtHTTP(u)
	}
	return escapeKey(key)
}

// surtHTTP is SURT for an http(s) URL.
func surtHTTP(u *url.URL) string {
	host := strings.ToLower(u.Hostname())
	port := u.Port()
	if (u.Scheme == "http" && port == "80") || (u.Scheme == "https" && port == "443") {
		port = ""
	}
	var b strings.Builder
	if strings.Contains(host, ":") { // IPv6: kept whole
		b.WriteString("[" + host + "]")
	} else {
		labels := strings.Split(strings.TrimSuffix(host, "."), ".")
		if len(labels) > 2 && isWWW(labels[0]) && net.ParseIP(host) == nil {
			labels = labels[1:]
		}
		slices.Reverse(labels)
		b.WriteString(strings.Join(labels, ","))
	}
	if port != "" {
		b.WriteString(":" + port)
	}
	b.WriteByte(')')
	path := u.EscapedPath()
	if path == "" {
		path = "/"
	}
	b.WriteString(strings.ToLower(path))
	if u.RawQuery != "" {
		params := strings.Split(strings.ToLower(u.RawQuery), "&")
		slices.Sort(params)
		b.WriteString("?" + strings.Join(params, "&"))
	}
	return b.String()
}

// isWWW reports whether a host label is www, or www and digits (www2).
func isWWW(label string) bool {
	rest, ok := strings.CutPrefix(label, "www")
	return ok && strings.Trim(rest, "0123456789") == ""
}

// escapeKey percent-encodes the bytes a CDXJ key cannot hold as they are.
func escapeKey(s string) string {
	clean := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c >= 0x7f {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= ' ' || c >= 0x7f {
			b.WriteString("%" + strings.ToUpper(strconv.FormatUint(uint64(c)>>4, 16)+strconv.FormatUint(uint64(c)&15, 16)))
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}
