"""The Hindi help centre of a made-up farmers' app, built from web components the way a
Lit application builds itself: the server sends a <kb-app> element and a script; the
script gives <kb-app> an open shadow root holding the header, a notice slot, the section
sidebar, the article, the feedback widget, related articles and the footer, each of them
a custom element with its own shadow root (nested two and three deep), with the marker
comments Lit leaves. The article's blocks come as structured JSON (fetched, relative to
the page) and are built with DOM calls. The served HTML holds no article text. The
article is the title and the body, as the browser shows it."""
import json
import re
from gen import esc, label as blocks_label

NAME = "app-shadow-hi"
TEMPLATE = "app-shadow"
LANG = "hi"

SHELL = """<!doctype html>
<html lang="hi">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>किसान साथी सहायता केंद्र</title>
<meta name="description" content="किसान साथी ऐप के इस्तेमाल से जुड़े सवालों के जवाब।">
<link rel="stylesheet" href="kb.css">
<script type="module" src="kb.js"></script>
</head>
<body>
<kb-app article="%(id)s"><p slot="notice">ऐप का नया संस्करण 5.1 आ गया है। पुराने संस्करण में कुछ सुविधाएँ 30 जून के बाद काम नहीं करेंगी।</p></kb-app>
<noscript>यह सहायता केंद्र देखने के लिए अपने ब्राउज़र में JavaScript चालू करें।</noscript>
</body>
</html>
"""

