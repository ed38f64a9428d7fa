#!/usr/bin/env python3
"""Writes the labelled content set (testdata/content/<site>/) from the sources in sites/.

Each module in sites/ is one site: its template's boilerplate (the HTML around the
article, written as that kind of site writes it) and its pages, whose article text is
written in a small block markup (see parse). A page's label (<page>.txt) is derived from
the same blocks by the rules of ../README.md, so the HTML and the label cannot drift
apart; what a labeller leaves out (bylines, in-article ads, comments) is never in the
blocks' labelled parts.

    python3 gen.py            # every site
    python3 gen.py blog-en    # one site
"""
import html
import importlib
import json
import os
import re
import sys
import textwrap

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.dirname(HERE)
BASE = "http://site.test/"


def esc(s):
    return html.escape(s, quote=True)


# ---- inline markup: **strong**, *em*, `code`, [text](href), ^[n] (a reference mark)

_INLINE = re.compile(r"\*\*(.+?)\*\*|\*(.+?)\*|`(.+?)`|\[([^\]]+)\]\(([^)\s]+)\)|\^\[(\w+)\]")


def inline_html(s, r=None):
    out, last = [], 0
    for m in _INLINE.finditer(s):
        out.append(esc(s[last:m.start()]))
        if m.group(1) is not None:
            out.append("<strong>" + inline_html(m.group(1), r) + "</strong>")
        elif m.group(2) is not None:
            out.append("<em>" + inline_html(m.group(2), r) + "</em>")
        elif m.group(3) is not None:
            out.append((r.inline_code if r else default_inline_code)(m.group(3)))
        elif m.group(4) is not None:
            out.append((r.link if r else default_link)(m.group(5), inline_html(m.group(4), r)))
        else:
            out.append((r.refmark if r else default_refmark)(m.group(6)))
        last = m.end()
    out.append(esc(s[last:]))
    return "".join(out)


def default_inline_code(code):
    return "<code>" + esc(code) + "</code>"


def default_link(href, inner):
    return '<a href="%s">%s</a>' % (esc(href), inner)


def default_refmark(n):
    return '<sup class="reference"><a href="#cite-note-%s">[%s]</a></sup>' % (n, n)


def inline_text(s):
    def sub(m):
        if m.group(1) is not None:
            return inline_text(m.group(1))
        if m.group(2) is not None:
            return inline_text(m.group(2))
        if m.group(3) is not None:
            return m.group(3)
        if m.group(4) is not None:
            return inline_text(m.group(4))
        return ""
    return _INLINE.sub(sub, s)


# ---- block markup
#
#   # / ## / ### heading           - item / 1. item (two spaces nest)
#   > quoted paragraph ( ">" alone splits paragraphs, "> -- who" is the cite)
#   | a | b | table rows, the first the header ("|---|" lines skipped)
#   ```lang ... ```  code           !name arg | arg | …  a directive (figure, note, ad, …)
#   anything else: a paragraph (lines joined with spaces; a "\\" ending a line is a <br>)


def parse(src):
    lines = textwrap.dedent(src).strip("\n").split("\n")
    blocks, i = [], 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        if line.startswith("```"):
            lang = line[3:].strip()
            j = i + 1
            while not lines[j].startswith("```"):
                j += 1
            blocks.append(("code", lang, lines[i + 1:j]))
            i = j + 1
            continue
        if re.match(r"#{1,4} ", line):
            level = len(line) - len(line.lstrip("#"))
            blocks.append(("h", level, line[level + 1:].strip()))
            i += 1
            continue
        if line.startswith("!"):
            name, _, rest = line[1:].partition(" ")
            blocks.append(("dir", name, [a.strip() for a in rest.split(" | ")] if rest else []))
            i += 1
            continue
        j = i + 1
        kind = block_kind(lines[i])
        while j < len(lines) and lines[j].strip() and not lines[j].startswith("```") and not lines[j].startswith("!"):
            if block_kind(lines[j]) != kind and not (kind == "list" and lines[j].startswith(" ")):
                break  # a list, quote or table right under a paragraph starts a block of its own
            j += 1
        group = lines[i:j]
        i = j
        first = group[0]
        if re.match(r"\s*(- |\d+\. )", first):
            blocks.append(("list", parse_list(group)))
        elif first.startswith(">"):
            paras, cur, cite = [], [], None
            for g in group:
                t = g[1:].strip()
                if t.startswith("-- "):
                    cite = t[3:]
                elif not t:
                    if cur:
                        paras.append(" ".join(cur))
                    cur = []
                else:
                    cur.append(t)
            if cur:
                paras.append(" ".join(cur))
            blocks.append(("quote", paras, cite))
        elif first.startswith("|"):
            rows = []
            for g in group:
                cells = [c.strip() for c in g.strip().strip("|").split("|")]
                if all(re.fullmatch(r":?-+:?", c) for c in cells):
                    continue
                rows.append(cells)
            blocks.append(("table", rows))
        else:
            text = ""
            for g in group:
                g = g.strip()
                if g.endswith("\\"):
                    text += g[:-1].rstrip() + "\n"
                else:
                    text += g + " "
            blocks.append(("p", text.strip()))
    return blocks


