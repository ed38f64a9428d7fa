"""A Japanese Q&A site built like Stack Overflow: top bar, left navigation, question
header with stats, vote cells, tags, user cards, comment lists under each post, the
answers with sort control and accepted mark, an answer form, and right-hand sidebars
(related questions, hot network questions), then a footer of link columns. The
article is the question's title and body and the bodies of the answers."""
from gen import Renderer, esc, highlight, parse, block_label

NAME = "qa-ja"
TEMPLATE = "qa"
LANG = "ja"

HLJS = {"keyword": "hljs-keyword", "string": "hljs-string", "comment": "hljs-comment", "number": "hljs-number"}
LANGS = {"python": "lang-py", "bash": "lang-bash", "js": "lang-js", "sql": "lang-sql", "text": "lang-none", "": "lang-none"}

HOT = [
    "電車の遅延証明書は何分遅れから発行されますか？", "なぜ日本語の縦書きでは句読点の位置が変わるのか",
    "古い一眼レフのレンズをミラーレスで使うときの注意点", "自転車のチェーンが外れやすいのはなぜ？",
    "数学の証明で「自明」と書いてよいのはどんなときか", "敬語の「させていただく」は使いすぎですか？",
    "How do I read a Japanese train timetable?",
]

FOOT = [("サイト", ["質問", "ヘルプ", "チャット"]), ("会社情報", ["概要", "プレス", "採用情報", "法務", "プライバシーポリシー", "利用規約", "お問い合わせ", "Cookie 設定", "Cookie ポリシー"]),
        ("ネットワーク", ["技術", "文化とレクリエーション", "生活と芸術", "科学", "専門職", "ビジネス", "API", "データ"])]


class R(Renderer):
    def code(self, lang, lines):
        out = []
        for line in lines:
            out.append("".join(('<span class="%s">%s</span>' % (HLJS[k], esc(t))) if k in HLJS else esc(t) for k, t in highlight(lang, line)))
        return '<pre class="%s s-code-block"><code class="hljs language-%s">%s\n</code></pre>' % (LANGS.get(lang, "lang-none"), esc(lang or "plaintext"), "\n".join(out))

    def table(self, rows):
        head = "".join("<th>%s</th>" % self.il(c) for c in rows[0])
        body = "".join("<tr>%s</tr>" % "".join("<td>%s</td>" % self.il(c) for c in r) for r in rows[1:])
        return '<div class="s-table-container"><table class="s-table"><thead><tr>%s</tr></thead><tbody>%s</tbody></table></div>' % (head, body)


def user_card(u, verb, when):
    return f"""<div class="post-signature flex--item"><div class="user-info user-hover"><div class="user-action-time">{verb} <span title="{when}" class="relativetime">{when}</span></div>
<div class="user-gravatar32"><a href="/users/{u[1]}/{u[0]}"><div class="gravatar-wrapper-32"><img src="/avatars/{u[1]}.png" alt="{u[0]}のユーザーアイコン" width="32" height="32" class="bar-sm"></div></a></div>
<div class="user-details" itemprop="author" itemscope itemtype="http://schema.org/Person"><a href="/users/{u[1]}/{u[0]}">{u[0]}</a><span class="d-none" itemprop="name">{u[0]}</span><div class="-flair"><span class="reputation-score" title="評価スコア" dir="ltr">{u[2]}</span><span title="{u[3]} 個の銅バッジ" aria-hidden="true"><span class="badge3"></span><span class="badgecount">{u[3]}</span></span></div></div></div></div>"""


def comments(pid, cs):
    items = "".join(f"""<li id="comment-{pid}{i}" class="comment js-comment" data-comment-id="{pid}{i}"><div class="js-comment-actions comment-actions"><div class="comment-score js-comment-edit-hide">{'<span title="役に立つコメント数" class="cool">%d</span>' % sc if sc else ''}</div></div>
<div class="comment-text js-comment-text-and-form"><div class="comment-body js-comment-edit-hide"><span class="comment-copy">{esc(t)}</span><div class="d-inline-flex ai-center">&nbsp;&ndash;&nbsp;<a href="/users/9{i}/{esc(w)}" class="comment-user">{esc(w)}</a></div> <span class="comment-date" dir="ltr"><span class="relativetime-clean">{esc(d)}</span></span></div></div></li>""" for i, (w, d, t, sc) in enumerate(cs))
    return f"""<div class="post-layout--right js-post-comments-component"><div id="comments-{pid}" class="comments js-comments-container bt bc-black-075 mt12"><ul class="comments-list js-comments-list">{items}</ul></div>
<div id="comments-link-{pid}"><a class="js-add-link comments-link disabled-link" title="この投稿に対して改善を依頼したり補足説明を加えたりします" href="#" role="button">コメントを追加</a></div></div>"""


