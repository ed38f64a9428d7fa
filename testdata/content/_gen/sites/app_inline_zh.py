"""A Chinese popular-science site whose server renders the header, sidebar and footer
but leaves <main> empty: the article travels as JSON in an inline
<script type="application/json" id="__APP_STATE__">, in structured blocks (headings,
paragraphs of marked spans, lists, code, quotes, images, tables), and app.js builds it
with DOM calls, together with the meta line, tags, like/share bar, related reading and
comments. The served HTML shows no article text."""
import json
import re
from gen import esc, label as blocks_label, _INLINE

NAME = "app-inline-zh"
TEMPLATE = "app-inline"
LANG = "zh"

NAV = ["首页", "天文", "地球与环境", "生活科技", "城市", "编程入门", "专题", "关于我们"]
HOT = ["为什么猫总喜欢钻纸箱？", "冬天手机电量掉得快，是电池坏了吗？", "一杯咖啡里有多少咖啡因", "候鸟靠什么找到回家的路", "冰箱里的食物能放多久"]
TAGS = ["天文", "物理", "城市", "效率", "编程", "电脑", "环境", "科普"]


def spans(text):
    """Inline markup as Portable-Text-like spans."""
    out, last = [], 0
    for m in _INLINE.finditer(text):
        if m.start() > last:
            out.append({"text": text[last:m.start()]})
        if m.group(1) is not None:
            out.append({"text": m.group(1), "marks": ["strong"]})
        elif m.group(2) is not None:
            out.append({"text": m.group(2), "marks": ["em"]})
        elif m.group(3) is not None:
            out.append({"text": m.group(3), "marks": ["code"]})
        elif m.group(4) is not None:
            out.append({"text": m.group(4), "href": m.group(5)})
        last = m.end()
    if last < len(text):
        out.append({"text": text[last:]})
    return out


def list_json(node):
    return {"type": "list", "ordered": node["ordered"],
            "items": [{"children": spans(it["text"]), "sub": list_json(it) if it["children"] else None} for it in node["children"]]}


def blocks_json(blocks):
    out = []
    for b in blocks:
        k = b[0]
        if k == "h":
            out.append({"type": "heading", "level": b[1], "children": spans(b[2])})
        elif k == "p":
            out.append({"type": "paragraph", "children": spans(b[1])})
        elif k == "list":
            out.append(list_json(b[1]))
        elif k == "quote":
            out.append({"type": "quote", "paragraphs": [spans(p) for p in b[1]], "cite": b[2]})
        elif k == "code":
            out.append({"type": "code", "language": b[1], "code": "\n".join(b[2])})
        elif k == "table":
            out.append({"type": "table", "rows": b[1]})
        elif k == "dir" and b[1] == "fig":
            out.append({"type": "image", "src": b[2][0], "alt": b[2][1], "caption": b[2][2], "credit": b[2][3] if len(b[2]) > 3 else ""})
        elif k == "dir" and b[1] == "ad":
            out.append({"type": "ad", "slot": "article-mid"})
        else:
            raise ValueError(b)
    return out


APP_JS = r"""// 小径科普 article renderer: builds <main id="app"> from the inline state.
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
"""

APP_CSS = """body{margin:0;font-family:"PingFang SC","Microsoft YaHei",sans-serif;color:#333;line-height:1.75}
.site-header{display:flex;gap:24px;align-items:center;padding:12px 32px;border-bottom:1px solid #eee}
.site-nav ul{display:flex;gap:18px;list-style:none;margin:0;padding:0}
.layout{display:grid;grid-template-columns:1fr 300px;gap:32px;max-width:1100px;margin:0 auto;padding:24px}
.skeleton div{height:16px;background:#f0f0f0;margin:12px 0;border-radius:4px}
.site-footer{background:#fafafa;padding:24px 32px;font-size:14px;color:#777}
"""

EXTRA_FILES = {"app.js": APP_JS, "app.css": APP_CSS}