def block_kind(line):
    if re.match(r"\s*(- |\d+\. )", line):
        return "list"
    if line.startswith(">"):
        return "quote"
    if line.startswith("|"):
        return "table"
    return "p"


def parse_list(group):
    root = {"children": [], "ordered": False}
    stack = [(-1, root)]
    for g in group:
        indent = len(g) - len(g.lstrip())
        m = re.match(r"(- |\d+\. )(.*)", g.strip())
        if not m:  # a continuation line of the item before
            stack[-1][1]["children"][-1]["text"] += " " + g.strip()
            continue
        ordered = m.group(1)[0].isdigit()
        while indent <= stack[-1][0]:
            stack.pop()
        parent = stack[-1][1]
        if not parent["children"]:
            parent["ordered"] = ordered
        item = {"text": m.group(2), "children": [], "ordered": False}
        parent["children"].append(item)
        stack.append((indent, item))
    return root


# ---- labels: one block a line


def list_label(node):
    out = []
    for it in node["children"]:
        out.append(inline_text(it["text"]))
        out.extend(list_label(it))
    return out


def block_label(b):
    kind = b[0]
    if kind == "h":
        return [inline_text(b[2])]
    if kind == "p":
        return [inline_text(x) for x in b[1].split("\n")]
    if kind == "list":
        return list_label(b[1])
    if kind == "quote":
        return [inline_text(p) for p in b[1]] + ([inline_text(b[2])] if b[2] else [])
    if kind == "code":
        return [l.rstrip() for l in b[2] if l.strip()]
    if kind == "table":
        return [" ".join(inline_text(c) for c in row) for row in b[1]]
    if kind == "dir":
        name, args = b[1], b[2]
        if name == "fig":  # src | alt | caption | credit: the caption is the article's, the credit is not
            return [inline_text(args[2])] if len(args) > 2 and args[2] else []
        if name == "note":  # kind | title | text
            return [inline_text(args[1]), inline_text(args[2])]
        if name == "labelled":  # text shown by a template's own markup, and labelled
            return [inline_text(a) for a in args]
        return []  # ads, "read also" boxes, newsletters, raw HTML: never the article's
    raise ValueError(kind)


def label(blocks):
    out = []
    for b in blocks:
        out.extend(block_label(b))
    return out


# ---- HTML: a renderer per template overrides what its CMS writes differently


class Renderer:
    def __init__(self):
        pass

    # inline
    def inline_code(self, code):
        return default_inline_code(code)

    def link(self, href, inner):
        return default_link(href, inner)

    def refmark(self, n):
        return default_refmark(n)

    def il(self, s):
        return inline_html(s, self)

    # blocks
    def h(self, level, text):
        return "<h%d>%s</h%d>" % (level, self.il(text), level)

    def p(self, text):
        return "<p>" + "<br>\n".join(self.il(x) for x in text.split("\n")) + "</p>"

    def list(self, node, depth=0):
        tag = "ol" if node["ordered"] else "ul"
        items = []
        for it in node["children"]:
            sub = self.list(it, depth + 1) if it["children"] else ""
            items.append("<li>" + self.il(it["text"]) + sub + "</li>")
        return "<%s>%s</%s>" % (tag, "".join(items), tag)

    def quote(self, paras, cite):
        inner = "".join("<p>%s</p>" % self.il(p) for p in paras)
        if cite:
            inner += "<cite>%s</cite>" % self.il(cite)
        return "<blockquote>%s</blockquote>" % inner

    def code(self, lang, lines):
        return '<pre><code class="language-%s">%s</code></pre>' % (esc(lang), esc("\n".join(lines)))

    def table(self, rows):
        head = "".join("<th>%s</th>" % self.il(c) for c in rows[0])
        body = "".join("<tr>%s</tr>" % "".join("<td>%s</td>" % self.il(c) for c in r) for r in rows[1:])
        return "<table><thead><tr>%s</tr></thead><tbody>%s</tbody></table>" % (head, body)

    def d_fig(self, src, alt="", caption="", credit=""):
        cap = ""
        if caption or credit:
            cap = "<figcaption>%s%s</figcaption>" % (self.il(caption), (" <span class=\"credit\">%s</span>" % esc(credit)) if credit else "")
        return '<figure><img src="%s" alt="%s" loading="lazy">%s</figure>' % (esc(src), esc(alt), cap)

    def d_note(self, kind, title, text):
        return '<div class="note note-%s"><p class="note-title">%s</p><p>%s</p></div>' % (esc(kind), self.il(title), self.il(text))

    def d_raw(self, *args):
        return " | ".join(args)

    def d_labelled(self, *args):
        return "".join("<p>%s</p>" % self.il(a) for a in args)

    def block(self, b):
        kind = b[0]
        if kind == "h":
            return self.h(b[1], b[2])
        if kind == "p":
            return self.p(b[1])
        if kind == "list":
            return self.list(b[1])
        if kind == "quote":
            return self.quote(b[1], b[2])
        if kind == "code":
            return self.code(b[1], b[2])
        if kind == "table":
            return self.table(b[1])
        if kind == "dir":
            fn = getattr(self, "d_" + b[1], None)
            if fn is None:
                raise ValueError("renderer %s has no directive %s" % (type(self).__name__, b[1]))
            return fn(*b[2])
        raise ValueError(kind)

    def blocks(self, blocks, sep="\n"):
        return sep.join(self.block(b) for b in blocks)