KB_JS = r"""// The help centre's components. Each renders into its own open shadow root,
// leaving marker comments around the parts it fills, as Lit does.
let n = 0;
const mark = (root) => root.appendChild(document.createComment("?lit$" + (++n) + "$"));

function h(tag, props, ...kids) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (k === "text") el.textContent = v;
    else el.setAttribute(k, v);
  }
  for (const k of kids.flat()) {
    if (k == null) continue;
    el.appendChild(typeof k === "string" ? document.createTextNode(k) : k);
  }
  return el;
}

// A run of text with **strong** parts.
function runs(s) {
  return s.split("**").map((part, i) => (i % 2 ? h("strong", { text: part }) : document.createTextNode(part)));
}

function block(b) {
  switch (b.t) {
    case "h2": return h("h2", { id: b.id, text: b.x });
    case "h3": return h("h3", { text: b.x });
    case "p": return h("p", {}, runs(b.x));
    case "ul": case "ol":
      return h(b.t, {}, b.items.map((it) => h("li", {}, runs(it.x), it.sub ? block({ t: "ul", items: it.sub }) : null)));
    case "table":
      return h("div", { class: "table-scroll" }, h("table", {},
        h("thead", {}, h("tr", {}, b.rows[0].map((c) => h("th", { text: c })))),
        h("tbody", {}, b.rows.slice(1).map((r) => h("tr", {}, r.map((c) => h("td", { text: c })))))));
    case "note":
      return h("kb-callout", { kind: b.kind, heading: b.title }, h("p", {}, runs(b.x)));
    case "fig":
      return h("figure", {}, h("img", { src: b.src, alt: b.alt, loading: "lazy" }), h("figcaption", { text: b.caption }));
  }
  return document.createTextNode("");
}

class Base extends HTMLElement {
  constructor() { super(); this.root = this.attachShadow({ mode: "open" }); }
}

customElements.define("kb-callout", class extends Base {
  connectedCallback() {
    this.root.textContent = "";
    mark(this.root);
    this.root.appendChild(h("style", { text: ":host{display:block;border-inline-start:4px solid #e08a00;background:#fff6e6;padding:8px 16px;margin:16px 0}" }));
    this.root.appendChild(h("div", { class: "callout", role: "note" }, h("p", { class: "callout-title" }, h("strong", { text: this.getAttribute("heading") })), h("slot")));
  }
});

customElements.define("kb-header", class extends Base {
  connectedCallback() {
    mark(this.root);
    this.root.appendChild(h("header", { class: "top" },
      h("a", { href: "/sahayata/", class: "brand" }, "किसान साथी ", h("span", { text: "सहायता केंद्र" })),
      h("nav", { "aria-label": "मुख्य" }, h("ul", {}, ["शुरुआत करें", "खाता और लॉगिन", "योजनाएँ और बीमा", "मंडी भाव", "मौसम", "संपर्क करें"].map((t, i) => h("li", {}, h("a", { href: "/sahayata/vibhag/" + i, text: t }))))),
      h("form", { role: "search" }, h("input", { type: "search", placeholder: "अपना सवाल लिखें…" }), h("button", { text: "खोजें" })),
      h("a", { href: "/login", class: "login", text: "लॉग इन" })));
  }
});

customElements.define("kb-sidebar", class extends Base {
  set items(list) {
    mark(this.root);
    this.root.appendChild(h("aside", { class: "side" }, h("h2", { text: "इस विभाग के लेख" }),
      h("ul", {}, list.map((t, i) => h("li", {}, h("a", { href: "/sahayata/lekh/" + (500 + i), text: t }))))));
  }
});

customElements.define("kb-article", class extends Base {
  set data(a) {
    mark(this.root);
    this.root.appendChild(h("style", { text: "article{max-width:720px} table{border-collapse:collapse} td,th{border:1px solid #ccc;padding:4px 8px}" }));
    this.root.appendChild(h("article", {},
      h("nav", { class: "crumbs", "aria-label": "आप यहाँ हैं" }, h("ol", {}, ["सहायता केंद्र", a.section].map((t) => h("li", {}, h("a", { href: "#", text: t }))))),
      h("h1", { text: a.title }),
      h("div", { class: "meta" }, h("span", { text: "अंतिम अपडेट: " + a.updated }), " · ", h("span", { text: "पढ़ने का समय: " + a.minutes + " मिनट" })),
      h("div", { class: "body" }, a.blocks.map(block)),
      h("slot")));
    mark(this.root);
  }
});

customElements.define("kb-feedback", class extends Base {
  connectedCallback() {
    mark(this.root);
    this.root.appendChild(h("div", { class: "feedback" }, h("p", { text: "क्या यह लेख उपयोगी था?" }),
      h("button", { text: "हाँ" }), h("button", { text: "नहीं" }),
      h("p", { class: "count", text: this.getAttribute("count") + " लोगों को यह लेख उपयोगी लगा" })));
  }
});

customElements.define("kb-related", class extends Base {
  set items(list) {
    mark(this.root);
    this.root.appendChild(h("section", { class: "related" }, h("h2", { text: "संबंधित लेख" }),
      h("ul", {}, list.map((t, i) => h("li", {}, h("a", { href: "/sahayata/lekh/" + (700 + i), text: t }))))));
  }
});

customElements.define("kb-footer", class extends Base {
  connectedCallback() {
    mark(this.root);
    this.root.appendChild(h("footer", {},
      h("ul", {}, ["हमारे बारे में", "गोपनीयता नीति", "उपयोग की शर्तें", "सुलभता", "ऐप डाउनलोड करें"].map((t, i) => h("li", {}, h("a", { href: "/p/" + i, text: t })))),
      h("p", { text: "किसान हेल्पलाइन: 1800-000-0000 (सुबह 6 बजे से रात 10 बजे तक, निःशुल्क)" }),
      h("p", { text: "© 2024 किसान साथी। सर्वाधिकार सुरक्षित।" })));
  }
});

customElements.define("kb-app", class extends Base {
  async connectedCallback() {
    const id = this.getAttribute("article");
    this.root.appendChild(h("style", { text: ":host{display:block;font-family:sans-serif} .layout{display:grid;grid-template-columns:240px 1fr;gap:24px}" }));
    mark(this.root);
    this.root.appendChild(h("kb-header"));
    this.root.appendChild(h("div", { class: "notice", role: "status" }, h("slot", { name: "notice" })));
    const side = h("kb-sidebar"), art = h("kb-article"), rel = h("kb-related");
    let a;
    try {
      const r = await fetch(id + ".json");
      a = await r.json();
    } catch (e) {
      this.root.appendChild(h("p", { text: "लेख लोड नहीं हो सका। कृपया बाद में फिर से कोशिश करें।" }));
      return;
    }
    document.title = a.title + " | किसान साथी सहायता केंद्र";
    this.root.appendChild(h("div", { class: "layout" }, side, h("main", {}, art, h("kb-feedback", { count: String(a.helpful) }), rel)));
    this.root.appendChild(h("kb-footer"));
    side.items = a.section_articles;
    art.data = a;
    rel.items = a.related;
  }
});
"""

KB_CSS = """body{margin:0}
kb-app:not(:defined){display:block;min-height:100vh}
"""

EXTRA_FILES = {"kb.js": KB_JS, "kb.css": KB_CSS}


