// 小径科普 article renderer: builds <main id="app"> from the inline state.
(function () {
  "use strict";
  var stateEl = document.getElementById("__APP_STATE__");
  var app = document.getElementById("app");
  if (!stateEl || !app) return;
  var state = JSON.parse(stateEl.textContent);
  var a = state.article;

  function h(tag, cls, text) {
    var n = document.createElement(tag);
    if (cls) n.className = cls;
    if (text != null) n.textContent = text;
    return n;
  }
  function add(parent) {
    for (var i = 1; i < arguments.length; i++) if (arguments[i]) parent.appendChild(arguments[i]);
    return parent;
  }
  function inline(parent, children) {
    children.forEach(function (s) {
      var n;
      if (s.href) { n = h("a", null, s.text); n.href = s.href; }
      else if (s.marks && s.marks.indexOf("strong") >= 0) n = h("strong", null, s.text);
      else if (s.marks && s.marks.indexOf("em") >= 0) n = h("em", null, s.text);
      else if (s.marks && s.marks.indexOf("code") >= 0) n = h("code", null, s.text);
      else n = document.createTextNode(s.text);
      parent.appendChild(n);
    });
    return parent;
  }
  function list(b) {
    var ul = h(b.ordered ? "ol" : "ul", "rt-list");
    b.items.forEach(function (it) {
      var li = inline(h("li"), it.children);
      if (it.sub) li.appendChild(list(it.sub));
      ul.appendChild(li);
    });
    return ul;
  }
  function block(b) {
    switch (b.type) {
      case "heading": return inline(h("h" + b.level, "rt-heading"), b.children);
      case "paragraph": return inline(h("p", "rt-paragraph"), b.children);
      case "list": return list(b);
      case "quote":
        var q = h("blockquote", "rt-quote");
        b.paragraphs.forEach(function (p) { q.appendChild(inline(h("p"), p)); });
        if (b.cite) q.appendChild(h("cite", null, b.cite));
        return q;
      case "code":
        var pre = h("pre", "rt-code");
        var code = h("code", "language-" + b.language, b.code);
        pre.appendChild(code);
        return pre;
      case "table":
        var t = h("table", "rt-table"), thead = h("thead"), tbody = h("tbody");
        b.rows.forEach(function (r, i) {
          var tr = h("tr");
          r.forEach(function (c) { tr.appendChild(h(i === 0 ? "th" : "td", null, c)); });
          (i === 0 ? thead : tbody).appendChild(tr);
        });
        return add(t, thead, tbody);
      case "image":
        var fig = h("figure", "rt-image"), img = h("img");
        img.src = b.src; img.alt = b.alt;
        var cap = h("figcaption");
        cap.appendChild(document.createTextNode(b.caption));
        if (b.credit) cap.appendChild(h("span", "rt-credit", " " + b.credit));
        return add(fig, img, cap);
      case "ad":
        return add(h("div", "ad-slot"), h("span", "ad-label", "广告"));
    }
    return null;
  }

  document.title = a.title + " - 小径科普";
  app.textContent = "";
  var crumbs = h("nav", "breadcrumb");
  ["首页", a.channel].forEach(function (c, i) { var l = h("a", null, c); l.href = i ? "/channel/" + a.channelId : "/"; crumbs.appendChild(l); crumbs.appendChild(document.createTextNode(" › ")); });
  var art = h("article", "post");
  add(art,
    h("h1", "post-title", a.title),
    add(h("div", "post-meta"), h("span", "author", a.author), h("span", "date", a.date), h("span", "views", "阅读 " + a.views)),
    a.summary ? h("p", "post-summary", a.summary) : null);
  var body = h("div", "post-body");
  a.blocks.forEach(function (b) { add(body, block(b)); });
  add(art, body);
  var tags = h("div", "post-tags");
  a.tags.forEach(function (t) { var l = h("a", "tag", "#" + t); l.href = "/tag/" + encodeURIComponent(t); tags.appendChild(l); });
  var actions = add(h("div", "post-actions"), h("button", "like", "赞 " + a.likes), h("button", "fav", "收藏"),
    add(h("span", "share"), document.createTextNode("分享到："), h("a", null, "微信"), h("a", null, "微博"), h("a", null, "QQ空间")));
  var rel = h("section", "related");
  add(rel, h("h2", null, "相关阅读"));
  var rl = h("ul");
  state.related.forEach(function (r) { var li = h("li"), l = h("a", null, r.title); l.href = r.url; li.appendChild(l); rl.appendChild(li); });
  add(rel, rl);
  var com = h("section", "comments");
  add(com, h("h2", null, "评论（" + state.comments.length + "）"));
  state.comments.forEach(function (c) {
    add(com, add(h("div", "comment"), h("span", "comment-user", c.user), h("span", "comment-time", c.time), h("p", "comment-text", c.text), h("button", "comment-like", "赞 " + c.likes)));
  });
  add(com, add(h("div", "comment-box"), h("textarea"), h("button", "comment-submit", "发表评论")), h("p", "comment-note", "请文明发言，评论经审核后显示。"));
  add(app, crumbs, art, tags, actions, rel, com);
})();