# ---- a tiny highlighter, for templates that colour code as Prism or Pygments do

KEYWORDS = {
    "go": "break case chan const continue default defer else fallthrough for func go goto if import interface map package range return select struct switch type var nil true false".split(),
    "python": "and as assert async await break class continue def del elif else except False finally for from global if import in is lambda None nonlocal not or pass raise return True try while with yield".split(),
    "js": "const let var function return if else for while new class extends import export from async await try catch throw typeof null undefined true false this".split(),
    "ts": "const let var function return if else for while new class extends import export from async await try catch throw typeof null undefined true false this interface type".split(),
    "yaml": [], "bash": "if then fi for do done export echo cd".split(), "json": ["true", "false", "null"], "toml": ["true", "false"],
    "sql": "SELECT FROM WHERE JOIN ON GROUP BY ORDER INSERT INTO VALUES CREATE TABLE INDEX AND OR NOT NULL PRIMARY KEY".split(),
    "text": [], "": [],
}

COMMENTS = {"go": r"//.*", "js": r"//.*", "ts": r"//.*", "python": r"#.*", "bash": r"#.*", "yaml": r"#.*", "toml": r"#.*", "sql": r"--.*"}


def highlight(lang, line):
    """Splits one line of code into (kind, text) tokens, kind one of comment, string,
    number, keyword, punct, or None for plain text."""
    kws = set(KEYWORDS.get(lang, []))
    cm = COMMENTS.get(lang)
    pat = re.compile((("(?P<comment>%s)|" % cm) if cm else "")
                     + r"""(?P<string>"[^"\n]*"|'[^'\n]*')|(?P<number>\b\d+(?:\.\d+)?\b)|(?P<word>[A-Za-z_]\w*)|(?P<punct>[^\sA-Za-z_0-9"']+)""")
    out, last = [], 0
    for m in pat.finditer(line):
        if m.start() > last:
            out.append((None, line[last:m.start()]))
        kind = m.lastgroup
        if kind == "word":
            kind = "keyword" if m.group(0) in kws else None
        out.append((kind, m.group(0)))
        last = m.end()
    if last < len(line):
        out.append((None, line[last:]))
    return out


def write_site(mod):
    site_dir = os.path.join(OUT, mod.NAME)
    os.makedirs(site_dir, exist_ok=True)
    for f in os.listdir(site_dir):
        os.remove(os.path.join(site_dir, f))
    pages = []
    urls = set()
    for page in mod.PAGES:
        blocks = parse(page["body"]) if isinstance(page.get("body"), str) else page.get("body")
        page["blocks"] = blocks
        html_text = mod.render(page)
        lines = mod.label(page)
        lines = [re.sub(r"\s+", " ", l).strip() for l in lines]
        lines = [l for l in lines if l]
        assert page["url"].startswith(BASE) and page["url"] not in urls, page["url"]
        urls.add(page["url"])
        name = page["file"]
        with open(os.path.join(site_dir, name), "w", encoding="utf-8", newline="\n") as f:
            f.write(html_text)
        with open(os.path.join(site_dir, name[:-5] + ".txt"), "w", encoding="utf-8", newline="\n") as f:
            f.write("\n".join(lines) + "\n")
        for extra_name, extra in page.get("extra_files", {}).items():
            with open(os.path.join(site_dir, extra_name), "w", encoding="utf-8", newline="\n") as f:
                f.write(extra)
        pages.append({"file": name, "url": page["url"], "rendered": bool(page.get("rendered"))})
    for extra_name, extra in getattr(mod, "EXTRA_FILES", {}).items():
        with open(os.path.join(site_dir, extra_name), "w", encoding="utf-8", newline="\n") as f:
            f.write(extra)
    meta = {"name": mod.NAME, "template": mod.TEMPLATE, "lang": mod.LANG, "base_url": BASE, "pages": pages}
    with open(os.path.join(site_dir, "site.json"), "w", encoding="utf-8", newline="\n") as f:
        json.dump(meta, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print("%-16s %d pages" % (mod.NAME, len(pages)))


def main(argv):
    sys.path.insert(0, HERE)
    names = argv or sorted(f[:-3] for f in os.listdir(os.path.join(HERE, "sites")) if f.endswith(".py") and not f.startswith("_"))
    for n in names:
        mod = importlib.import_module("sites." + n.replace("-", "_"))
        write_site(mod)


if __name__ == "__main__":
    main(sys.argv[1:])
