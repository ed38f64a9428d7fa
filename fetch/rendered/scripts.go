package rendered

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/webgraph/webgraph/fetch"
)

// The JavaScript webgraph runs in pages lives in the .js files of this
// package, each with a header that says where it runs and what it may touch.
// A file names each value it takes from Go as a placeholder, __NAME__ (a
// JavaScript identifier, so the file still reads and lints as JavaScript),
// which pageScript fills with the Go constant's value as a JavaScript
// literal: the two sides cannot disagree. The header comment is not sent.

//go:embed guard.js
var guardSource string

//go:embed worker-guard.js
var workerGuardSource string

//go:embed wait.js
var waitSource string

//go:embed extract.js
var extractSource string

//go:embed register.js
var registerSource string

// placeholder matches a placeholder of a script file.
var placeholder = regexp.MustCompile(`__[A-Z][A-Z0-9_]*__`)

// pageScript is one script file and the values of its placeholders.
type pageScript struct {
	name   string
	source string
	values map[string]string // placeholder (without its underscores) → JavaScript literal
}

// code returns the script without its header comment: the lines up to the
// first that is not a // comment.
func (s pageScript) code() string {
	src := s.source
	for strings.HasPrefix(src, "//") {
		_, rest, ok := strings.Cut(src, "\n")
		if !ok {
			return ""
		}
		src = rest
	}
	return strings.TrimSpace(src)
}

// fill returns the script's code with every placeholder replaced. A
// placeholder without a value is left as it is (which fails in the page, and
// a test forbids).
func (s pageScript) fill() string {
	return placeholder.ReplaceAllStringFunc(s.code(), func(p string) string {
		if v, ok := s.values[strings.Trim(p, "_")]; ok {
			return v
		}
		return p
	})
}

// jsString is s as a JavaScript string literal.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func jsInt(n int) string { return strconv.Itoa(n) }

// guardScript is guard.js for a tab; hidden says the tab is never drawn,
// whatever its page's visibility says (newTab).
func guardScript(hidden bool) pageScript {
	return pageScript{name: "guard.js", source: guardSource, values: map[string]string{
		"DUE_SOON_MS":    jsInt(dueSoonMS),
		"HELD_FRAMES":    jsInt(heldFrames),
		"HIDDEN_TAB":     strconv.FormatBool(hidden),
		"IDLE_FN":        jsString(idleFn),
		"WS_BINDING":     jsString(wsBinding),
		"FROZEN_BINDING": jsString(frozenBinding),
	}}
}

// The other scripts and their values.
var (
	workerGuardScript = pageScript{name: "worker-guard.js", source: workerGuardSource, values: map[string]string{"WS_BINDING": jsString(wsBinding)}}
	waitScript        = pageScript{name: "wait.js", source: waitSource, values: map[string]string{"IDLE_FN": jsString(idleFn)}}
	extractScript     = pageScript{name: "extract.js", source: extractSource, values: map[string]string{
		"MAX_LINKS":       jsInt(maxLinks),
		"MAX_ANCHORS":     jsInt(fetch.MaxAnchors),
		"URL_MAX":         jsInt(fetch.MaxURLBytes + 1),
		"MAX_PROBES":      jsInt(maxClosedProbes),
		"MAX_ANCHOR_TEXT": jsInt(maxAnchorText),
		"MAX_META":        jsInt(maxMetaChars),
		"MAX_ROBOTS":      jsInt(maxRobots),
		"MAX_HREFLANG":    jsInt(fetch.MaxHreflang),
		"MAX_JSONLD":      jsInt(fetch.MaxJSONLDScripts),
	}}
	registerScript = pageScript{name: "register.js", source: registerSource}
)

// pageScripts lists every script with its values, for the tests; the
// guard is listed in both of its forms.
func pageScripts() []pageScript {
	return []pageScript{guardScript(false), guardScript(true), workerGuardScript, waitScript, extractScript, registerScript}
}

// The scripts, filled once.
var (
	guardShownJS  = guardScript(false).fill()
	guardHiddenJS = guardScript(true).fill()
	workerGuardJS = workerGuardScript.fill()
	waitFn        = waitScript.fill()
	extractFn     = extractScript.fill()
	registerFn    = registerScript.fill()
)

// guardFor returns guard.js for a tab. A hidden tab (newTab) is never drawn,
// whatever its page's visibility says, so its pages always get the
// animation frames and first observer notices that the guard gives a
// background page.
func guardFor(hidden bool) string {
	if hidden {
		return guardHiddenJS
	}
	return guardShownJS
}

// GuardScript returns the guard script every tab's documents run first
// (guard.js, its values filled), as a hidden tab or a drawn one gets it:
// for a benchmark that measures what the guard costs in another loop
// (bench/'s tuned loop).
func GuardScript(hidden bool) string { return guardFor(hidden) }

// ExtractScript returns the read (extract.js, its caps filled): a function
// of the text cap, whether to keep the DOM and whether it may ask for closed
// shadow roots, which readPage calls in the isolated world. For a benchmark
// that measures what the read costs in another loop (bench/'s tuned loop).
func ExtractScript() string { return extractFn }

// waitExpr is the expression that waits (wait.js) for the page to be idle
// for quiet ms, at most most ms.
func waitExpr(quietMS, mostMS int64) string {
	return fmt.Sprintf("%s(%d, %d)", waitFn, quietMS, mostMS)
}