def render(page):
    state = {
        "article": {"id": page["aid"], "title": page["title"], "summary": page["summary"], "author": page["author"],
                    "date": page["date"], "views": page["views"], "likes": page["likes"], "channel": page["channel"],
                    "channelId": page["channel_id"], "tags": page["tags"], "blocks": blocks_json(page["blocks"])},
        "related": [{"title": t, "url": "/article/%d" % (9000 + i)} for i, t in enumerate(page["related"])],
        "comments": [{"user": u, "time": tm, "text": x, "likes": n} for u, tm, x, n in page["comments"]],
    }
    state_json = json.dumps(state, ensure_ascii=False).replace("</", "<\\/")
    nav = "".join('<li><a href="/channel/%d"%s>%s</a></li>' % (i, ' class="active"' if n == page["channel"] else "", n) for i, n in enumerate(NAV))
    hot = "".join('<li><span class="rank">%d</span><a href="/article/hot%d">%s</a></li>' % (i + 1, i, t) for i, t in enumerate(HOT))
    tags = "".join('<a class="tag" href="/tag/%s">%s</a>' % (t, t) for t in TAGS)
    return f"""<!DOCTYPE html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{esc(page['title'])} - 小径科普</title>
<meta name="description" content="{esc(page['summary'])}">
<meta name="keywords" content="{esc(','.join(page['tags']))}">
<link rel="canonical" href="{page['url']}">
<link rel="stylesheet" href="app.css">
</head>
<body>
<header class="site-header">
<a class="logo" href="/"><img src="/static/logo.png" alt="小径科普" width="120" height="32"></a>
<nav class="site-nav"><ul>{nav}</ul></nav>
<form class="search" action="/search"><input type="search" name="q" placeholder="搜索文章、作者或话题"><button type="submit">搜索</button></form>
<div class="user"><a href="/login">登录</a> / <a href="/register">注册</a></div>
</header>
<div class="layout">
<main id="app" class="main" aria-busy="true"><div class="skeleton" aria-hidden="true"><div></div><div></div><div></div><div></div></div></main>
<aside class="sidebar">
<section class="widget hot"><h3 class="widget-title">热门文章</h3><ol>{hot}</ol></section>
<section class="widget tags"><h3 class="widget-title">热门标签</h3><div class="tag-cloud">{tags}</div></section>
<section class="widget follow"><h3 class="widget-title">关注我们</h3><p>微信搜索公众号“小径科普”，每周三篇原创科普，陪你慢慢看懂身边的世界。</p></section>
<section class="widget app"><h3 class="widget-title">下载客户端</h3><p>离线阅读、夜间模式、文章收藏，随时随地学点新知识。</p><a href="/app">立即下载</a></section>
</aside>
</div>
<footer class="site-footer">
<div class="footer-links"><a href="/about">关于我们</a> | <a href="/contribute">投稿指南</a> | <a href="/contact">联系我们</a> | <a href="/privacy">隐私政策</a> | <a href="/terms">用户协议</a> | <a href="/sitemap">网站地图</a></div>
<p>小径科普致力于用通俗的语言介绍科学知识。文章版权归作者所有，转载请注明出处。</p>
<p>© 2018-2024 小径科普 版权所有</p>
</footer>
<script id="__APP_STATE__" type="application/json">{state_json}</script>
<script src="app.js" defer></script>
</body>
</html>
"""


def label(page):
    return [page["title"], page["summary"]] + blocks_label(page["blocks"])


P = "http://site.test/xiaojing/article/"
PAGES = []


def article(**kw):
    kw["rendered"] = True
    PAGES.append(kw)

article(file="why-is-the-night-sky-dark.html", url=P + "20240301-night-sky-dark", aid=20240301,
        title="为什么夜空是黑的？", summary="如果宇宙中的恒星多得数不清，夜空为什么没有被星光填满？这个看似简单的问题，藏着关于宇宙年龄的线索。",
        author="林远", date="2024-03-01", views="1.8万", likes=962, channel="天文", channel_id=1, tags=["天文", "物理"],
        related=["光年到底有多远", "我们看到的星星还存在吗", "宇宙有边界吗"],
        comments=[("星空下的猫", "3天前", "小时候也想过这个问题，原来答案和宇宙的年龄有关！", 35), ("老王", "2天前", "讲得很清楚，推荐给孩子看了。", 12)],
        body="""
抬头看夜空，我们会觉得这再自然不过：太阳落山以后，天就黑了。可是，如果仔细想一想，这件事其实并不简单。

假设宇宙无限大、无限古老，而且恒星均匀地分布在各处，那么无论我们朝哪个方向看，视线最终都会落在某一颗恒星的表面上。距离越远的恒星看起来越暗，但远处的恒星数量也越多，两者正好抵消。按照这样的推理，整个夜空应该像太阳表面一样明亮。

这个矛盾在历史上被称为**奥伯斯佯谬**。它的答案并不是“星星太远了”，而是藏在宇宙本身的性质里。

## 宇宙有年龄

今天的天文学告诉我们，宇宙并不是无限古老的，它大约诞生于一百多亿年前。光的速度虽然很快，却是有限的。这意味着，距离我们太远的恒星发出的光，到现在还没有来得及到达地球。

因此，我们能看到的只是宇宙中有限的一部分。在这个范围之内，恒星的数量远远不足以把整个天空填满，恒星之间自然就留下了大片黑暗。

!ad

## 宇宙在膨胀

另一个原因是宇宙在膨胀。遥远星系发出的光在传播过程中被“拉长”，波长变长，能量变低，原本的可见光逐渐移到了人眼看不见的波段。越远的星系，这种效应越明显。

> 夜空的黑暗，本身就是宇宙有开端的证据之一。

## 黑暗中其实有光

有意思的是，夜空并不是完全“空”的。宇宙早期留下的光，经过漫长的膨胀，如今变成了微波，均匀地充满整个天空。我们的眼睛看不见它，但射电望远镜可以。所以，从某种意义上说，夜空其实一直在发光，只是发出的光不在我们能看见的颜色里。
""")

