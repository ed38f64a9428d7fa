"""A Korean blogging platform built like Medium: generated class names everywhere,
a top bar with "write" and sign-in, the author row (follow, read time, date), clap,
response, bookmark and share bars above and below the story, tags, the author card,
"more from" and "recommended" story cards, a sign-up prompt and a short footer. The
article is the title, the subtitle and the story body."""
from gen import Renderer, esc, label as blocks_label

NAME = "platform-ko"
TEMPLATE = "platform"
LANG = "ko"

PCLS = "pw-post-body-paragraph lm ln gu lo b lp lq lr ls lt lu lv lw lx ly lz ma mb mc md me mf mg mh mi mj fn bj"


class R(Renderer):
    def __init__(self):
        self.k = 0

    def _id(self):
        self.k += 1
        return "%04x" % (0x2f1a + self.k * 97)

    def p(self, text):
        return '<p id="%s" class="%s" data-selectable-paragraph="">%s</p>' % (self._id(), PCLS, self.il(text))

    def h(self, level, text):
        return '<h2 id="%s" class="mk ml gu be mm mn mo mp gy mq mr ms hc mt mu mv mw mx my mz na nb nc nd ne nf ng bj" data-selectable-paragraph="">%s</h2>' % (self._id(), self.il(text))

    def quote(self, paras, cite):
        inner = "".join('<p id="%s" class="nh ni nj be nk nl nm nn no np nq nr ns nt nu nv nw nx ny nz oa ob oc od oe of og bj" data-selectable-paragraph="">%s</p>' % (self._id(), self.il(p)) for p in paras)
        return '<blockquote class="oh oi oj">%s</blockquote>' % inner

    def list(self, node, depth=0):
        tag = "ol" if node["ordered"] else "ul"
        items = "".join('<li id="%s" class="lo b lp lq lr ls lt lu lv lw lx ly lz ma mb mc md me mf mg mh mi mj ok ol om bj" data-selectable-paragraph="">%s</li>' % (self._id(), self.il(it["text"])) for it in node["children"])
        return '<%s class="">%s</%s>' % (tag, items, tag)

    def code(self, lang, lines):
        return '<pre class="on oo op oq or os ot ou bo ov ba bj"><span id="%s" class="ow ng gu ot b bf ox oy l oz pa" data-code-block-mode="1" spellcheck="false" data-code-block-lang="%s">%s</span></pre>' % (self._id(), esc(lang), "<br>".join(esc(l) for l in lines))

    def d_fig(self, src, alt="", caption="", credit=""):
        return ('<figure class="pb pc pd pe pf pg py pz paragraph-image"><div role="button" tabindex="0" class="qa qb fj qc bg qd"><div class="py pz qe"><picture><source srcset="%s?w=640 640w, %s?w=1400 1400w" sizes="(min-resolution: 4dppx) and (max-width: 700px) 50vw, 100vw"><img alt="%s" class="bg ml qf c" width="700" height="467" loading="eager" role="presentation" src="%s"></picture></div></div>'
                '<figcaption class="qg fe qh py pz qi qj be b bf z dt" data-selectable-paragraph="">%s</figcaption></figure>') % (esc(src), esc(src), esc(alt), esc(src), self.il(caption))


