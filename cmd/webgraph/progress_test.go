package main

import (
	"bufio"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// fakeTerminal is the little of a terminal a live line relies on: a grid
// of width columns that wraps at the last column, carriage return, line
// feed (as CR LF, as a tty's output processing does) and erase to the end
// of the line (ESC [ K). Any other escape sequence fails the test.
type fakeTerminal struct {
	t     *testing.T
	width int
	rows  [][]rune
	row   int
	col   int
}

func newFakeTerminal(t *testing.T, width int) *fakeTerminal {
	return &fakeTerminal{t: t, width: width, rows: [][]rune{nil}}
}

func (ft *fakeTerminal) Write(p []byte) (int, error) {
	s := string(p)
	for len(s) > 0 {
		r, size := utf8.DecodeRuneInString(s)
		s = s[size:]
		switch r {
		case '\r':
			ft.col = 0
		case '\n':
			ft.newRow()
		case '\033':
			if !strings.HasPrefix(s, "[K") {
				ft.t.Fatalf("fake terminal: unknown escape %q", s[:min(len(s), 6)])
			}
			s = s[2:]
			if ft.col < len(ft.rows[ft.row]) {
				ft.rows[ft.row] = ft.rows[ft.row][:ft.col]
			}
		default:
			if ft.col == ft.width { // the pending wrap of a full row
				ft.newRow()
			}
			line := ft.rows[ft.row]
			for len(line) <= ft.col {
				line = append(line, ' ')
			}
			line[ft.col] = r
			ft.rows[ft.row] = line
			ft.col++
		}
	}
	return len(p), nil
}

func (ft *fakeTerminal) newRow() {
	ft.row++
	ft.col = 0
	if ft.row == len(ft.rows) {
		ft.rows = append(ft.rows, nil)
	}
}

// screen returns the rows as text, the last one dropped when empty.
func (ft *fakeTerminal) screen() []string {
	var out []string
	for _, r := range ft.rows {
		out = append(out, string(r))
	}
	if len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return out
}

// decodeEvents turns a crawl's JSON Lines back into its typed events.
func decodeEvents(t *testing.T, stream string) []crawl.Event {
	t.Helper()
	var evs []crawl.Event
	sc := bufio.NewScanner(strings.NewReader(stream))
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		var head struct{ Event string }
		json.Unmarshal(sc.Bytes(), &head)
		ev := crawl.NewEvent(head.Event)
		if ev == nil {
			t.Fatalf("unknown event %q", head.Event)
		}
		if err := json.Unmarshal(sc.Bytes(), ev); err != nil {
			t.Fatal(err)
		}
		evs = append(evs, ev)
	}
	return evs
}

// TestProgressFitsTheTerminal replays a real crawl's (22 pages in plain mode) events into
// the progress of an 80-column terminal, drawing the live line after every
// page: the screen is left with the summary lines alone, no half-line of
// an old state anywhere.
func TestProgressFitsTheTerminal(t *testing.T) {
	t.Parallel()
	ts, _ := sites.Serve(t, "union")
	db := filepath.Join(t.TempDir(), "crawl.db")
	out, errOut, code := webgraph(t, "crawl", "--db", db, "--mode", "plain", "--host-interval", "0", "--delay", "0", ts.URL+"/")
	if code != exitOK {
		t.Fatalf("crawl: exit %d\n%s", code, errOut)
	}
	evs := decodeEvents(t, out)

	for _, width := range []int{80, 40} {
		ft := newFakeTerminal(t, width)
		clock := time.Date(2026, 12, 3, 7, 21, 30, 0, time.UTC)
		p := &progress{w: ft, causes: map[string]int{}, every: time.Hour, maxPages: -1,
			now:  func() time.Time { return clock },
			live: &liveLine{w: ft, terminal: true, width: func() int { return width }}}
		pages, printed := 0, 0
		for _, ev := range evs {
			clock = clock.Add(400 * time.Millisecond)
			p.observe(ev)
			switch ev.(type) {
			case *crawl.PageEvent:
				pages++
				p.draw()
				if row := ft.rows[ft.row]; len(row) >= width {
					t.Errorf("width %d: the live line fills the row (%d runes): %q", width, len(row), string(row))
				}
			case *crawl.DisallowedEvent:
				p.draw()
			}
		}
		if pages < 20 {
			t.Fatalf("the crawl had %d pages; this test wants the fixture's 20 and more", pages)
		}
		screen := ft.screen()
		for _, row := range screen {
			if strings.Contains(row, "queued") || strings.Contains(row, "[#") {
				t.Errorf("width %d: a live line was left behind: %q", width, row)
			}
		}
		// Each summary line printed whole takes ceil(len/width) rows; anything
		// beyond is junk.
		var b strings.Builder
		p2 := &progress{w: &b, causes: map[string]int{}, maxPages: -1, now: func() time.Time { return clock },
			live: &liveLine{w: &b, width: func() int { return 0 }}}
		for _, ev := range evs {
			p2.observe(ev)
		}
		for _, line := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
			printed += max(1, (utf8.RuneCountInString(line)+width-1)/width)
		}
		if len(screen) != printed {
			t.Errorf("width %d: %d rows on screen; want %d (%d junk):\n%s", width, len(screen), printed, len(screen)-printed, strings.Join(screen, "\n"))
		}
	}
}