def votecell(pid, score, accepted=False):
    acc = '<div title="質問者が受け入れた回答" class="js-accepted-answer-indicator flex--item fc-green-500 py6 mtn8" tabindex="0" role="note" aria-label="受け入れ済み"><div class="ta-center"><svg aria-hidden="true" class="svg-icon iconCheckmarkLg" width="36" height="36" viewBox="0 0 36 36"><path d="m6 14 8 8L30 6v8L14 30l-8-8v-8Z"></path></svg></div></div>' if accepted else ""
    return f"""<div class="votecell post-layout--left"><div class="js-voting-container d-flex jc-center fd-column ai-stretch gs4 fc-black-300" data-post-id="{pid}">
<button class="js-vote-up-btn flex--item s-btn s-btn__unset c-pointer" data-controller="s-tooltip" data-s-tooltip-placement="right" aria-pressed="false" aria-label="賛成票" data-selected-classes="fc-theme-primary" aria-describedby="--stacks-s-tooltip-up"><svg aria-hidden="true" class="svg-icon iconArrowUpLg" width="36" height="36" viewBox="0 0 36 36"><path d="M2 25h32L18 9 2 25Z"></path></svg></button>
<div class="js-vote-count flex--item d-flex fd-column ai-center fc-theme-body-font fw-bold fs-subheading py4" itemprop="upvoteCount" data-value="{score}">{score}</div>
<button class="js-vote-down-btn flex--item s-btn s-btn__unset c-pointer" aria-pressed="false" aria-label="反対票"><svg aria-hidden="true" class="svg-icon iconArrowDownLg" width="36" height="36" viewBox="0 0 36 36"><path d="M2 11h32L18 27 2 11Z"></path></svg></button>
{acc}<button class="js-bookmark-btn s-btn s-btn__unset c-pointer py4" aria-pressed="false" aria-label="ブックマーク"><svg aria-hidden="true" class="svg-icon iconBookmark" width="18" height="18" viewBox="0 0 18 18"><path d="m9 10.6 4 2.66V3H5v10.26l4-2.66ZM3 17V3c0-1.1.9-2 2-2h8a2 2 0 0 1 2 2v14l-6-4-6 4Z"></path></svg></button>
<a href="/posts/{pid}/timeline" class="js-post-issue flex--item s-btn s-btn__unset c-pointer py6 mx-auto" aria-label="タイムラインを表示"><svg aria-hidden="true" class="mln2 mr0 svg-icon iconHistory" width="19" height="18" viewBox="0 0 19 18"><path d="M3 9a8 8 0 1 1 3.73 6.77L8.2 14.3A6 6 0 1 0 5 9l3.01-.01-4 4-4-4h3L3 9Zm7-4h1.01L11 9.36l3.22 2.1-.6.93L10 10V5Z"></path></svg></a>
</div></div>"""


def post_menu(pid):
    return f"""<div class="flex--item mr16 fl1 w96"><div class="js-post-menu pt2" data-post-id="{pid}"><div class="d-flex gs8 s-anchors s-anchors__muted fw-wrap">
<div class="flex--item"><a href="/q/{pid}" rel="nofollow" class="js-share-link js-gps-track" title="この投稿へのリンクを短縮形で取得">共有</a></div>
<div class="flex--item"><a href="/posts/{pid}/edit" class="js-suggest-edit-post js-gps-track" title="">改善する</a></div>
<div class="flex--item"><button type="button" class="s-btn s-btn__link js-follow-post js-follow-question js-gps-track" title="この投稿をフォローして、新しい回答などの通知を受け取る">フォロー</button></div></div></div></div>"""