def to_json_blocks(blocks):
    out = []
    for b in blocks:
        kind = b[0]
        if kind == "h":
            out.append({"t": "h%d" % b[1], "x": b[2], "id": re.sub(r"\s+", "-", b[2])})
        elif kind == "p":
            out.append({"t": "p", "x": b[1]})
        elif kind == "list":
            def items(node):
                return [dict({"x": it["text"]}, **({"sub": items(it)} if it["children"] else {})) for it in node["children"]]
            out.append({"t": "ol" if b[1]["ordered"] else "ul", "items": items(b[1])})
        elif kind == "table":
            out.append({"t": "table", "rows": b[1]})
        elif kind == "dir" and b[1] == "note":
            out.append({"t": "note", "kind": b[2][0], "title": b[2][1], "x": b[2][2]})
        elif kind == "dir" and b[1] == "fig":
            out.append({"t": "fig", "src": b[2][0], "alt": b[2][1], "caption": b[2][2]})
        else:
            raise ValueError(b)
    return out


SECTION = ["ऐप से फ़सल बीमा के लिए आवेदन", "मौसम की चेतावनी चालू करें", "मिट्टी जाँच रिपोर्ट कैसे पढ़ें", "मंडी भाव की सूचना पाएँ", "खाते का मोबाइल नंबर बदलें", "ऐप को अपडेट करें"]


def render(page):
    data = {
        "title": page["title"], "section": page["section"], "updated": page["updated"], "minutes": page["minutes"],
        "helpful": page["helpful"], "section_articles": SECTION, "related": page["related"],
        "blocks": to_json_blocks(page["blocks"]),
    }
    page["extra_files"] = {page["aid"] + ".json": json.dumps(data, ensure_ascii=False, indent=1) + "\n"}
    return SHELL % {"id": page["aid"]}


def label(page):
    return [page["title"]] + blocks_label(page["blocks"])


B = "http://site.test/sahayata/lekh/"
PAGES = []


def article(**kw):
    kw["rendered"] = True
    kw["url"] = B + kw["aid"] + "-" + kw.pop("slug")
    PAGES.append(kw)


article(file="fasal-bima.html", aid="412", slug="fasal-bima-aavedan",
        title="ऐप से फ़सल बीमा के लिए आवेदन कैसे करें", section="योजनाएँ और बीमा", updated="8 अप्रैल 2024", minutes=4, helpful=1342,
        related=["बीमा दावे की स्थिति देखें", "बैंक खाता आधार से जोड़ें", "फ़सल नुकसान की सूचना कैसे दें"],
        body="""
किसान साथी ऐप से आप घर बैठे अपनी फ़सल का बीमा करा सकते हैं। आवेदन में लगभग दस मिनट लगते हैं, और प्रीमियम सीधे आपके बैंक खाते से कट जाता है।

## आवेदन से पहले ये तैयार रखें

- आधार से जुड़ा बैंक खाता
- ज़मीन का खसरा नंबर या भू-अभिलेख की प्रति
- बुवाई का प्रमाण पत्र, जो पटवारी या कृषि विभाग देता है
- बटाई पर खेती करने वाले किसानों के लिए ज़मीन मालिक का सहमति पत्र

## आवेदन के चरण

1. ऐप खोलें और नीचे **योजनाएँ** पर टैप करें।
2. **फ़सल बीमा** चुनें और फिर **नया आवेदन** पर टैप करें।
3. मौसम (खरीफ़ या रबी), फ़सल और खेत का रकबा भरें।
4. ज़मीन के कागज़ों की फ़ोटो खींचकर लगाएँ।
5. प्रीमियम की राशि देखें और **भुगतान की पुष्टि करें** पर टैप करें।

आवेदन जमा होने के बाद आपको एक आवेदन संख्या SMS से मिलेगी। इसे संभाल कर रखें, दावे के समय इसकी ज़रूरत पड़ेगी।

## अंतिम तिथियाँ

| मौसम | मुख्य फ़सलें | आवेदन की अंतिम तिथि | किसान का प्रीमियम |
|---|---|---|---|
| खरीफ़ | धान, मक्का, सोयाबीन, कपास | 31 जुलाई | बीमा राशि का 2% |
| रबी | गेहूँ, चना, सरसों | 31 दिसंबर | बीमा राशि का 1.5% |
| बागवानी | केला, आम, प्याज़ | राज्य के अनुसार | बीमा राशि का 5% |

!note warning | ध्यान दें | अंतिम तिथि के आख़िरी दिनों में सर्वर पर भीड़ बढ़ जाती है। आवेदन कम से कम एक हफ़्ता पहले कर दें।
""")