def bar(page, where):
    return f"""<div class="{'ab cp' if where == 'top' else 'ab co'}"><div class="ab q ku kv kw kx ky kz la lb lc ld le lf lg lh li"><div class="ab q kk"><div class="pw-multi-vote-icon fj kl km kn ko"><div role="tooltip" aria-hidden="true"><button data-testid="headerClapButton" class="af fk ah ai aj ak al kp an ao ap ex kq kr ks kt" aria-label="박수"><svg width="24" height="24" viewBox="0 0 24 24" aria-label="clap"><path fill-rule="evenodd" d="M11.37.828 12 3.282l.63-2.454zM15.421 1.84l-1.185-.388-.338 2.5zM9.757 1.452l-1.184.389 1.523 2.112zM20.253 11.84 17.75 7.438c-.238-.353-.57-.584-.93-.643a.96.96 0 0 0-.753.183 1.13 1.13 0 0 0-.443.695c.014.019.03.033.044.053l2.352 4.138c1.614 2.95 1.1 5.771-1.525 8.395a7 7 0 0 1-.454.415c.997-.13 1.927-.61 2.773-1.457 2.705-2.704 2.517-5.585 1.438-7.377"></path></svg></button></div></div>
<div class="pw-multi-vote-count l kj kk kl km kn ko"><p class="bf b dv z dt"><span class="kr">{page['claps']}</span></p></div></div>
<div class="bq ab"><button class="af fk ah ai aj ak al kp an ao ap ex lj lk ls lt" aria-label="응답"><svg width="24" height="24" viewBox="0 0 24 24" class="lu"><path d="M18.006 16.803c1.533-1.456 2.234-3.325 2.234-5.321C20.24 7.357 16.709 4 12.191 4S4 7.357 4 11.482c0 4.126 3.674 7.482 8.191 7.482.817 0 1.622-.111 2.393-.327.231.2.48.391.744.559 1.06.693 2.203 1.044 3.399 1.044.224-.008.4-.112.486-.287a.49.49 0 0 0-.042-.518c-.495-.67-.845-1.364-1.04-2.057a4 4 0 0 1-.125-.598zm-3.122 1.055-.067-.223-.315.096a8 8 0 0 1-2.311.338c-4.023 0-7.292-2.955-7.292-6.587 0-3.633 3.269-6.588 7.292-6.588 4.014 0 7.112 2.958 7.112 6.593 0 1.794-.608 3.469-2.027 4.72l-.195.168v.255c0 .056 0 .151.016.295.025.231.081.478.154.733.154.558.398 1.117.722 1.659a5.3 5.3 0 0 1-2.165-.845c-.276-.176-.714-.383-.941-.59z"></path></svg><p class="bf b dv z dt"><span class="pw-responses-count lr ls">{page['responses']}</span></p></button></div></div>
<div class="ab q lv lw lx"><div class="lz l ma"><button aria-controls="addToCatalogBookmarkButton" aria-expanded="false" aria-label="저장" data-testid="headerBookmarkButton" class="af fk ah ai aj ak al kp an ao ap ex mc md me" disabled=""><svg width="25" height="25" viewBox="0 0 25 25" fill="none" class="mf"><path fill="#000" d="M18 2.5a.5.5 0 0 1 1 0V5h2.5a.5.5 0 0 1 0 1H19v2.5a.5.5 0 1 1-1 0V6h-2.5a.5.5 0 0 1 0-1H18zM7 7a1 1 0 0 1 1-1h3.5a.5.5 0 0 0 0-1H8a2 2 0 0 0-2 2v14a.5.5 0 0 0 .805.396L12.5 17l5.695 4.396A.5.5 0 0 0 19 21v-8.5a.5.5 0 0 0-1 0v7.485l-5.195-4.012a.5.5 0 0 0-.61 0L7 19.985z"></path></svg></button></div>
<div class="ep mg cn"><button aria-label="듣기" data-testid="audioPlayButton" class="af fk ah ai aj ak al kp an ao ap ex mh mi lw mj mk ml mm mn s mo mp mq mr ms mt mu u mv mw mx"><div class="dj ab q"><p class="bf b bg z dt">듣기</p></div></button></div>
<div class="bm" aria-hidden="false" role="tooltip"><div><button aria-controls="postPageShareMenu" aria-expanded="false" aria-label="공유" data-testid="headerSocialShareButton" class="af fk ah ai aj ak al kp an ao ap ex mh mi lw mj mk ml mm mn s mo mp mq mr ms mt mu u mv mw mx"><div class="dj ab q"><p class="bf b bg z dt">공유</p></div></button></div></div></div></div></div>"""