def render(page):
    qid = page["qid"]
    q = page["question"]
    r = R()
    qbody = r.blocks(q["blocks"])
    tags = "".join('<li class="d-inline mr4 js-post-tag-list-item"><a href="/questions/tagged/%s" class="post-tag" title="「%s」タグの付いた質問を表示" rel="tag">%s</a></li>' % (t, t, t) for t in page["tags"])
    answers = []
    for k, a in enumerate(page["answers"]):
        aid = qid + 7 + k * 13
        body = R().blocks(a["blocks"])
        acc = " accepted-answer js-accepted-answer" if a.get("accepted") else ""
        answers.append(f"""<a name="{aid}"></a>
<div id="answer-{aid}" class="answer js-answer{acc}" data-answerid="{aid}" data-parentid="{qid}" data-score="{a['score']}" data-position-on-page="{k + 1}" itemprop="{'acceptedAnswer' if a.get('accepted') else 'suggestedAnswer'}" itemscope itemtype="https://schema.org/Answer">
<div class="post-layout">
{votecell(aid, a['score'], a.get('accepted'))}
<div class="answercell post-layout--right">
<div class="s-prose js-post-body" itemprop="text">
{body}
</div>
<div class="mt24"><div class="d-flex fw-wrap ai-start jc-end gs8 gsy">
<time itemprop="dateCreated" datetime="{a['when']}"></time>
{post_menu(aid)}
{user_card(a['user'], '回答日時', a['when_text'])}
</div></div>
</div>
{comments(aid, a.get('comments', []))}
</div>
</div>""")
    related = "".join('<div class="spacer js-gps-track"><a href="/q/%d" title="賛成票数と反対票数の差"><div class="answer-votes %s">%d</div></a><a href="/questions/%d/x" class="question-hyperlink">%s</a></div>' % (qid - 100 - i, "answered-accepted" if i % 2 == 0 else "", sc, qid - 100 - i, t) for i, (t, sc) in enumerate(page["related"]))
    hot = "".join('<li><div class="favicon favicon-site%d" title="site"></div><a href="/hot/%d" class="js-gps-track question-hyperlink mb0">%s</a></li>' % (i, i, t) for i, t in enumerate(HOT))
    foot = "".join('<div class="site-footer--col"><h5 class="-title"><a href="/%s">%s</a></h5><ul class="-list">%s</ul></div>' % (t, t, "".join('<li class="-item"><a href="/f/%s" class="-link">%s</a></li>' % (l, l) for l in ls)) for t, ls in FOOT)
    return f"""<!DOCTYPE html>
<html itemscope itemtype="https://schema.org/QAPage" class="html__responsive" lang="ja">
<head>
<title>{esc(page['title'])} - スタック・オーバーフロー・ジャパン（仮）</title>
<link rel="shortcut icon" href="/Sites/ja/Img/favicon.ico">
<meta name="viewport" content="width=device-width, height=device-height, initial-scale=1.0, minimum-scale=1.0">
<meta property="og:type" content="website" />
<meta property="og:url" content="{page['url']}"/>
<meta property="og:site_name" content="コードの質問箱" />
<meta name="twitter:title" property="og:title" itemprop="name" content="{esc(page['title'])}" />
<meta name="twitter:description" property="og:description" itemprop="description" content="{esc(page['summary'])}" />
<link rel="canonical" href="{page['url']}" />
<link rel="stylesheet" type="text/css" href="/cdn/shared/stacks.css?v=6f7b1a2e4c77">
<link rel="stylesheet" type="text/css" href="/cdn/Sites/ja/primary.css?v=f0a3d5b0a9c3">
<script src="/cdn/js/stub.en.js?v=9a3f4bd2e1c8"></script>
</head>
<body class="question-page unified-theme">
<div id="notify-container"></div>
<div id="custom-header"></div>
<header class="s-topbar ps-fixed t0 l0 js-top-bar"><div class="s-topbar--container">
<a href="#" class="s-topbar--menu-btn js-left-sidebar-toggle" role="menuitem" aria-haspopup="true" aria-controls="left-sidebar" aria-expanded="false"><span></span></a>
<a href="/" class="s-topbar--logo js-gps-track"><span class="-img _glyph">コードの質問箱</span></a>
<ol class="s-navigation" role="presentation"><li class="md:d-none"><a href="/about" class="s-navigation--item js-gps-track">概要</a></li><li><a href="/questions" class="s-navigation--item js-gps-track">質問一覧</a></li><li><a href="/teams" class="s-navigation--item js-gps-track">チーム向け</a></li></ol>
<form id="search" role="search" action="/search" class="s-topbar--searchbar js-searchbar" autocomplete="off"><div class="s-topbar--searchbar--input-group"><input name="q" type="text" role="combobox" placeholder="検索…" value="" autocomplete="off" maxlength="240" class="s-input s-input__search js-search-field" aria-label="検索" aria-controls="top-search" data-controller="s-popover" data-action="focus->s-popover#show" data-s-popover-placement="bottom-start" aria-expanded="false"></div></form>
<nav class="h100 ml-auto overflow-x-auto pr12"><ol class="s-topbar--content" role="menubar"><li role="none"><a href="/users/login" class="s-topbar--item s-topbar--item__unset s-btn s-btn__filled ws-nowrap js-gps-track" role="menuitem" rel="nofollow">ログイン</a></li><li role="none"><a href="/users/signup" class="s-topbar--item s-topbar--item__unset ml4 s-btn s-btn__primary ws-nowrap" role="menuitem" rel="nofollow">ユーザー登録</a></li></ol></nav>
</div></header>
<div class="container">
<div id="left-sidebar" data-is-here-when="md lg" class="left-sidebar js-pinned-left-sidebar ps-relative"><div class="left-sidebar--sticky-container js-sticky-leftnav"><nav role="navigation"><ol class="nav-links">
<li class="ps-relative"><a href="/" class="pl8 js-gps-track nav-links--link"><div class="d-flex ai-center"><div class="flex--item truncate">ホーム</div></div></a></li>
<li><ol class="nav-links"><li class="fs-fine tt-uppercase ml8 mt16 mb4 fc-light">公開</li>
<li class="ps-relative youarehere" aria-current="true"><a id="nav-questions" href="/questions" class="js-gps-track nav-links--link -link__with-icon"><span class="-link--channel-name">質問</span></a></li>
<li class="ps-relative"><a id="nav-tags" href="/tags" class="js-gps-track nav-links--link">タグ</a></li>
<li class="ps-relative"><a id="nav-users" href="/users" class="js-gps-track nav-links--link">ユーザー</a></li>
<li class="ps-relative"><a id="nav-unanswered" href="/unanswered" class="js-gps-track nav-links--link">未回答</a></li></ol></li>
</ol></nav></div></div>
<div id="content" class="snippet-hidden">
<div itemprop="mainEntity" itemscope itemtype="https://schema.org/Question">
<link itemprop="image" href="/Sites/ja/Img/apple-touch-icon.png">
<div class="inner-content clearfix">
<div id="question-header" class="d-flex sm:fd-column">
<h1 itemprop="name" class="fs-headline1 ow-break-word mb8 flex--item fl1"><a href="{page['url']}" class="question-hyperlink">{esc(page['title'])}</a></h1>
<div class="ml12 aside-cta flex--item print:d-none sm:ml0 sm:mb12 sm:order-first sm:as-end"><a href="/questions/ask" class="ws-nowrap s-btn s-btn__primary">質問する</a></div>
</div>
<div class="d-flex fw-wrap pb8 mb16 bb bc-black-075">
<div class="flex--item ws-nowrap mr16 mb8" title="{q['when']}"><span class="fc-black-400 mr2">質問日時</span><time itemprop="dateCreated" datetime="{q['when']}">{q['when_text']}</time></div>
<div class="flex--item ws-nowrap mr16 mb8"><span class="fc-black-400 mr2">更新</span><a href="?lastactivity" class="s-link s-link__inherit" title="{q['when']}">{page['active']}</a></div>
<div class="flex--item ws-nowrap mb8" title="閲覧数 {page['views']} 回"><span class="fc-black-400 mr2">閲覧数</span>{page['views']} 回</div>
</div>
<div id="mainbar" role="main" aria-label="質問と回答">
<div class="question js-question" data-questionid="{qid}" data-position-on-page="0" data-score="{q['score']}" id="question">
<div class="js-zone-container zone-container-main"><div id="dfp-tlb" class="everyonelovesstackoverflow everyoneloves__top-leaderboard everyoneloves__leaderboard"></div></div>
<div class="post-layout">
{votecell(qid, q['score'])}
<div class="postcell post-layout--right">
<div class="s-prose js-post-body" itemprop="text">
{qbody}
</div>
<div class="mt24 mb12"><div class="post-taglist d-flex gs4 gsy fd-column"><div class="d-flex ps-relative fw-wrap"><ul class="ml0 list-ls-none js-post-tag-list-wrapper d-inline">{tags}</ul></div></div></div>
<div class="mb0"><div class="mt16 d-flex gs8 gsy fw-wrap jc-end ai-start pt4 mb16">
{post_menu(qid)}
{user_card(q['user'], '質問日時', q['when_text'])}
</div></div>
</div>
<span class="d-none" itemprop="commentCount">{len(q.get('comments', []))}</span>
{comments(qid, q.get('comments', []))}
</div>
</div>
<div id="answers">
<a name="tab-top"></a>
<div id="answers-header"><div class="answers-subheader d-flex ai-center mb8"><div class="flex--item fl1"><h2 class="mb0" data-answercount="{len(answers)}">回答 {len(answers)} 件<span style="display:none;" itemprop="answerCount">{len(answers)}</span></h2></div>
<div class="flex--item"><div class="d-flex g4 gsx ai-center sm:fd-column sm:ai-start"><div class="d-flex fd-column ai-end sm:ai-start"><label class="flex--item fs-caption" for="answer-sort-dropdown-select-menu">並べ替え:</label></div>
<div class="flex--item s-select"><select id="answer-sort-dropdown-select-menu"><option value="scoredesc" selected="selected">スコア（降順）</option><option value="trending">トレンド（最近の票数の割合）</option><option value="modifieddesc">更新日時（新しい順）</option><option value="createdasc">作成日時（古い順）</option></select></div></div></div></div></div>
{''.join(answers)}
<form id="post-form" action="/questions/{qid}/answer/submit" method="post" class="js-add-answer-component post-form">
<h2 class="space" id="your-answer-header">回答</h2>
<div class="js-wz-element s-notice s-notice__info">回答への貢献に感謝します。<ul><li>質問への<b>回答</b>を書いてください。詳細を説明し、調べた内容を共有しましょう。</li><li>意見や他の回答への返事は避けてください。根拠や経験に基づいて書くのが良い回答です。</li></ul>詳しくは、良い回答の書き方についてのヘルプをご覧ください。</div>
<div class="wmd-container"><textarea id="wmd-input" name="post-text" class="wmd-input s-input bar0 js-post-body-field" data-post-type-id="2" cols="92" rows="15" aria-labelledby="your-answer-header"></textarea></div>
<div class="js-general-error general-error d-none"></div>
<div class="form-submit clear-both d-flex gsx gs4"><button id="submit-button" class="flex--item s-btn s-btn__primary s-btn__icon" type="submit">回答を投稿</button></div>
<p class="s-prose">「回答を投稿」をクリックすることで、利用規約、プライバシーポリシー、Cookie ポリシーに同意したものとみなされます。</p>
</form>
<h2 class="bottom-notice" data-loc="1">求めていた回答ではありませんか？ <a href="/questions/tagged/{page['tags'][0]}" class="post-tag">{page['tags'][0]}</a> のタグが付いた他の質問を参照するか、<a href="/questions/ask">自分で質問をする</a>。</h2>
</div>
</div>
<div id="sidebar" class="show-votes" role="complementary" aria-label="サイドバー">
<div class="module sidebar-related"><h4 id="h-related">関連する質問</h4><div class="related js-gps-related-questions" data-tracker="rq=1">{related}</div></div>
<div id="hot-network-questions" class="module tex2jax_ignore"><h4><a href="/hot-questions" class="js-gps-track s-link s-link__inherit">ホットなネットワークの質問</a></h4><ul>{hot}</ul><a href="#" class="show-more js-show-more js-gps-track">さらに表示</a></div>
<div id="feed-link"><a href="/feeds/question/{qid}" title="この質問に対する回答を RSS リーダーで受け取る"><svg aria-hidden="true" class="fc-orange-400 svg-icon iconRss" width="18" height="18" viewBox="0 0 18 18"><path d="M3 1a2 2 0 0 0-2 2v12c0 1.1.9 2 2 2h12a2 2 0 0 0 2-2V3a2 2 0 0 0-2-2H3Zm0 1.5c6.9 0 12.5 5.6 12.5 12.5H13C13 9.55 8.45 5 3 5V2.5Zm0 5c4.08 0 7.5 3.42 7.5 7.5H8c0-2.72-2.28-5-5-5V7.5Zm0 5c1.36 0 2.5 1.14 2.5 2.5H3v-2.5Z"></path></svg>質問フィード</a><p>この質問を購読するには、このURLをRSSリーダーにコピーしてください。</p></div>
</div>
</div>
</div>
</div>
</div>
<footer id="footer" class="site-footer js-footer" role="contentinfo"><div class="site-footer--container">
<div class="site-footer--logo"><a href="/" aria-label="コードの質問箱"><svg aria-hidden="true" class="native svg-icon iconLogoGlyphMd" width="32" height="37" viewBox="0 0 32 37"><path d="M26 33v-9h4v13H0V24h4v9h22Z" fill="#BCBBBB"></path></svg></a></div>
<nav class="site-footer--nav">{foot}</nav>
<div class="site-footer--copyright fs-fine md:mt24"><p class="md:mb0">サイトデザイン / ロゴ © 2024 コードの質問箱。ユーザーの投稿は CC BY-SA ライセンスのもとで利用できます。</p></div>
</div></footer>
<div id="onetrust-consent-sdk"><div id="onetrust-banner-sdk" class="otFlat" tabindex="0" role="region" aria-label="Cookie バナー"><div class="ot-sdk-container"><div class="ot-sdk-row"><div id="onetrust-group-container" class="ot-sdk-eight ot-sdk-columns"><div id="onetrust-policy"><div id="onetrust-policy-text">「すべての Cookie を受け入れる」をクリックすると、サイトの利用状況の分析や広告のために Cookie をデバイスに保存することに同意したものとみなされます。</div></div></div>
<div id="onetrust-button-group-parent" class="ot-sdk-three ot-sdk-columns"><div id="onetrust-button-group"><button id="onetrust-accept-btn-handler">すべての Cookie を受け入れる</button><button id="onetrust-reject-all-handler">必要な Cookie のみ受け入れる</button><button id="onetrust-pc-btn-handler" class="cookie-setting-link">Cookie を設定する</button></div></div></div></div></div></div>
<script>StackExchange.ready(function () {{ StackExchange.question.init({{showAnswerHelp:true,totalCommentCount:{len(q.get('comments', []))},shareUrl:"/q/{qid}",questionId:{qid}}}); }});</script>
</body>
</html>
"""


