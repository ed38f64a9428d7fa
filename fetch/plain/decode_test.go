package plain

import (
	"bytes"
	"math"
	"strings"
	"testing"
	"testing/iotest"
)

func TestDecode(t *testing.T) {
	t.Parallel()
	utf := []byte(`<html><head><meta charset="utf-8"><title>Café</title></head></html>`)
	if got := decode(utf, "text/html; charset=utf-8"); &got[0] != &utf[0] {
		t.Errorf("valid UTF-8 was copied; want the body as it is")
	}
	bad := []byte("<p>caf\xe9 \xff</p>") // Latin-1 bytes in a page served as UTF-8
	if got := string(decode(bad, "text/html; charset=utf-8")); got != "<p>caf\uFFFD \uFFFD</p>" {
		t.Errorf("invalid UTF-8 decoded to %q; want each bad byte as U+FFFD", got)
	}
	latin := []byte("<meta charset=\"windows-1252\"><p>caf\xe9 \x80</p>")
	if got := string(decode(latin, "text/html")); !strings.Contains(got, "café €") {
		t.Errorf("windows-1252 by meta decoded to %q; want café €", got)
	}
	if got := string(decode(latin, "text/html; charset=iso-8859-1")); !strings.Contains(got, "café") {
		t.Errorf("the header's charset decoded to %q; want café", got)
	}
	if got := decode(nil, ""); len(got) != 0 {
		t.Errorf("an empty body decoded to %q", got)
	}
}

func TestReadBody(t *testing.T) {
	t.Parallel()
	body := bytes.Repeat([]byte("0123456789"), 1000)
	for _, c := range []struct {
		name          string
		length, limit int64
		want          int
	}{
		{"length told", int64(len(body)), 1 << 20, len(body)},
		{"length unknown", -1, 1 << 20, len(body)},
		{"length understated", 100, 1 << 20, len(body)},
		{"length overstated", 1 << 19, 1 << 20, len(body)},
		{"limit", -1, 4097, 4097},
		{"limit with length told", int64(len(body)), 4097, 4097},
		{"length absurd", math.MaxInt64, 1 << 20, len(body)},
		{"length at the limit", 1 << 20, 1 << 20, len(body)},
	} {
		got, err := readBody(iotest.HalfReader(bytes.NewReader(body)), c.length, c.limit)
		if err != nil || len(got) != c.want || !bytes.Equal(got, body[:c.want]) {
			t.Errorf("%s: read %d bytes (%v); want the first %d", c.name, len(got), err, c.want)
		}
	}
	_, err := readBody(iotest.TimeoutReader(bytes.NewReader(body)), -1, 1<<20)
	if err == nil {
		t.Errorf("a failing read returned no error")
	}
}