article(file="choose-a-laptop.html", url=P + "20240215-choose-a-laptop", aid=20240215,
        title="如何挑选一台适合自己的笔记本电脑", summary="处理器、内存、屏幕、续航……参数看得人眼花缭乱。其实只要先想清楚自己用它做什么，选择就会简单很多。",
        author="陈小舟", date="2024-02-15", views="4.2万", likes=2310, channel="生活科技", channel_id=3, tags=["电脑", "科普"],
        related=["固态硬盘为什么比机械硬盘快", "笔记本电池怎样用更耐久", "屏幕刷新率是什么"],
        comments=[("学生党", "1周前", "正好要买电脑，按文章里的表格对了一下，心里有数了。", 58), ("程序员小李", "6天前", "写代码的话内存真的建议至少16GB。", 41), ("阿花", "5天前", "求出一期平板电脑的！", 9)],
        body="""
每到开学季或者换工作的时候，很多人都会面临同一个问题：该买哪台笔记本电脑？商品页面上密密麻麻的参数，常常让人无从下手。其实，挑选电脑最重要的一步，是先想清楚自己主要用它来做什么。

## 先想清楚用途

不同的用途，对电脑的要求差别很大：

- 日常办公和上网课
  - 处理器和显卡要求不高
  - 更看重重量、续航和屏幕
- 编程和数据分析
  - 需要更大的内存
  - 键盘手感和屏幕尺寸也很重要
- 视频剪辑和设计
  - 需要性能较强的处理器和独立显卡
  - 屏幕的色彩准确度同样关键

## 几个关键参数

下面的表格列出了不同用途下比较稳妥的配置，可以作为参考：

| 用途 | 内存 | 硬盘 | 重量 |
|---|---|---|---|
| 办公与学习 | 8GB 以上 | 256GB 固态 | 1.5 公斤以下 |
| 编程与数据分析 | 16GB 以上 | 512GB 固态 | 2 公斤以下 |
| 视频剪辑与设计 | 32GB 以上 | 1TB 固态 | 不太重要 |

!ad

## 别忽略这些细节

除了参数表上的数字，有些东西只有亲手试过才知道。键盘敲起来是否舒服，屏幕在强光下是否看得清，风扇的噪音是否让人烦躁，接口够不够用，这些都会在每天的使用中影响体验。如果有条件，最好到实体店亲自试一试。

最后，不要一味追求最高配置。够用、顺手、预算之内，就是最适合自己的那一台。
""")

article(file="rain-gardens.html", url=P + "20240205-rain-gardens", aid=20240205,
        title="城市里的雨水花园：让雨水慢下来", summary="暴雨时路面积水，晴天时河道干涸。雨水花园这种看起来普普通通的小绿地，正在帮城市重新学会“喝水”。",
        author="周禾", date="2024-02-05", views="9,316", likes=487, channel="城市", channel_id=4, tags=["城市", "环境"],
        related=["海绵城市是什么", "透水砖真的透水吗", "屋顶花园能给房子降温多少"],
        comments=[("绿手指", "2周前", "我们小区去年也建了一个，下雨后确实不积水了。", 22)],
        body="""
在很多城市，下一场大雨，马路就变成了小河。原因并不复杂：城市里到处是水泥和柏油，雨水渗不进地下，只能在地面上流淌，最后一股脑儿涌进下水道。一旦雨量超过管道的容量，积水就出现了。

雨水花园是一种简单的应对办法。它通常是一块比周围地面略低的绿地，种着耐涝又耐旱的植物，底下铺有砂石和特殊的土壤。

## 它是怎么工作的

下雨时，周围路面和屋顶的雨水会流进雨水花园，暂时蓄积在低洼处，再一点点渗入土壤。植物的根系和土壤能够过滤掉雨水中的一部分泥沙和污染物，渗下去的水可以补充地下水。

!fig /static/img/rain-garden.jpg | 路边的雨水花园 | 一处建在人行道旁的雨水花园，雨后积水会在一天之内渗完 | 摄影：周禾

这样一来，雨水进入下水道的时间被推迟了，总量也减少了，城市排水系统的压力随之减轻。

## 需要注意什么

雨水花园并不是随便挖个坑就行。选址时要避开地基和地下管线，土壤的渗水速度需要事先测试。植物也要精心挑选，既要能在积水中泡上一两天，也要能熬过长时间的干旱。

> 雨水花园最重要的一条原则是：积水必须在两天之内渗完，否则就会滋生蚊虫。

一个雨水花园的作用也许很小，但当街道、学校和小区都建起这样的小绿地时，城市就会变得更能“呼吸”。
""")