def label(page):
    out = [page["title"]] + block_label_all(page["question"]["blocks"])
    for a in page["answers"]:
        out.extend(block_label_all(a["blocks"]))
    return out


def block_label_all(blocks):
    out = []
    for b in blocks:
        out.extend(block_label(b))
    return out


P = "http://site.test/codeqa/questions/"
PAGES = []

U = {
    "tanaka": ("tanaka_k", 3012, 523, 9), "sato": ("佐藤ゆうき", 881, "12,406", 61), "mori": ("mori_dev", 1502, "3,870", 27),
    "kim": ("kimura", 4410, 91, 2), "hayashi": ("林", 220, "28,913", 140), "neko": ("nekomata", 5120, 15, 1),
    "ito": ("itoh.s", 760, "7,254", 44), "guest": ("user4781", 4781, 1, 0),
}


def question(file, qid, slug, title, summary, tags, views, active, q, answers, related):
    q["blocks"] = parse(q.pop("body"))
    for a in answers:
        a["blocks"] = parse(a.pop("body"))
    PAGES.append(dict(file=file, url=P + "%d/%s" % (qid, slug), qid=qid, title=title, summary=summary, tags=tags,
                      views=views, active=active, question=q, answers=answers, related=related, body=[]))

question("pandas-date-shift.html", 98231, "pandas-resample-date-shift",
         "pandasで日ごとに集計すると日付が1日ずれてしまう", "UTCの時刻を日ごとに集計すると、日本時間の日付とずれます。",
         ["python", "pandas", "datetime"], "1,842", "2024年2月14日",
         dict(user=U["tanaka"], score=12, when="2024-02-11T03:12:45", when_text="2024年2月11日 12:12", body="""
センサーのログをpandasで読み込み、日ごとの合計を出そうとしています。ところが、結果の日付が日本時間の感覚と1日ずれてしまいます。たとえば2月10日の夜に記録したデータが、2月10日ではなく2月11日の合計に入っているように見えます。

コードは次のとおりです。

```python
import pandas as pd

df = pd.read_csv("log.csv", parse_dates=["timestamp"])
df = df.set_index("timestamp")
daily = df["value"].resample("D").sum()
print(daily.head())
```

CSVの時刻は `2024-02-10T15:30:00Z` のような形式で、末尾にZが付いています。どうすれば日本時間の日付で集計できるでしょうか。
""", comments=[("mori_dev", "2024年2月11日 12:20", "CSVの先頭数行と、期待する出力を載せてもらえると回答しやすいです。", 0),
               ("tanaka_k", "2024年2月11日 12:31", "ありがとうございます。時刻はすべてUTCで記録されています。", 0)]),
         [dict(user=U["sato"], score=18, accepted=True, when="2024-02-11T04:02:10", when_text="2024年2月11日 13:02", body="""
原因は、時刻がUTCのまま日ごとに区切られていることです。末尾のZはUTCを表すので、`resample("D")` はUTCの0時で日を区切ります。日本時間はUTCより9時間進んでいるので、日本時間の朝9時までのデータが前の日に入り、区切りがずれて見えます。

集計の前に日本時間へ変換してください。

```python
df = pd.read_csv("log.csv", parse_dates=["timestamp"])
df["timestamp"] = df["timestamp"].dt.tz_convert("Asia/Tokyo")
daily = df.set_index("timestamp")["value"].resample("D").sum()
```

`tz_convert` は時刻そのものを変えず、表示と区切りの基準になるタイムゾーンだけを変えます。変換後のインデックスには `+09:00` が付くので、正しく変換できたか確認できます。
""", comments=[("tanaka_k", "2024年2月11日 13:20", "できました！Zの意味を理解していませんでした。", 2)]),
          dict(user=U["ito"], score=4, when="2024-02-12T01:44:00", when_text="2024年2月12日 10:44", body="""
補足です。CSVの時刻にタイムゾーンが付いていない場合は、`tz_convert` ではなく `tz_localize` を使います。

```python
df["timestamp"] = df["timestamp"].dt.tz_localize("UTC").dt.tz_convert("Asia/Tokyo")
```

タイムゾーンのない時刻に `tz_convert` を呼ぶとエラーになるので、どちらの形式なのかを先に確認しておくと安全です。
""")],
         [("pandasのresampleで月末ではなく月初を基準にしたい", 8), ("タイムゾーン付きの日時をExcelに書き出すとエラーになる", 5),
          ("datetime.now()とdatetime.utcnow()の違いは？", 31), ("pandasで欠損した時刻の行を補完したい", 3)])