def render(page):
    r = R()
    body = r.blocks(page["blocks"])
    more = "".join(f"""<div class="ab cb"><div class="rf rg rh ri rj rk rl rm"><article class="rn ro rp" data-testid="post-preview"><a href="/@{page['handle']}/{k}" rel="noopener follow"><div class="l"><h2 class="bf go rq rr rs rt ru rv rw rx ry rz sa sb sc sd se sf hs hu hv hw hy hz bk">{esc(t)}</h2><div class="sg l"><h3 class="bf b ip z fl sh fp fq si fs fu dt">{esc(s)}</h3></div></div></a><div class="sj sk sl"><span class="bf b ip z dt">{m}분 분량</span><span class="sm sn so" aria-hidden="true">·</span><span class="bf b ip z dt">{d}</span></div></article></div></div>"""
                   for k, (t, s, m, d) in enumerate(page["more"]))
    rec = "".join(f"""<div class="sp sq"><article data-testid="post-preview"><div class="st l"><a href="/@other{k}"><p class="bf b dv z ec">{esc(a)}</p></a><a href="/p/rec{k}"><h2 class="bf go rq rr rs">{esc(t)}</h2></a><div class="sj"><span>{m}분 분량</span> · <span>{c} 박수</span></div></div></article></div>""" for k, (a, t, m, c) in enumerate(page["rec"]))
    tags = "".join('<div class="pl pm pn"><a href="/tag/%s" class="pq pr ba rb aq"><div class="rc rd rg bj">%s</div></a></div>' % (esc(t), esc(t)) for t in page["tags"])
    sub = ('<h2 id="sub" class="pw-subtitle-paragraph id ie gu be b if ig ih ii ij ik il im in io ip iq ir is it cp dt" data-selectable-paragraph="">%s</h2>' % esc(page["subtitle"])) if page.get("subtitle") else ""
    return f"""<!doctype html><html lang="ko"><head><title>{esc(page['title'])} | {esc(page['author'])} | 글밭</title><meta data-rh="true" charset="utf-8"><meta data-rh="true" name="viewport" content="width=device-width,minimum-scale=1,initial-scale=1,maximum-scale=1"><meta data-rh="true" name="theme-color" content="#000000"><meta data-rh="true" property="og:type" content="article"><meta data-rh="true" property="og:title" content="{esc(page['title'])}"><meta data-rh="true" name="description" content="{esc(page.get('subtitle') or page['title'])}"><meta data-rh="true" name="author" content="{esc(page['author'])}"><meta data-rh="true" name="robots" content="index,noarchive,follow,max-image-preview:large"><link data-rh="true" rel="canonical" href="{page['url']}"><link rel="stylesheet" href="/_/static/main.7c2e91ab.css"><script>window.__BUILD_ID__="main-20240312-183044-4e9a2b1c";window.__GRAPHQL_URI__="/_/graphql";</script></head>
<body><div id="root"><div class="a b c"><div class="d e f g h i j k"></div><script>document.domain = document.domain;</script>
<div class="l c"><div class="l m n o c"><div class="p q r s t u v w x i d y z"><a class="ag ah ai aj ak al am an ao ap aq ar as at au" href="/" aria-label="글밭 홈"><svg viewBox="0 0 1043.63 592.71" class="dj dk"><g><path d="M588.67 296.36c0 163.67-131.78 296.35-294.33 296.35S0 460 0 296.36 131.78 0 294.34 0s294.33 132.69 294.33 296.36"></path></g></svg></a>
<div class="ab q av"><div class="aw ax ay az ba bb bc bd be bf"><div class="ab q bg"><svg width="24" height="24" fill="none" viewBox="0 0 24 24"><path fill="currentColor" fill-rule="evenodd" d="M4.092 11.06a6.95 6.95 0 1 1 13.9 0 6.95 6.95 0 0 1-13.9 0m6.95-8.05a8.05 8.05 0 1 0 5.13 14.26l3.75 3.75a.56.56 0 1 0 .79-.79l-3.73-3.73A8.05 8.05 0 0 0 11.042 3z" clip-rule="evenodd"></path></svg></div><input role="combobox" aria-controls="search-results" aria-expanded="false" aria-label="검색" data-testid="headerSearchInput" tabindex="0" class="ax bh bi bj z bk bl bm bn bo bp" placeholder="검색" value=""></div></div></div>
<div class="h k w fb fc"><div class="fd ab"><a class="af ag ah ai aj ak al am an ao ap aq ar as at" data-testid="headerWriteButton" href="/new-story" rel="noopener follow"><div class="bf b bg z fe ff ab q fg fh"><div class="fi l">글쓰기</div></div></a></div><span class="fj"><a class="af ag ah ai aj ak al am an ao ap aq ar as at" href="/signin" rel="noopener follow" data-testid="headerSignUpButton">회원가입</a></span><span class="fj"><a class="af ag ah ai aj ak al am an ao ap aq ar as at" href="/signin" rel="noopener follow" data-testid="headerSignInButton">로그인</a></span></div></div></div>
<div class="l"><div class="fp fq fr fs ft l"><article><div class="l"><div class="l"><span class="l"></span><section><div><div class="fw fx fy fz ga"></div><div class="gb gc gd ge gf"><div class="ab cb"><div class="ci bh ev ew ex ey">
<div><h1 id="ttl" class="pw-post-title gw gx gy be gz ha hb hc hd he hf hg hh hi hj hk hl hm hn ho hp hq hr hs ht hu bj" data-testid="storyTitle" data-selectable-paragraph="">{esc(page['title'])}</h1></div>
{sub}
<div class="speechify-ignore ab cp"><div class="speechify-ignore bh l"><div class="hv hw hx hy hz ab"><div><div class="ab ia"><a href="/@{page['handle']}" rel="noopener follow"><div class="l ib ic by id ie"><div class="l fj"><img alt="{esc(page['author'])}" class="l fd by dc dd cx" src="/_/avatars/{page['handle']}.jpg" width="44" height="44" loading="lazy" data-testid="authorPhoto"></div></div></a></div></div>
<div class="bm bg l"><div class="ab"><div style="flex:1"><span class="bf b bg z bk"><div class="if ab q"><div class="ab q ig"><div class="ab q"><div><div class="bm" aria-hidden="false"><a class="af ag ah ai aj ak al am an ao ap aq ar ih" data-testid="authorName" href="/@{page['handle']}" rel="noopener follow">{esc(page['author'])}</a></div></div></div><span class="ii ij" aria-hidden="true"><span class="bf b bg z dt">·</span></span><p class="bf b bg z dt"><span><a class="ik il ah ai aj ak al am an ao ap aq ar ex im in" href="/m/signin?actionUrl=follow">팔로우</a></span></p></div></div></span></div></div>
<div class="l io"><span class="bf b bg z dt"><div class="ab cn ip iq ir"><span class="bf b bg z dt"><div class="ab ae"><span data-testid="storyReadTime">{page['minutes']}분 분량</span><div class="is it l" aria-hidden="true"><span class="l" aria-hidden="true"><span class="bf b bg z dt">·</span></span></div><span data-testid="storyPublishDate">{page['date']}</span></div></span></div></span></div></div></div>
{bar(page, 'top')}
</div></div></div></div></div></div>
<div class="ab cb"><div class="ci bh ev ew ex ey">
{body}
</div></div></section></div></div></div></article></div>
<div class="l"><div class="ab cb"><div class="ci bh ev ew ex ey"><div class="pj pk ab il"><div class="pl ab">{tags}</div></div>{bar(page, 'bottom')}</div></div></div>
<div class="l ac"><div class="ab cb"><div class="ci bh ev ew ex ey"><div class="rv rw ab fj"><a href="/@{page['handle']}" rel="noopener follow"><div class="l rx ry by rz"><img alt="{esc(page['author'])}" class="l fd by sa sb cx" src="/_/avatars/{page['handle']}.jpg" width="48" height="48" loading="lazy"></div></a>
<div class="sc ab"><div class="sd l"><h2 class="pw-author-name bf se sf sg sh si sj sk hs sl sm hu hv sn hy hz bk"><a class="af ag ah ai aj ak al am an ao ap aq ar as at" href="/@{page['handle']}" rel="noopener follow"><span class="gm">작가 {esc(page['author'])}</span></a></h2><div class="so l"><span class="pw-follower-count bf b bg z bk"><a class="af ag ah ai aj ak al am an ao ap aq ar so" href="/@{page['handle']}/followers" rel="noopener follow">팔로워 {page['followers']}명</a></span></div><div class="sp l"><p class="bf b bg z bk"><span class="bk">{esc(page['bio'])}</span></p></div></div>
<div class="sq ab"><button class="bf b bg z sr tg ss st su sv sw ex sx sy sz ta tb tc td te tf bm bn">팔로우</button></div></div></div></div></div></div>
<div class="l ac"><div class="ab cb"><div class="ci bh ev ew ex ey"><h2 class="bf se uf ug uh ui uj uk ul um un uo up uq ur us ut bk">{esc(page['author'])}님의 다른 글</h2><div class="ab cp">{more}</div><div class="uv l"><a class="af ag ah ai aj ak al am an ao ap aq ar as at" href="/@{page['handle']}" rel="noopener follow"><p class="bf b dv z bk">{esc(page['author'])}님의 글 모두 보기</p></a></div></div></div></div>
<div class="l"><div class="ab cb"><div class="ci bh ev ew ex ey"><h2 class="bf se uf">글밭 추천 글</h2><div class="sp">{rec}</div><a href="/recommended">추천 글 더 보기</a></div></div></div>
<div class="ab cb vl vm vn"><div class="vo ab cb"><div class="vp"><h2 class="bf se">글밭에서 더 많은 이야기를 읽어 보세요</h2><p>회원가입하고 좋아하는 작가의 새 글을 가장 먼저 받아 보세요. 관심사에 맞는 글을 매일 추천해 드립니다.</p><a href="/signin" class="vq">무료로 가입하기</a></div></div></div>
<div class="vw ab cb"><div class="ci bh ev ew ex ey"><div class="ab q"><a href="/help" class="vx">도움말</a><a href="/status" class="vx">상태</a><a href="/about" class="vx">소개</a><a href="/careers" class="vx">채용</a><a href="/press" class="vx">보도자료</a><a href="/blog" class="vx">블로그</a><a href="/privacy" class="vx">개인정보 처리방침</a><a href="/terms" class="vx">이용약관</a><a href="/tts" class="vx">음성으로 듣기</a></div></div></div>
</div></div></div>
<script>window.__APOLLO_STATE__ = {{"ROOT_QUERY":{{"viewer":null}},"Post:{page['pid']}":{{"id":"{page['pid']}","title":"{esc(page['title'])}","clapCount":{page['claps_n']}}}}}</script>
<script src="/_/static/main.8e1c44f0.js" async></script>
</body></html>
"""