article(file="pomodoro.html", url=P + "20240120-pomodoro", aid=20240120,
        title="番茄工作法真的有用吗？", summary="二十五分钟专注，五分钟休息。这个用厨房计时器命名的方法流行了几十年，它为什么有效，又适合哪些人？",
        author="许一凡", date="2024-01-20", views="2.6万", likes=1534, channel="生活科技", channel_id=3, tags=["效率", "科普"],
        related=["为什么我们总是拖延", "午睡多久最合适", "多任务处理真的高效吗"],
        comments=[("考研人", "3周前", "用了半年，最大的收获是知道自己一天到底能专注多久。", 76), ("自由职业者", "3周前", "对我来说二十五分钟太短，改成五十分钟效果更好。", 44)],
        body="""
番茄工作法的规则非常简单：设定一个二十五分钟的计时器，在这段时间里只做一件事；计时器响了，就休息五分钟。每完成四个这样的“番茄钟”，就休息一段更长的时间。

这个方法之所以叫“番茄”，是因为它的发明者最初用的是一个番茄形状的厨房计时器。

## 它为什么可能有效

番茄工作法的核心，并不在于二十五分钟这个数字，而在于几个简单的心理机制。

1. **降低开始的门槛。** 面对一项庞大的任务，人很容易拖延。但“只做二十五分钟”听起来就没那么可怕。
2. **减少打断。** 在一个番茄钟里，消息和杂事都先记下来，等休息时再处理。
3. **让休息变得理所当然。** 定时休息可以缓解疲劳，也让人不会因为休息而感到内疚。
4. **让时间变得可见。** 记录每天完成了几个番茄钟，能帮助人更准确地估计一件事需要多久。

!ad

## 它不适合所有人

番茄工作法也有局限。对于需要长时间沉浸的工作，比如写作或编程，刚进入状态就被计时器打断，反而可能影响效率。很多人会根据自己的情况调整时长，比如专注五十分钟、休息十分钟。

说到底，番茄工作法只是一个工具。它最大的价值，也许是让我们开始留意自己是如何使用时间的。
""")

article(file="git-for-beginners.html", url=P + "20240110-git-for-beginners", aid=20240110,
        title="给初学者的 Git 入门：从第一次提交开始", summary="Git 是程序员最常用的版本控制工具。本文用最少的命令，带你完成第一次提交，并理解背后发生了什么。",
        author="吴桐", date="2024-01-10", views="3.1万", likes=1876, channel="编程入门", channel_id=5, tags=["编程", "科普"],
        related=["什么是分支，为什么要用分支", "写好提交说明的五个建议", "命令行入门：十个常用命令"],
        comments=[("初学者小白", "1个月前", "终于明白暂存区是干什么的了，谢谢！", 63), ("前端老张", "1个月前", "建议再写一篇讲分支合并的。", 28)],
        body="""
写代码的时候，你是否有过这样的经历：改了一大堆东西，结果程序跑不起来了，却怎么也想不起来原来是什么样子？版本控制工具就是为了解决这个问题而生的，而 Git 是其中使用最广泛的一个。

## 三个区域

理解 Git，首先要知道它把文件的状态分成三个区域：

- **工作区**：你正在编辑的文件
- **暂存区**：准备放进下一次提交的修改
- **仓库**：已经保存下来的历史版本

每次提交，Git 都会把暂存区里的内容保存成一个新的版本，并记下是谁、在什么时候、为什么做了这次修改。

## 第一次提交

在项目文件夹里打开终端，依次输入下面的命令：

```bash
git init
git add README.md
git commit -m "添加项目说明"
git log --oneline
```

第一条命令把当前文件夹变成一个 Git 仓库；第二条把 README.md 放进暂存区；第三条完成提交，引号里的文字是提交说明；最后一条可以查看提交历史。

!ad

## 写好提交说明

提交说明是写给未来的自己和同事看的。好的提交说明应该用一句话讲清楚这次修改做了什么，必要时再补充为什么这样做。“修改了一些东西”这样的说明，几个月后就没有人看得懂了。

掌握了这几条命令，你就已经可以用 Git 保护自己的代码了。接下来，可以继续学习分支和远程仓库。
""")