question("git-remove-file-history.html", 97002, "git-remove-committed-secret-file",
         "間違えてコミットしたパスワード入りのファイルを履歴から消したい", "設定ファイルをコミットしてしまいました。",
         ["git"], "3,105", "2024年1月20日",
         dict(user=U["neko"], score=7, when="2024-01-18T09:20:00", when_text="2024年1月18日 18:20", body="""
データベースのパスワードが書かれた `config.local.yml` を誤ってコミットし、リモートにプッシュしてしまいました。その後のコミットでファイルは削除しましたが、履歴には残っています。

履歴からこのファイルを完全に消すにはどうすればよいでしょうか。リポジトリは社内のメンバー5人で使っています。
""", comments=[("林", "2024年1月18日 18:25", "まずパスワードの変更を先にしてください。履歴の削除はそのあとです。", 14)]),
         [dict(user=U["hayashi"], score=22, accepted=True, when="2024-01-18T10:05:00", when_text="2024年1月18日 19:05", body="""
最初にやるべきことは、履歴の書き換えではなく**パスワードの変更**です。一度プッシュした以上、誰かがすでにクローンしているかもしれず、履歴を消してもその複製からは消せません。

そのうえで、履歴から消す手順は次のとおりです。

1. パスワードを変更し、古いパスワードを無効にする
2. 作業中の変更をすべてプッシュしてもらい、一時的に作業を止めてもらう
3. 履歴からファイルを取り除く
4. 強制プッシュし、全員にクローンし直してもらう

3の手順には git-filter-repo を使うのが簡単です。

```bash
git filter-repo --invert-paths --path config.local.yml
git push --force --all
git push --force --tags
```

最後に、同じ失敗を防ぐために `.gitignore` にファイル名を追加しておきましょう。
""")],
         [("git resetとgit revertはどう使い分ける？", 45), ("プッシュ済みのコミットメッセージを修正したい", 19),
          (".gitignoreに追加したのに無視されない", 27)])

