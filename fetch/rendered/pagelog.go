package rendered

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"

	"github.com/webgraph/webgraph/fetch"
)

// pageLog records, from one render's events, what a page's scripts did wrong:
// console errors, uncaught exceptions and failed subresource requests; and
// the main document's X-Robots-Tag header. Safe for concurrent use.
type pageLog struct {
	frame cdp.FrameID

	mu      sync.Mutex
	urls    map[network.RequestID]string // subresource requests of this render
	errors  []fetch.ConsoleError
	failed  []fetch.FailedRequest
	xRobots []string
}

func newPageLog(frame cdp.FrameID) *pageLog {
	return &pageLog{frame: frame, urls: map[network.RequestID]string{}}
}

func (l *pageLog) onEvent(ev any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch ev := ev.(type) {
	case *runtime.EventConsoleAPICalled:
		if ev.Type != runtime.ConsoleAPICalledTypeError && ev.Type != runtime.ConsoleAPICalledTypeAssert {
			return
		}
		var parts []string
		for _, a := range ev.Args {
			parts = append(parts, remoteText(a))
		}
		src := "console." + string(ev.Type)
		if st := ev.StackTrace; st != nil && len(st.CallFrames) > 0 {
			src = location(st.CallFrames[0].URL, st.CallFrames[0].LineNumber)
		}
		l.addError(strings.Join(parts, " "), src)
	case *runtime.EventExceptionThrown:
		d := ev.ExceptionDetails
		if d == nil {
			return
		}
		msg := d.Text
		if d.Exception != nil && d.Exception.Description != "" {
			msg = d.Exception.Description
			if i := strings.IndexByte(msg, '\n'); i > 0 {
				msg = msg[:i] // the first line; the stack follows
			}
		}
		l.addError(msg, location(d.URL, d.LineNumber))
	case *network.EventRequestWillBeSent:
		if ev.Type != network.ResourceTypeDocument || ev.FrameID != l.frame {
			l.urls[ev.RequestID] = ev.Request.URL
		}
	case *network.EventResponseReceived:
		if ev.Type == network.ResourceTypeDocument && ev.FrameID == l.frame {
			l.xRobots = nil
			for k, v := range ev.Response.Headers {
				if strings.EqualFold(k, "X-Robots-Tag") {
					if s, ok := v.(string); ok {
						// Chrome joins repeated headers with newlines.
						l.xRobots = append(l.xRobots, strings.Split(s, "\n")...)
					}
				}
			}
			return
		}
		if u, ok := l.urls[ev.RequestID]; ok && ev.Response.Status >= 400 {
			l.addFailed(fetch.FailedRequest{URL: u, Status: int(ev.Response.Status)})
		}
	case *network.EventLoadingFailed:
		u, ok := l.urls[ev.RequestID]
		// Canceled requests were cut short by the page or the render's
		// end; blocked ones were webgraph's own choice.
		if !ok || ev.Canceled || ev.BlockedReason != "" || strings.Contains(ev.ErrorText, "BLOCKED_BY_CLIENT") {
			return
		}
		l.addFailed(fetch.FailedRequest{URL: u, Error: ev.ErrorText})
	}
}

func (l *pageLog) addError(msg, src string) {
	if len(l.errors) < fetch.MaxConsoleErrors {
		l.errors = append(l.errors, fetch.ConsoleError{Message: fetch.Clip(msg, fetch.MaxHeadField), Source: fetch.Clip(src, fetch.MaxHeadField)})
	}
}

func (l *pageLog) addFailed(f fetch.FailedRequest) {
	if len(f.URL) > fetch.MaxURLBytes {
		f.URL = f.URL[:fetch.MaxURLBytes]
	}
	for _, g := range l.failed {
		if g.URL == f.URL {
			return
		}
	}
	if len(l.failed) < fetch.MaxFailedRequests {
		l.failed = append(l.failed, f)
	}
}

// xRobotsTag returns the main document's X-Robots-Tag values.
func (l *pageLog) xRobotsTag() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.xRobots...)
}

// fill copies the log into s.
func (l *pageLog) fill(s *fetch.Side) {
	l.mu.Lock()
	defer l.mu.Unlock()
	s.Head.ConsoleErrors = append([]fetch.ConsoleError(nil), l.errors...)
	s.Head.FailedRequests = append([]fetch.FailedRequest(nil), l.failed...)
}

// remoteText is how a console argument reads: a string's value, else the
// object's description.
func remoteText(o *runtime.RemoteObject) string {
	if o == nil {
		return ""
	}
	if o.Type == runtime.RemoteObjectTypeString {
		var s string
		if err := json.Unmarshal([]byte(o.Value), &s); err == nil {
			return s
		}
	}
	if o.Description != "" {
		return o.Description
	}
	return string(o.Value)
}

func location(u string, line int64) string {
	if u == "" {
		return ""
	}
	return fmt.Sprintf("%s:%d", u, line+1)
}
