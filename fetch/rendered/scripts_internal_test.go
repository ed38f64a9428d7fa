package rendered

import (
	"strings"
	"testing"
)

// Every placeholder of every script file is one Go fills, and every value Go
// has for a script is used: none is left for the page to trip on, and none is
// set that the script no longer reads.
func TestScriptPlaceholders(t *testing.T) {
	for _, s := range pageScripts() {
		code := s.code()
		if code == "" {
			t.Errorf("%s: no code after its header", s.name)
			continue
		}
		if !strings.HasPrefix(s.source, "// "+s.name+": ") {
			t.Errorf("%s: its header does not start by naming the file and what it is", s.name)
		}
		for _, p := range placeholder.FindAllString(code, -1) {
			if _, ok := s.values[strings.Trim(p, "_")]; !ok {
				t.Errorf("%s: placeholder %s has no value", s.name, p)
			}
		}
		for name := range s.values {
			if !strings.Contains(code, "__"+name+"__") {
				t.Errorf("%s: a value is set for __%s__, which the script does not use", s.name, name)
			}
		}
		filled := s.fill()
		if left := placeholder.FindAllString(filled, -1); len(left) > 0 {
			t.Errorf("%s: placeholders left after filling: %q", s.name, left)
		}
		if strings.HasPrefix(filled, "//") {
			t.Errorf("%s: the header comment is sent to the page", s.name)
		}
	}
}

// The guard's two forms differ only in the hidden-tab switch.
func TestGuardForms(t *testing.T) {
	hidden, shown := guardFor(true), guardFor(false)
	if hidden == shown {
		t.Fatal("guardFor(true) and guardFor(false) are the same script")
	}
	if strings.Replace(hidden, "() => true ||", "() => false ||", 1) != shown {
		t.Error("the guard's forms differ in more than the hidden-tab switch")
	}
}
