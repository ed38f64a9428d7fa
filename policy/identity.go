// Package policy decides what webgraph may ask of a site and how fast:
// identity (the product token and User-Agent), robots.txt (RFC 9309), the
// shared per-host throttle, scope and limits.
package policy

import "strings"

// AgentToken is the product token by which webgraph asks robots.txt for its
// rules. It is never taken from the User-Agent header, whose first token is
// "Mozilla".
const AgentToken = "webgraph"

// Identity is how webgraph presents itself: one stable, truthful User-Agent
// for both the plain and the rendered side. The zero value is valid; without
// a Contact the run still goes, and the run summary warns.
type Identity struct {
	Version string // e.g. "0.1.0"; "dev" when empty
	Contact string // operator URL or e-mail address; may be empty
}

// UserAgent returns "Mozilla/5.0 (compatible; webgraph/VERSION; +CONTACT)",
// leaving out "; +CONTACT" when there is no contact.
func (id Identity) UserAgent() string {
	v := id.Version
	if v == "" {
		v = "dev"
	}
	var b strings.Builder
	b.WriteString("Mozilla/5.0 (compatible; ")
	b.WriteString(AgentToken)
	b.WriteByte('/')
	b.WriteString(v)
	if c := strings.TrimSpace(id.Contact); c != "" {
		b.WriteString("; +")
		b.WriteString(c)
	}
	b.WriteByte(')')
	return b.String()
}

// Warnings lists what the operator should fix about the identity.
func (id Identity) Warnings() []string {
	if strings.TrimSpace(id.Contact) == "" {
		return []string{"no operator contact: set --contact or WEBGRAPH_CONTACT so site operators can reach you"}
	}
	return nil
}
