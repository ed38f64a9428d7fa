package crawl

import (
	"net/url"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch/union"
)

// Depth, HostInterval and Delay have no default: their zero is kept (the
// seeds only, no spacing, no pause), while the fields that name a default
// take it.
func TestConfigZeroIsASetting(t *testing.T) {
	cfg := Config{Seeds: []*url.URL{{Scheme: "http", Host: "a.test", Path: "/"}}}
	if err := cfg.fill(); err != nil {
		t.Fatal(err)
	}
	if cfg.Depth != 0 || cfg.HostInterval != 0 || cfg.Delay != 0 {
		t.Errorf("depth %d, host interval %s, delay %s; want the zeros kept", cfg.Depth, cfg.HostInterval, cfg.Delay)
	}
	if cfg.MaxPages != DefaultMaxPages || cfg.Concurrency != DefaultConcurrency || cfg.Mode != union.ModeUnion {
		t.Errorf("max pages %d, concurrency %d, mode %q; want the defaults", cfg.MaxPages, cfg.Concurrency, cfg.Mode)
	}
	cfg = Config{Seeds: cfg.Seeds, Depth: -1, HostInterval: -time.Second}
	if err := cfg.Validate(); err == nil {
		t.Error("a negative host interval was accepted")
	}
}
