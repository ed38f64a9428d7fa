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
	// The canonical URL is cut from the event's text where its top-level
	// "canonical" begins (the first in the event: every string before it
	// is escaped, and the crawl writes it normalised, as the urls table
	// holds URLs), and checked against the event's JSON only for the few
	// pages that name a refused URL: parsing every page's event took twice
	// as long.
	brokenCanonicals, amendEvent string
	// keptPages lists the kept pages (the kept table's canonical URLs
	// joined to the pages that hold them; duplicates and refused pages
	// left out) in the byte order of their URLs: canonical URL, last
	// modified, noindex. A kept row names its page by the URL it was
	// asked as (a urls row with its page); one that names no such page
	// names the page's final URL, as crawls recorded it before.
	keptPages string
}

// brokenCanonicalsQuery is the engine's brokenCanonicals: %[1]s is its
// substring search (instr, strpos), %[2]s and %[3]s the JSON of a page's
// canonical URL and of its canonical URL's refusal words, %[4]s and %[5]s
// the placeholders of the page id to start after and of the limit.
const brokenCanonicalsQuery = `WITH c AS (
		SELECT p.url_id, p.event, substr(p.event, %[1]s(p.event, '"canonical":"') + 13, 8300) AS rest
		FROM pages p WHERE p.url_id > %[4]s AND p.ok = 1 AND %[1]s(p.event, '"canonical":"') > 0)
	SELECT u.id, u.url, c.event, t.url, t.state, COALESCE(tp.cause, ''), COALESCE(%[3]s, '')
	FROM c JOIN urls u ON u.id = c.url_id
	JOIN urls t ON t.url = CASE WHEN %[1]s(c.rest, '"') > 0 THEN substr(c.rest, 1, %[1]s(c.rest, '"') - 1) END
	LEFT JOIN pages tp ON tp.url_id = t.id
	WHERE t.id != u.id AND t.state IN ('refused', 'disallowed') AND %[2]s = t.url
		AND %[1]s(c.event, '"finding":"canonical_broken"') = 0
	ORDER BY u.id LIMIT %[5]s`

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
	unlisted:         `SELECT u.url FROM urls u WHERE u.state = 'done' AND u.in_sitemap = 0 AND u.kind != '' ORDER BY u.url`,
	brokenCanonicals: fmt.Sprintf(brokenCanonicalsQuery, "instr", "(c.event ->> '$.canonical')", "(tp.event ->> '$.error')", "?", "?"),
	amendEvent:       `UPDATE pages SET event = ? WHERE url_id = ?`,
	keptPages: `SELECT canon, last_modified, noindex FROM (
		SELECT k.canon, p.last_modified, COALESCE(p.event ->> '$.robots_meta.noindex', 0) AS noindex
			FROM kept k JOIN urls u ON u.url = k.url JOIN pages p ON p.url_id = u.id
			WHERE p.ok = 1 AND p.event ->> '$.duplicate_of' IS NULL
		UNION ALL
		SELECT k.canon, p.last_modified, COALESCE(p.event ->> '$.robots_meta.noindex', 0)
			FROM kept k JOIN pages p ON p.final_url = k.url
			WHERE NOT EXISTS (SELECT 1 FROM urls u JOIN pages q ON q.url_id = u.id WHERE u.url = k.url)
			AND p.ok = 1 AND p.event ->> '$.duplicate_of' IS NULL)
		ORDER BY canon`,
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
	brokenCanonicals: fmt.Sprintf(brokenCanonicalsQuery, "strpos", "(c.event::json ->> 'canonical')", "(tp.event::json ->> 'error')", "$1", "$2"),
	amendEvent:       `UPDATE pages SET event = $1 WHERE url_id = $2`,
	keptPages: `SELECT canon, last_modified, noindex FROM (
		SELECT k.canon, p.last_modified, COALESCE((p.event::jsonb -> 'robots_meta' ->> 'noindex')::boolean, false) AS noindex
			FROM kept k JOIN urls u ON u.url = k.url JOIN pages p ON p.url_id = u.id
			WHERE p.ok = 1 AND p.event::jsonb ->> 'duplicate_of' IS NULL
		UNION ALL
		SELECT k.canon, p.last_modified, COALESCE((p.event::jsonb -> 'robots_meta' ->> 'noindex')::boolean, false)
			FROM kept k JOIN pages p ON p.final_url = k.url
			WHERE NOT EXISTS (SELECT 1 FROM urls u JOIN pages q ON q.url_id = u.id WHERE u.url = k.url)
			AND p.ok = 1 AND p.event::jsonb ->> 'duplicate_of' IS NULL) AS kept_pages
		ORDER BY canon COLLATE "C"`,
}