// TestProgressQueuedBeforeFrontier: the seeds count as queued from the run
// event on, and a bar with an estimate shows when the end is known.
func TestProgressQueuedAndBar(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	clock := time.Date(2026, 12, 3, 7, 0, 0, 0, time.UTC)
	p := &progress{w: &b, causes: map[string]int{}, maxPages: -1, now: func() time.Time { return clock },
		live: &liveLine{w: &b, width: func() int { return 0 }}}
	run := &crawl.RunEvent{Seeds: []string{"http://127.0.0.1:1/", "http://127.0.0.2:1/"}}
	run.Limits.MaxPages = 10
	p.observe(run)
	p.observe(&crawl.DiscoveryEvent{FromSitemap: 8})
	clock = clock.Add(4 * time.Second)
	p.observe(&crawl.PageEvent{OK: true})
	p.observe(&crawl.PageEvent{OK: true})
	p.draw()
	got := b.String()
	for _, want := range []string{"8 queued", "[####················] 2/10  20% ETA 16s"} {
		if !strings.Contains(got, want) {
			t.Errorf("progress %q lacks %q", got, want)
		}
	}
}

// The line counts kept pages as the done event does: a page that is the
// duplicate of a kept one is neither kept nor refused.
func TestProgressCountsDuplicatesApart(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	p := &progress{w: &b, causes: map[string]int{}, maxPages: -1, now: time.Now, live: &liveLine{w: &b, width: func() int { return 0 }}}
	p.observe(&crawl.RunEvent{Seeds: []string{"http://127.0.0.1:1/"}})
	p.observe(&crawl.PageEvent{OK: true})
	p.observe(&crawl.PageEvent{OK: true, DuplicateOf: "http://127.0.0.1:1/"})
	p.observe(&crawl.PageEvent{OK: false, Cause: "missing"})
	p.observe(&crawl.DoneEvent{Event: "done", Stopped: "exhausted", Pages: 3, OK: 1, Duplicates: 1, Refused: 1})
	if want := "3 pages, 1 kept, 1 duplicate, 1 refused (missing 1)"; !strings.Contains(b.String(), want) {
		t.Errorf("progress %q lacks %q", b.String(), want)
	}
}

// A worker of a shared crawl: a shared discovery is not queued again, and
// the stream's end says whose share it is: this worker's, or (the last one
// out) the whole crawl's beside this worker's own line.
func TestProgressSharedCrawl(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		end  crawl.Event
		want []string
	}{
		{"worker_done", &crawl.WorkerDoneEvent{DoneEvent: crawl.DoneEvent{Event: "worker_done", Stopped: "exhausted", Pending: 0}, Worker: "w2"},
			[]string{"this worker's share done (exhausted)", "1 pages, 1 kept", "the last worker out writes the crawl's done"}},
		{"done", &crawl.DoneEvent{Event: "done", Stopped: "exhausted", Pages: 30, OK: 27, Duplicates: 1, Refused: 2, Workers: 3},
			[]string{"done (exhausted)", "this worker 1 pages, 1 kept", "the crawl, 3 workers: 30 pages, 27 kept, 1 duplicate, 2 refused"}},
	}
	for _, test := range tests {
		t.Run(test.name, func(t *testing.T) {
			t.Parallel()
			var b strings.Builder
			p := &progress{w: &b, causes: map[string]int{}, maxPages: -1, now: time.Now, live: &liveLine{w: &b, width: func() int { return 0 }}}
			p.observe(&crawl.RunEvent{Seeds: []string{"http://127.0.0.1:1/"}})
			p.observe(&crawl.DiscoveryEvent{FromSitemap: 8, Shared: true})
			if p.queued != 1 {
				t.Errorf("queued = %d after a shared discovery; want 1 (the seed): another worker queued its sitemap URLs", p.queued)
			}
			p.observe(&crawl.PageEvent{OK: true})
			p.observe(test.end)
			for _, want := range test.want {
				if !strings.Contains(b.String(), want) {
					t.Errorf("progress %q lacks %q", b.String(), want)
				}
			}
		})
	}
}

func TestCutAndDurations(t *testing.T) {
	t.Parallel()
	if got := cut("aéééé", 3); got != "aé…" {
		t.Errorf("cut = %q; want %q", got, "aé…")
	}
	for d, want := range map[time.Duration]string{8 * time.Second: "8s", 4*time.Minute + 10*time.Second: "4m10s", 4 * time.Minute: "4m", 2*time.Hour + 5*time.Minute: "2h5m"} {
		if got := roughDuration(d); got != want {
			t.Errorf("roughDuration(%v) = %q; want %q", d, got, want)
		}
	}
}

// The progress view takes every event the crawl can say, even one that
// carries nothing yet, without failing.
func TestProgressTakesEveryEvent(t *testing.T) {
	var b strings.Builder
	p := &progress{w: &b, causes: map[string]int{}, maxPages: -1, now: time.Now, live: &liveLine{w: &b, width: func() int { return 0 }}}
	for _, name := range crawl.EventNames {
		ev := crawl.NewEvent(name)
		if ev == nil {
			t.Fatalf("crawl.NewEvent(%q) = nil", name)
		}
		p.observe(ev)
	}
	if !strings.Contains(b.String(), "webgraph: crawling") || !strings.Contains(b.String(), "done") {
		t.Errorf("the view said neither the run nor done:\n%s", b.String())
	}
}
