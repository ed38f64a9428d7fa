package settings

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Any bytes as webgraph.toml: Load returns settings or an error, never
// panics, and no error quotes the value of a secret the file holds.
func FuzzSettingsFile(f *testing.F) {
	f.Add("max-pages = 200\nheader = [\"Authorization: Bearer s3cr3t-v4lue\"]\n")
	f.Add("proxy = \"http://me:s3cr3t-v4lue@h:1\"\n[table]\nx = 1\n")
	f.Add("mode = \"plian\"\nviewport = 5\n\"quoted key\" = 1\na.b = 2\n")
	f.Add("cookie = [\"s=s3cr3t-v4lue\"]\ncookie = []\n")
	f.Add("=\n[[x]]\n'\n")
	f.Fuzz(func(t *testing.T, text string) {
		path := filepath.Join(t.TempDir(), "webgraph.toml")
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		_, warnings, err := Load(Input{Takes: Crawl, Flags: NewFlags(Crawl), Getenv: func(string) string { return "" }, File: path})
		said := strings.Join(warnings, "\n")
		if err != nil {
			said += "\n" + err.Error()
		}
		if secretOnly(text) && strings.Contains(said, "s3cr3t-v4lue") {
			t.Errorf("a secret's value is quoted: %s", said)
		}
	})
}

// secretOnly says the marker value is in text, and only on lines that set
// a secret (a value elsewhere, a mode's say, may be quoted in its error).
func secretOnly(text string) bool {
	found := false
	for line := range strings.SplitSeq(text, "\n") {
		if !strings.Contains(line, "s3cr3t-v4lue") {
			continue
		}
		key, _, ok := strings.Cut(strings.TrimSpace(line), "=")
		switch strings.TrimSpace(key) {
		case "header", "cookie", "proxy", "db", "baseline":
			if ok {
				found = true
				continue
			}
		}
		return false
	}
	return found
}
