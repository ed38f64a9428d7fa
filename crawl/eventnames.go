package crawl

import "github.com/webgraph/webgraph/linkcheck"

// Event is one event of a crawl's stream, as the Sink receives it. Its
// EventName is the "event" field of its JSON line, one of the Event*
// constants. The types below are all there are; a consumer that switches
// on them (the progress view, the JSON writer, the journal) is held to
// this list by a test (TestEveryEventIsNamed), so a new event cannot be
// missed.
type Event interface {
	EventName() string
}

// The events' names: the "event" field of each line of the stream.
const (
	EventRun          = "run"
	EventSeedRedirect = "seed_redirect"
	EventDiscovery    = "discovery"
	EventFrontier     = "frontier"
	EventPage         = "page"
	EventDisallowed   = "disallowed"
	EventDeferred     = "deferred"
	EventPaused       = "paused"
	EventWarning      = "warning"
	EventFinding      = "finding"
	EventLink         = linkcheck.EventName
	EventDone         = "done"
	EventWorkerDone   = "worker_done"
)

// EventNames lists every event's name, in the order a stream says them
// first.
var EventNames = []string{EventRun, EventSeedRedirect, EventDiscovery, EventFrontier, EventPage, EventDisallowed,
	EventDeferred, EventPaused, EventWarning, EventFinding, EventLink, EventDone, EventWorkerDone}

func (*RunEvent) EventName() string          { return EventRun }
func (*SeedRedirectEvent) EventName() string { return EventSeedRedirect }
func (*DiscoveryEvent) EventName() string    { return EventDiscovery }
func (*FrontierEvent) EventName() string     { return EventFrontier }
func (*PageEvent) EventName() string         { return EventPage }
func (*DisallowedEvent) EventName() string   { return EventDisallowed }
func (*DeferredEvent) EventName() string     { return EventDeferred }
func (*PausedEvent) EventName() string       { return EventPaused }
func (*WarningEvent) EventName() string      { return EventWarning }
func (*FindingEvent) EventName() string      { return EventFinding }
func (*DoneEvent) EventName() string         { return EventDone }
func (*WorkerDoneEvent) EventName() string   { return EventWorkerDone }

// linkcheck.Event names itself (EventLink): the checker's verdicts pass
// through the crawl's stream as they are.
var _ Event = (*linkcheck.Event)(nil)

// NewEvent returns a new, empty event of the type named, for reading a
// stream back (json.Unmarshal into it), or nil for a name no event has.
func NewEvent(name string) Event {
	switch name {
	case EventRun:
		return &RunEvent{}
	case EventSeedRedirect:
		return &SeedRedirectEvent{}
	case EventDiscovery:
		return &DiscoveryEvent{}
	case EventFrontier:
		return &FrontierEvent{}
	case EventPage:
		return &PageEvent{}
	case EventDisallowed:
		return &DisallowedEvent{}
	case EventDeferred:
		return &DeferredEvent{}
	case EventPaused:
		return &PausedEvent{}
	case EventWarning:
		return &WarningEvent{}
	case EventFinding:
		return &FindingEvent{}
	case EventLink:
		return &linkcheck.Event{}
	case EventDone:
		return &DoneEvent{}
	case EventWorkerDone:
		return &WorkerDoneEvent{}
	}
	return nil
}
