package store

import "fmt"

// dialect holds the queries whose text differs between the two engines:
// the SQLite record keeps a page's links as one row of outlinks (a JSON
// array of target ids), a PostgreSQL crawl one row of links per link, which
// its workers insert concurrently.
type dialect struct {
	// nodes lists the graph's nodes: url, kind, outcome, cause, words,
	// plain words, rendered words; the URLs met first, in id order, then
	// the targets never fetched, in URL order.
	nodes string
	// edges lists the graph's edges: from, to, anchor, side; by page, then
	// target URL.
	edges string
	// countLinksTo counts the pages linking to a URL; linksTo lists up to
	// a limit of them, with their anchors, by page URL.
	countLinksTo, linksTo string
	// sitemapURLs lists the URLs a sitemap listed, with their state, cause
	// and whether a page links to them; unlisted the pages kept and linked
	// that no sitemap listed.
	sitemapURLs, unlisted string
	// brokenCanonicals lists, after a page id and up to a limit, the kept
	// pages whose event names as canonical another URL the crawl refused
	// or found disallowed, and does not yet hold the finding
	// canonical_broken: page id, URL and event, the canonical URL, its
	// state, cause and refusal words. amendEvent replaces a page's event.
	// (The canonical URL is read from the page event: the crawl writes it
	// normalised, as the urls table holds URLs.)
	brokenCanonicals, amendEvent string
}

// brokenCanonicalsWhere is the condition of the pages brokenCanonicals
// lists, past their canonical URL's join: %s is the engine's substring
// search, instr or strpos.
const brokenCanonicalsWhere = `p.ok = 1 AND t.id != u.id AND t.state IN ('refused', 'disallowed')
		AND %[1]s(p.event, '"finding":"canonical_broken"') = 0`

var sqliteDialect = dialect{
	nodes: `SELECT u.url, CASE u.kind WHEN '' THEN 'page' ELSE u.kind END, u.state,
		       COALESCE(p.cause, ''), p.words, p.plain_words, p.rendered_words
		FROM urls u LEFT JOIN pages p ON p.url_id = u.id WHERE u.state != 'linked'
		UNION ALL
		SELECT * FROM (SELECT url, kind, 'not_fetched', '', NULL, NULL, NULL FROM urls WHERE state = 'linked' ORDER BY url)`,
	edges: `SELECT u.url, t.url, j.value ->> 1, j.value ->> 2
		FROM outlinks o JOIN urls u ON u.id = o.from_id, json_each(o.links) j JOIN urls t ON t.id = j.value ->> 0
		ORDER BY o.from_id, j.key`,
	// (over the temporary table LinksTo makes: see inlinksConn)
	countLinksTo: `SELECT COUNT(*) FROM inlinks WHERE to_id = (SELECT id FROM urls WHERE url = ?)`,
	linksTo: `SELECT u.url, l.anchor FROM inlinks l JOIN urls u ON u.id = l.from_id
		WHERE l.to_id = (SELECT id FROM urls WHERE url = ?) ORDER BY u.url LIMIT ?`,
	sitemapURLs: `SELECT u.url, u.state, COALESCE(p.cause, ''), u.kind != ''
		FROM urls u LEFT JOIN pages p ON p.url_id = u.id WHERE u.in_sitemap = 1 ORDER BY u.url`,
	unlisted: `SELECT u.url FROM urls u WHERE u.state = 'done' AND u.in_sitemap = 0 AND u.kind != '' ORDER BY u.url`,
	brokenCanonicals: `SELECT u.id, u.url, p.event, t.url, t.state, COALESCE(tp.cause, ''), COALESCE(tp.event ->> '$.error', '')
		FROM pages p JOIN urls u ON u.id = p.url_id
		JOIN urls t ON t.url = (p.event ->> '$.canonical') LEFT JOIN pages tp ON tp.url_id = t.id
		WHERE u.id > ? AND instr(p.event, '"canonical":"') > 0 AND ` + fmt.Sprintf(brokenCanonicalsWhere, "instr") + `
		ORDER BY u.id LIMIT ?`,
	amendEvent: `UPDATE pages SET event = ? WHERE url_id = ?`,
}

var pgDialect = dialect{
	nodes: `SELECT u.url, COALESCE((SELECT kind FROM links WHERE to_url = u.url LIMIT 1), 'page'), u.state,
		       COALESCE(p.cause, ''), p.words, p.plain_words, p.rendered_words
		FROM urls u LEFT JOIN pages p ON p.url_id = u.id
		UNION ALL
		SELECT l.to_url, MIN(l.kind), 'not_fetched', '', NULL, NULL, NULL
		FROM links l WHERE NOT EXISTS (SELECT 1 FROM urls WHERE url = l.to_url)
		GROUP BY l.to_url`,
	edges:        `SELECT u.url, l.to_url, l.anchor, l.side FROM links l JOIN urls u ON u.id = l.from_id ORDER BY l.from_id, l.to_url`,
	countLinksTo: `SELECT COUNT(*) FROM links WHERE to_url = $1`,
	linksTo: `SELECT u.url, l.anchor FROM links l JOIN urls u ON u.id = l.from_id
		WHERE l.to_url = $1 ORDER BY u.url LIMIT $2`,
	sitemapURLs: `SELECT u.url, u.state, COALESCE(p.cause, ''), EXISTS (SELECT 1 FROM links WHERE to_url = u.url)
		FROM urls u LEFT JOIN pages p ON p.url_id = u.id WHERE u.in_sitemap = 1 ORDER BY u.url`,
	unlisted: `SELECT u.url FROM urls u WHERE u.state = 'done' AND u.in_sitemap = 0
		AND EXISTS (SELECT 1 FROM links WHERE to_url = u.url) ORDER BY u.url`,
	brokenCanonicals: `SELECT u.id, u.url, p.event, t.url, t.state, COALESCE(tp.cause, ''), COALESCE(tp.event::json ->> 'error', '')
		FROM pages p JOIN urls u ON u.id = p.url_id
		JOIN urls t ON t.url = (CASE WHEN strpos(p.event, '"canonical":"') > 0 THEN p.event::json ->> 'canonical' END)
		LEFT JOIN pages tp ON tp.url_id = t.id
		WHERE u.id > $1 AND ` + fmt.Sprintf(brokenCanonicalsWhere, "strpos") + `
		ORDER BY u.id LIMIT $2`,
	amendEvent: `UPDATE pages SET event = $1 WHERE url_id = $2`,
}