def label(page):
    out = [page["title"]]
    if page.get("subtitle"):
        out.append(page["subtitle"])
    return out + blocks_label(page["blocks"])


P = "http://site.test/geulbat/"
PAGES = []

MORE_HAN = [("작은 공방을 꾸리며 배운 것들", "실패한 의자 세 개가 알려 준 목공의 기본", 6, "2월 3일"),
            ("대패질은 생각보다 조용한 일이다", "소리에 귀 기울이면 나무가 먼저 말해 준다", 4, "1월 19일"),
            ("도구를 사기 전에 빌려 보세요", "공구 도서관을 이용한 여섯 달", 5, "12월 28일")]
MORE_PARK = [("팀에 위키를 들여온 이야기", "문서가 살아 있으려면 무엇이 필요할까", 7, "2월 20일"),
             ("장애 회고를 두려워하지 않는 법", "비난 없는 회고를 처음 해 본 날", 8, "1월 30일"),
             ("주니어에게 가장 먼저 알려 주는 것", "질문하는 방법에 대하여", 5, "1월 11일")]
REC = [("윤서진", "새벽 다섯 시에 일어나 본 한 달", 6, "2.1천"), ("이도현", "회사를 그만두지 않고 책을 쓴 방법", 9, "3.4천"),
       ("최민아", "아이와 함께 텃밭을 가꾸는 주말", 4, "870")]