question("fetch-cors-error.html", 99410, "fetch-cors-error-localhost",
         "fetchで別ポートのAPIを呼ぶとCORSエラーになる", "ローカル開発環境でフロントエンドからAPIを呼ぶとエラーになります。",
         ["javascript", "cors", "fetch"], "956", "2024年3月2日",
         dict(user=U["kim"], score=3, when="2024-03-01T12:00:00", when_text="2024年3月1日 21:00", body="""
ポート3000で動くフロントエンドから、ポート8080で動く自作のAPIを呼び出すと、ブラウザのコンソールに次のエラーが出ます。

```text
Access to fetch at 'http://localhost:8080/api/items' from origin 'http://localhost:3000' has been blocked by CORS policy
```

呼び出し側のコードはこれだけです。

```js
const res = await fetch("http://localhost:8080/api/items");
const items = await res.json();
```

curlで同じURLを叩くと正常に結果が返ってきます。なぜブラウザからだけ失敗するのでしょうか。
""", comments=[("mori_dev", "2024年3月1日 21:10", "APIは何で作っていますか？", 0), ("kimura", "2024年3月1日 21:12", "Node.jsのExpressです。", 0)]),
         [dict(user=U["mori"], score=9, accepted=True, when="2024-03-01T12:40:00", when_text="2024年3月1日 21:40", body="""
CORSはブラウザが守っている決まりなので、curlでは起きません。ポート番号が違うとオリジンが違うとみなされ、ブラウザはAPI側が許可を示すヘッダーを返した場合にだけ、レスポンスをページのスクリプトに渡します。

つまり直すべきなのはフロントエンドではなくAPI側です。Expressなら cors ミドルウェアで、許可するオリジンを指定できます。

```js
import cors from "cors";

app.use(cors({ origin: "http://localhost:3000" }));
```

すべてのオリジンを許可する設定も書けますが、本番環境でそのまま使わないよう注意してください。
"""),
          dict(user=U["ito"], score=5, when="2024-03-02T00:15:00", when_text="2024年3月2日 9:15", body="""
別の方法として、開発サーバーのプロキシ機能を使うこともできます。フロントエンドの開発サーバーが /api へのリクエストをポート8080に転送すれば、ブラウザから見ると同じオリジンへのリクエストになり、CORSの設定は不要になります。本番環境で同じドメインから配信する予定なら、こちらのほうが本番に近い構成です。
""")],
         [("CORSのプリフライトリクエストとは何ですか？", 22), ("Cookieを含むリクエストでCORSエラーになる", 11)])

