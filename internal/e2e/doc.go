// Package e2e holds end-to-end tests that run the real webgraph binary as
// several processes: workers sharing one crawl on PostgreSQL. It has no code
// of its own.
package e2e