PAGES.append(dict(
    file="workshop-after-work.html", url=P + "@hanjiwoo/workshop-after-work-3f9a1c2d", pid="3f9a1c2d",
    author="한지우", handle="hanjiwoo", followers="2,481", bio="평일에는 회사원, 저녁에는 아마추어 목수. 나무와 손으로 만드는 것들에 대해 씁니다.",
    title="퇴근 후 한 시간, 나만의 작은 공방", subtitle="하루 중 가장 조용한 시간을 나무와 보내기로 했다",
    minutes=5, date="2024년 3월 2일", claps="1.2천", claps_n=1214, responses=18, tags=["목공", "취미", "일상"],
    more=MORE_HAN, rec=REC,
    body="""
작년 봄, 집 근처 오래된 상가 건물 지하에 작은 공간을 하나 빌렸다. 세 평이 조금 넘는 방에 작업대 하나와 공구 몇 개를 들여놓으니 발 디딜 틈이 거의 없었다. 그래도 그곳은 내가 하루 중 가장 기다리는 장소가 되었다.

회사 일은 대부분 화면 안에서 시작되고 끝난다. 하루 종일 무언가를 만들었는데도 손에 잡히는 것은 하나도 없다는 느낌이 오래 나를 괴롭혔다. 목공을 시작한 이유는 거창하지 않았다. 그저 퇴근 후에 손으로 만질 수 있는 무언가를 만들고 싶었다.

## 첫 번째 의자

처음 만든 의자는 다리 길이가 제각각이어서 앉으면 덜컥거렸다. 두 번째 의자는 다리는 맞았지만 등받이가 너무 곧아서 오래 앉아 있을 수 없었다. 세 번째 의자를 만들 때쯤에야 나는 치수를 재는 일보다 재고 또 재는 습관이 더 중요하다는 것을 알게 되었다.

!fig /_/images/workshop-chair.jpg | 작업대 위의 의자 부품 | 세 번째 의자를 조립하기 전, 작업대 위에 늘어놓은 부품들

## 한 시간의 규칙

공방에 가는 날은 딱 한 시간만 작업하기로 정했다. 더 하고 싶어도 멈춘다. 피곤한 상태로 날카로운 도구를 쥐는 것은 위험하고, 무엇보다 다음 날 다시 오고 싶은 마음을 남겨 두기 위해서다.

한 시간은 생각보다 길다. 나무를 고르고, 선을 긋고, 톱질을 몇 번 하면 어느새 시간이 지나 있다. 그 시간 동안 나는 회의도, 메신저 알림도, 내일 할 일도 잊는다. 톱날이 나무를 지나가는 소리와 대팻밥 냄새만 남는다.

## 느리게 만드는 즐거움

공방에서 배운 가장 큰 교훈은 서두르면 반드시 다시 하게 된다는 것이다. 접착제가 마르기 전에 클램프를 풀면 이음매가 벌어지고, 사포질을 건너뛰면 마감재가 얼룩진다. 나무는 기다려 준 만큼만 좋은 결과를 돌려준다.

요즘은 친구에게 선물할 작은 도마를 만들고 있다. 아마 다음 달쯤이면 완성될 것이다. 빨리 끝내고 싶은 마음이 들 때마다, 그 조급함을 공방 문밖에 두고 들어가려고 한다.
""",
))