question("shell-filename-spaces.html", 96540, "shell-script-filenames-with-spaces",
         "シェルスクリプトのforループで、スペースを含むファイル名が分割されてしまう", "スペースの入ったファイル名を扱えません。",
         ["bash", "shell"], "2,410", "2023年12月9日",
         dict(user=U["guest"], score=5, when="2023-12-08T05:30:00", when_text="2023年12月8日 14:30", body="""
フォルダ内の画像をまとめて変換するスクリプトを書きました。

```bash
for f in $(ls *.jpg); do
  convert $f -resize 50% small_$f
done
```

ファイル名にスペースが入っていると、「夏休み 1.jpg」が「夏休み」と「1.jpg」の二つに分かれてしまい、ファイルが見つからないというエラーになります。どう書けばよいでしょうか。
"""),
         [dict(user=U["hayashi"], score=14, accepted=True, when="2023-12-08T05:41:00", when_text="2023年12月8日 14:41", body="""
問題は二か所あります。

- `$(ls *.jpg)` の結果が空白で分割されること
- `$f` を引用符で囲んでいないこと

ls の出力を使わず、グロブを直接ループに渡し、変数は必ず二重引用符で囲みます。

```bash
for f in *.jpg; do
  convert "$f" -resize 50% "small_$f"
done
```

グロブはファイル名を一つずつ展開するので、スペースや改行を含む名前でも分割されません。一般に、ls の出力をスクリプトで解析するのは避けたほうが安全です。
""")],
         [("findとxargsでスペースを含むファイル名を扱うには", 17), ("シェル変数を引用符で囲むべきなのはどんなとき？", 38)])

