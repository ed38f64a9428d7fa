// world fixture, run in the page segment.html by a browser under test. It
// reads segment.json (texts, or pages whose h1 and p elements are the text),
// counts each text's words with the browser's own segmenter
// (Intl.Segmenter, granularity "word", segments that are isWordLike: ICU's
// dictionary segmentation), and writes one <p> per text holding
// {"id", "lang", "icu", "text", "segments"} as JSON (segments: the
// word-like ones, to show where the counts part), then <p>segmented N</p>. It touches
// nothing but this document and fetches only this site's files.
(async () => {
  const out = document.getElementById("out");
  const say = (line) => {
    const p = document.createElement("p");
    p.textContent = line;
    out.appendChild(p);
  };
  const entries = await (await fetch("/segment.json")).json();
  for (const e of entries) {
    let text = e.text;
    if (e.page) {
      const html = await (await fetch(e.page)).text();
      const doc = new DOMParser().parseFromString(html, "text/html");
      text = Array.from(doc.querySelectorAll("h1, p"), (n) => n.textContent.trim()).join("\n");
    }
    const segments = [];
    for (const s of new Intl.Segmenter(e.lang, {granularity: "word"}).segment(text)) {
      if (s.isWordLike) segments.push(s.segment);
    }
    say(JSON.stringify({id: e.id, lang: e.lang, icu: segments.length, text, segments}));
  }
  say("segmented " + entries.length);
})();