PAGES.append(dict(
    file="bike-commute-year.html", url=P + "@hanjiwoo/one-year-of-bike-commuting-8b21e0f4", pid="8b21e0f4",
    author="한지우", handle="hanjiwoo", followers="2,481", bio="평일에는 회사원, 저녁에는 아마추어 목수. 나무와 손으로 만드는 것들에 대해 씁니다.",
    title="서울에서 자전거로 출퇴근한 1년의 기록", subtitle="매일 왕복 22킬로미터, 지하철 대신 자전거를 탔다",
    minutes=6, date="2024년 1월 27일", claps="3.5천", claps_n=3512, responses=42, tags=["자전거", "출퇴근", "도시"],
    more=MORE_HAN, rec=REC,
    body="""
정확히 1년 전, 회사가 강 건너편으로 이사하면서 출근길이 한 시간 가까이 늘어났다. 지하철을 두 번 갈아타는 대신 자전거를 타 보기로 한 것은 반쯤은 충동이었다. 그런데 그 충동이 1년 동안 이어졌다.

집에서 회사까지는 편도 11킬로미터, 대부분 강변 자전거도로를 따라간다. 처음 몇 주는 허벅지가 아프고 땀 때문에 곤란했지만, 한 달쯤 지나자 몸이 먼저 자전거를 찾았다.

## 1년 동안 배운 것들

- 비 오는 날을 위한 계획이 필요하다. 나는 비가 오면 무리하지 않고 지하철을 탄다.
- 회사에 갈아입을 옷을 한 벌 두면 아침이 훨씬 편하다.
- 밝은 전조등과 후미등은 낮에도 켜는 것이 좋다.
- 겨울에는 장갑과 귀마개가 옷보다 중요하다.
- 타이어 공기압을 일주일에 한 번 확인하면 펑크가 눈에 띄게 줄어든다.

## 숫자로 본 1년

올해 자전거로 출퇴근한 날은 모두 190일이었다. 달린 거리는 약 4,200킬로미터, 펑크는 세 번 났다. 지하철 요금으로 아낀 돈은 자전거 정비 비용과 거의 비슷했으니 돈을 아꼈다고 말하기는 어렵다.

대신 얻은 것은 따로 있다. 아침마다 강 위로 떠오르는 해를 보게 되었고, 계절이 바뀌는 것을 냄새로 먼저 알게 되었다. 봄에는 아카시아 향이, 가을에는 마른 풀 냄새가 출근길을 따라왔다.

> 출근길이 하루 중 가장 좋아하는 시간이 될 줄은 몰랐다.

## 누구에게나 권할 수 있을까

솔직히 말하면 모두에게 권하지는 않는다. 샤워 시설이 없는 회사도 많고, 자전거도로가 끊기는 길도 많다. 하지만 한 번쯤 주말에 출근길을 자전거로 미리 달려 보기를 권한다. 생각보다 가깝다고 느끼는 사람이 분명 있을 것이다.
""",
))