article(file="mausam-chetavani.html", aid="415", slug="mausam-chetavani-chalu-karen",
        title="मौसम की चेतावनी कैसे चालू करें", section="मौसम", updated="21 मार्च 2024", minutes=3, helpful=876,
        related=["पाँच दिन का मौसम पूर्वानुमान", "ओलावृष्टि से फ़सल को बचाने के उपाय", "सूचनाएँ बंद करें"],
        body="""
तेज़ बारिश, ओले, पाला या लू की चेतावनी समय पर मिल जाए तो फ़सल बचाने के लिए तैयारी की जा सकती है। किसान साथी ऐप आपके गाँव के लिए मौसम विभाग की चेतावनी सीधे आपके फ़ोन पर भेज सकता है।

## चेतावनी चालू करने का तरीका

1. ऐप में ऊपर दाईं ओर घंटी के निशान पर टैप करें।
2. **मौसम की चेतावनी** वाला बटन चालू करें।
3. अपना गाँव चुनें। अगर आपके खेत दो गाँवों में हैं, तो **एक और जगह जोड़ें** पर टैप करके दूसरा गाँव भी जोड़ लें।
4. चुनें कि चेतावनी किस तरह मिले: ऐप की सूचना, SMS या आवाज़ वाला कॉल।

!fig https://static.kisansathi.example/img/chetavani-screen.png | मौसम की चेतावनी की सेटिंग वाली स्क्रीन | सेटिंग की स्क्रीन: हर जगह के लिए अलग से चेतावनी चुनी जा सकती है।

आवाज़ वाला कॉल उन किसानों के लिए है जो पढ़ नहीं पाते या जिनके पास साधारण फ़ोन है। कॉल हिंदी के अलावा आठ और भाषाओं में आता है।

## चेतावनी के रंग

चेतावनी चार रंगों में आती है। हरे रंग का मतलब है कि कोई ख़तरा नहीं, पीले का मतलब है सावधान रहें, नारंगी का मतलब है तैयारी करें, और लाल का मतलब है तुरंत कदम उठाएँ।

!note info | सुझाव | लाल चेतावनी मिलने पर कीटनाशक या खाद का छिड़काव टाल दें, क्योंकि बारिश उसे बहा ले जाएगी।
""")

article(file="mitti-jaanch.html", aid="419", slug="mitti-jaanch-report-padhen",
        title="मिट्टी जाँच रिपोर्ट कैसे पढ़ें", section="शुरुआत करें", updated="2 फ़रवरी 2024", minutes=5, helpful=2210,
        related=["नज़दीकी मिट्टी जाँच प्रयोगशाला खोजें", "खाद की मात्रा का हिसाब", "जैविक खाद कैसे बनाएँ"],
        body="""
मिट्टी जाँच की रिपोर्ट बताती है कि आपके खेत की मिट्टी में कौन से पोषक तत्व कितने हैं। रिपोर्ट ऐप में **मेरे खेत** के अंदर मिलती है, और इसे PDF के रूप में डाउनलोड भी किया जा सकता है।

## रिपोर्ट के मुख्य हिस्से

- **pH मान**: मिट्टी अम्लीय है या क्षारीय
  - 6.5 से 7.5 के बीच ज़्यादातर फ़सलों के लिए ठीक है
  - 6 से कम हो तो चूना डालने की सलाह दी जाती है
- **जैविक कार्बन**: मिट्टी में सड़ी हुई जैविक चीज़ों की मात्रा
- **मुख्य पोषक तत्व**: नाइट्रोजन, फ़ॉस्फ़ोरस और पोटाश
- **सूक्ष्म पोषक तत्व**: जस्ता, लोहा, बोरॉन और दूसरे तत्व

## स्तर का मतलब

रिपोर्ट में हर पोषक तत्व के आगे उसका स्तर लिखा होता है। नीचे की तालिका बताती है कि किस स्तर पर क्या करना चाहिए:

| स्तर | मतलब | क्या करें |
|---|---|---|
| कम | फ़सल को पूरा पोषण नहीं मिलेगा | सुझाई गई मात्रा से 25% ज़्यादा खाद डालें |
| मध्यम | सामान्य स्थिति | सुझाई गई मात्रा में खाद डालें |
| अधिक | तत्व पहले से काफ़ी है | खाद 25% कम करें, पैसे बचेंगे |

रिपोर्ट के आख़िर में आपकी चुनी हुई फ़सल के लिए खाद की मात्रा किलो प्रति एकड़ में दी जाती है। यह मात्रा आपके खेत की मिट्टी के हिसाब से तय होती है, इसलिए पड़ोसी की रिपोर्ट से काम नहीं चलेगा।

!note tip | हर तीन साल में जाँच | मिट्टी की जाँच हर तीन साल में दोबारा कराएँ। फ़सल कटने के बाद और अगली बुवाई से पहले नमूना लेना सबसे अच्छा रहता है।
""")