question("left-join-duplicates.html", 98870, "left-join-row-count-increases",
         "LEFT JOINすると行数が増えてしまうのはなぜですか", "結合すると元のテーブルより行が多くなります。",
         ["sql", "postgresql"], "1,127", "2024年2月26日",
         dict(user=U["tanaka"], score=6, when="2024-02-25T08:00:00", when_text="2024年2月25日 17:00", body="""
顧客テーブルに注文テーブルをLEFT JOINして、顧客ごとの最新の注文日を出したいのですが、結果の行数が顧客数より多くなってしまいます。

顧客テーブルは次のようなデータです。

| id | name |
|---|---|
| 1 | 山田 |
| 2 | 鈴木 |
| 3 | 高橋 |

```sql
SELECT c.id, c.name, o.ordered_at
FROM customers c
LEFT JOIN orders o ON o.customer_id = c.id;
```

顧客は3人なのに、結果は7行になります。LEFT JOINは左のテーブルの行数を保つものだと思っていました。
"""),
         [dict(user=U["sato"], score=11, accepted=True, when="2024-02-25T08:20:00", when_text="2024年2月25日 17:20", body="""
LEFT JOINが保証するのは、左のテーブルの行が**少なくとも一度は**結果に現れることで、行数が変わらないことではありません。一人の顧客に注文が3件あれば、その顧客の行は3行になります。

顧客ごとに最新の注文日を一つだけ出したいなら、集計してから結合するか、結合してから集計します。

```sql
SELECT c.id, c.name, MAX(o.ordered_at) AS last_order
FROM customers c
LEFT JOIN orders o ON o.customer_id = c.id
GROUP BY c.id, c.name;
```

注文のない顧客は last_order が NULL になり、行数は顧客数と同じ3行になります。
"""),
          dict(user=U["mori"], score=2, when="2024-02-26T02:00:00", when_text="2024年2月26日 11:00", body="""
最新の注文の日付だけでなく、金額など注文の他の列も欲しい場合は、PostgreSQLなら DISTINCT ON が便利です。顧客ごとに注文日の新しい順に並べ、先頭の一行だけを残せます。
""")],
         [("GROUP BYで集計しない列を選択するとエラーになる", 13), ("INNER JOINとLEFT JOINの使い分け", 29), ("サブクエリとJOINはどちらが速い？", 9)])