PAGES.append(dict(
    file="why-developers-write.html", url=P + "@parkseoyeon/why-developers-should-write-c47d9e10", pid="c47d9e10",
    author="박서연", handle="parkseoyeon", followers="5,930", bio="10년 차 백엔드 개발자. 작은 팀에서 일하는 방법과 글쓰기에 관심이 많습니다.",
    title="개발자가 글을 써야 하는 이유", subtitle="코드만으로는 전해지지 않는 것들에 대하여",
    minutes=5, date="2024년 2월 14일", claps="2.8천", claps_n=2804, responses=31, tags=["개발", "글쓰기", "커리어"],
    more=MORE_PARK, rec=REC,
    body="""
신입 시절, 나는 좋은 코드는 설명이 필요 없다고 믿었다. 변수 이름을 잘 짓고 함수를 작게 나누면 누구든 읽고 이해할 수 있을 거라고 생각했다. 그 믿음이 틀렸다는 것을 깨닫는 데는 그리 오래 걸리지 않았다.

코드는 무엇을 하는지는 말해 주지만, 왜 그렇게 했는지는 말해 주지 않는다. 세 가지 방법 중에 왜 이것을 골랐는지, 어떤 문제를 피하려고 일부러 돌아간 것인지는 코드 어디에도 적혀 있지 않다. 그 이유를 아는 사람이 팀을 떠나면, 그 지식도 함께 사라진다.

## 글은 생각을 정리한다

설계 문서를 쓰다 보면 머릿속에서는 분명했던 계획에 빈틈이 보이기 시작한다. 문장으로 옮기려는 순간, 내가 아직 결정하지 않은 것들이 드러난다. 그래서 나는 글쓰기를 기록이 아니라 생각하는 도구라고 여긴다.

> 쓰지 못하는 것은 아직 이해하지 못한 것이다.

이 말을 처음 들었을 때는 조금 과장이라고 생각했다. 지금은 거의 매주 그 말이 맞다는 것을 확인한다.

## 작게 시작하기

처음부터 긴 글을 쓸 필요는 없다. 내가 팀원들에게 권하는 순서는 이렇다.

1. 풀 리퀘스트 설명에 무엇을 바꿨는지뿐 아니라 왜 바꿨는지를 한두 문장으로 적는다.
2. 장애가 났을 때 무슨 일이 있었는지 짧은 기록을 남긴다.
3. 반복해서 받는 질문이 있다면 답을 문서로 만들어 링크로 대신한다.
4. 익숙해지면 설계 결정마다 짧은 문서를 쓴다.

이렇게 쌓인 글들은 1년쯤 지나면 팀의 기억이 된다. 새로 온 동료가 가장 먼저 읽는 것도, 6개월 뒤의 내가 가장 고마워하는 것도 바로 그 글들이다.
""",
))

