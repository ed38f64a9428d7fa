package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCompletionScripts: each shell's script is generated, names every
// command and flag and the closed value sets, and parses in its shell
// where that shell is installed (bash always is on the CI image).
func TestCompletionScripts(t *testing.T) {
	t.Parallel()
	check := map[string][]string{
		"bash": {"bash", "-n"},
		"zsh":  {"zsh", "-n"},
		"fish": {"fish", "--no-execute"},
	}
	for shell, parse := range check {
		out, errOut, code := webgraph(t, "completion", shell)
		if code != exitOK || out == "" {
			t.Fatalf("completion %s: exit %d, %s", shell, code, errOut)
		}
		for _, c := range completionSpec() {
			if !strings.Contains(out, c.name) {
				t.Errorf("%s: no command %s", shell, c.name)
			}
			for _, f := range c.flags {
				if !strings.Contains(out, f.name) {
					t.Errorf("%s: no flag --%s of %s", shell, f.name, c.name)
				}
			}
		}
		for _, want := range []string{"union", "rendered", "graphml", "login_redirect", "too_thin"} {
			if !strings.Contains(out, want) {
				t.Errorf("%s: no value %q", shell, want)
			}
		}
		file := filepath.Join(t.TempDir(), "webgraph."+shell)
		if err := os.WriteFile(file, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := exec.LookPath(parse[0]); err != nil {
			t.Logf("%s is not installed: its script is not parsed", parse[0])
			continue
		}
		if b, err := exec.Command(parse[0], append(parse[1:], file)...).CombinedOutput(); err != nil {
			t.Errorf("%s does not parse its script: %v\n%s", shell, err, b)
		}
	}
	if _, errOut, code := webgraph(t, "completion", "tcsh"); code != exitUsage || !strings.Contains(errOut, "bash, zsh or fish") {
		t.Errorf("completion tcsh: exit %d, %q", code, errOut)
	}
}

// TestBashCompletes runs the bash script's function as bash's completion
// would: commands, flags, --mode values and the last of a --fail-on list.
func TestBashCompletes(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed")
	}
	script, _, _ := webgraph(t, "completion", "bash")
	file := filepath.Join(t.TempDir(), "webgraph.bash")
	if err := os.WriteFile(file, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ words, want string }{
		{`webgraph cr`, "crawl"},
		{`webgraph crawl --max-p`, "--max-pages"},
		{`webgraph crawl --mode ""`, "union plain rendered"},
		{`webgraph crawl --fail-on missing,w`, "missing,wall"},
		{`webgraph graph --format g`, "graphml"},
		{`webgraph report --o`, "--out"},
		{`webgraph completion z`, "zsh"},
	}
	for _, tt := range tests {
		cmd := `source "$1"; COMP_WORDS=(` + tt.words + `); COMP_CWORD=$((${#COMP_WORDS[@]}-1)); _webgraph; echo "${COMPREPLY[*]}"`
		out, err := exec.Command("bash", "-c", cmd, "bash", file).CombinedOutput()
		if got := strings.TrimSpace(string(out)); err != nil || got != tt.want {
			t.Errorf("completing %s: %q (%v); want %q", tt.words, got, err, tt.want)
		}
	}
}

// TestFishCompletes asks fish itself, where it is installed.
func TestFishCompletes(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("fish"); err != nil {
		t.Skip("fish is not installed")
	}
	script, _, _ := webgraph(t, "completion", "fish")
	file := filepath.Join(t.TempDir(), "webgraph.fish")
	if err := os.WriteFile(file, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("fish", "--no-config", "-c", `source $argv[1]; complete -C "webgraph crawl --mode "; complete -C "webgraph pa"`, file).CombinedOutput()
	for _, want := range []string{"union\t", "rendered\t", "page\t", "pages\t"} {
		if err != nil || !strings.Contains(string(out), want) {
			t.Errorf("fish completions lack %q (%v):\n%s", want, err, out)
		}
	}
}
