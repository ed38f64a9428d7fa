package crawl

import (
	"errors"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch/union"
)

// Config has no defaults: a zero that is not a setting of its own is
// refused, never taken for a default; Depth, HostInterval, Delay,
// TimeBudget and MaxRetries keep their zeros (the seeds only, no spacing,
// no pause, no budget, no retry), and NoLimit lifts Depth and MaxPages.
func TestConfigZeroIsRefusedOrASetting(t *testing.T) {
	seed := []*url.URL{{Scheme: "http", Host: "a.test", Path: "/"}}
	valid := Config{Seeds: seed, Mode: union.ModePlain, MaxPages: 1, Concurrency: 1, SitemapLimit: 1, MaxBody: 1, FrontierEvery: 1}
	if err := valid.Validate(); err != nil {
		t.Fatalf("every zero that is a setting: %v", err)
	}
	for _, tt := range []struct {
		name string
		edit func(*Config)
		want string // "" for valid
	}{
		{"no mode", func(c *Config) { c.Mode = "" }, "mode"},
		{"no page ceiling", func(c *Config) { c.MaxPages = 0 }, "max pages"},
		{"no limit on pages", func(c *Config) { c.MaxPages = NoLimit }, ""},
		{"other negative ceiling", func(c *Config) { c.MaxPages = -2 }, "max pages"},
		{"no concurrency", func(c *Config) { c.Concurrency = 0 }, "concurrency"},
		{"no depth limit", func(c *Config) { c.Depth = NoLimit }, ""},
		{"other negative depth", func(c *Config) { c.Depth = -2 }, "depth"},
		{"no sitemap limit", func(c *Config) { c.SitemapLimit = 0 }, "sitemap"},
		{"no body cap", func(c *Config) { c.MaxBody = 0 }, "body"},
		{"no frontier events", func(c *Config) { c.FrontierEvery = 0 }, "frontier"},
		{"negative retries", func(c *Config) { c.MaxRetries = -1 }, "retries"},
		{"negative host interval", func(c *Config) { c.HostInterval = -time.Second }, "negative"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := valid
			tt.edit(&c)
			err := c.Validate()
			var ce *ConfigError
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("Validate = %v; want valid", err)
			case tt.want != "" && (!errors.As(err, &ce) || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("Validate = %v; want a *ConfigError about %q", err, tt.want)
			}
		})
	}
	if _, err := New(valid, Deps{}); err == nil || !strings.Contains(err.Error(), "Deps") {
		t.Errorf("New with no Deps = %v; want it refused", err)
	}
}