PAGES.append(dict(
    file="code-review-small-team.html", url=P + "@parkseoyeon/starting-code-review-in-a-small-team-5e2a7b91", pid="5e2a7b91",
    author="박서연", handle="parkseoyeon", followers="5,930", bio="10년 차 백엔드 개발자. 작은 팀에서 일하는 방법과 글쓰기에 관심이 많습니다.",
    title="세 명뿐인 팀에서 코드 리뷰를 시작하는 법", subtitle="리뷰가 병목이 되지 않게 하려고 우리가 정한 규칙",
    minutes=7, date="2023년 12월 5일", claps="964", claps_n=964, responses=12, tags=["코드 리뷰", "개발 문화", "스타트업"],
    more=MORE_PARK, rec=REC,
    body="""
개발자가 세 명뿐인 팀에서 코드 리뷰를 도입하자고 했을 때, 가장 먼저 나온 걱정은 속도였다. 한 사람이 리뷰를 기다리는 동안 일이 멈추면, 작은 팀에게는 그것만으로도 큰 손해다.

그래서 우리는 리뷰를 도입하기 전에 몇 가지 규칙부터 정했다. 석 달이 지난 지금, 리뷰는 병목이 아니라 서로의 코드를 배우는 시간이 되었다.

## 우리가 정한 규칙

1. 풀 리퀘스트는 작게 만든다. 변경된 줄이 300줄을 넘으면 나눈다.
2. 리뷰 요청을 받으면 네 시간 안에 첫 응답을 한다.
3. 취향의 문제는 제안으로만 남기고, 승인을 막지 않는다.
4. 포매팅과 사소한 스타일은 사람이 아니라 도구가 검사한다.

## 도구에 맡길 것은 도구에

들여쓰기나 따옴표 모양 같은 이야기로 리뷰 댓글이 채워지면 정작 중요한 논의가 묻힌다. 우리는 저장소에 포매터와 린터를 설정하고, 커밋하기 전에 자동으로 실행되도록 했다.

```bash
# 커밋 전에 포매터와 린터를 실행한다
npm run format
npm run lint -- --max-warnings=0
```

이 두 줄 덕분에 리뷰 댓글의 절반 가까이가 사라졌다.

## 무엇을 보아야 할까

리뷰어에게는 세 가지를 먼저 보자고 했다. 이 변경이 원래 의도한 문제를 정말 해결하는지, 실패했을 때 어떻게 되는지, 그리고 6개월 뒤에 다른 사람이 읽어도 이해할 수 있는지. 나머지는 그다음이다.

작은 팀의 장점은 규칙을 쉽게 바꿀 수 있다는 것이다. 우리는 한 달에 한 번 규칙을 돌아보고, 불편한 것은 고친다. 지금 규칙도 아마 내년에는 조금 달라져 있을 것이다.
""",
))

PAGES.append(dict(
    file="grandmothers-doenjang.html", url=P + "@hanjiwoo/grandmothers-doenjang-91c0d3a8", pid="91c0d3a8",
    author="한지우", handle="hanjiwoo", followers="2,481", bio="평일에는 회사원, 저녁에는 아마추어 목수. 나무와 손으로 만드는 것들에 대해 씁니다.",
    title="할머니의 된장", minutes=3, date="2023년 11월 18일", claps="687", claps_n=687, responses=9, tags=["가족", "음식", "에세이"],
    more=MORE_HAN, rec=REC,
    body="""
할머니 댁 장독대에는 항상 된장 항아리가 세 개 있었다. 올해 담근 것, 작년에 담근 것, 그리고 할머니가 "아껴 둔 것"이라고 부르던 오래된 항아리였다.

어릴 때 나는 그 항아리들이 왜 따로 있어야 하는지 이해하지 못했다. 된장은 다 같은 된장이라고 생각했다. 할머니는 웃으면서 국에 넣어 보면 안다고만 하셨다. 올해 된장은 짜고 거칠었고, 오래된 된장은 색이 짙고 맛이 둥글었다.

할머니가 돌아가신 뒤, 어머니가 마지막 항아리를 집으로 가져왔다. 우리는 그 된장을 아주 조금씩 꺼내 먹는다. 국을 끓일 때 한 숟가락을 넣으면 부엌에 할머니 집 냄새가 퍼진다.

올가을, 어머니와 처음으로 메주를 빚었다. 콩을 삶고, 찧고, 모양을 잡아 볏짚으로 묶어 매다는 동안 어머니는 할머니가 하던 말을 그대로 따라 했다. 서두르지 말라고, 된장은 시간이 만드는 거라고.

우리 된장이 할머니의 된장처럼 되려면 몇 해가 걸릴지 모른다. 그래도 괜찮다. 기다리는 시간까지 할머니에게 배운 것이니까.
""",
))
