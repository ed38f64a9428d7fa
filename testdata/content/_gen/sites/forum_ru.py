"""A Russian phpBB-style forum (prosilver): header with search, quick links, breadcrumbs,
topic title, action bars, posts with profile cards, per-post subjects ("Re: …"),
quote/reply buttons, signatures and "thanks" lines, the jumpbox, who-is-online and the
phpBB footer. The article of a thread is its title and the text of its posts."""
from gen import Renderer, esc, parse, block_label

NAME = "forum-ru"
TEMPLATE = "forum"
LANG = "ru"

FORUMS = {
    "bath": ("Строительство", 3, "Бани и сауны", 12),
    "veg": ("Огород", 5, "Томаты, перцы, баклажаны", 21),
    "water": ("Инженерные системы", 4, "Водоснабжение и скважины", 17),
    "green": ("Огород", 5, "Теплицы и парники", 23),
    "plants": ("Сад и цветник", 6, "Определитель растений", 30),
}

JUMP = ["Правила и объявления", "Знакомство и общение", "Строительство", "Бани и сауны", "Фундаменты и стены", "Кровля",
        "Инженерные системы", "Водоснабжение и скважины", "Отопление", "Электрика", "Огород", "Томаты, перцы, баклажаны",
        "Теплицы и парники", "Картофель и корнеплоды", "Сад и цветник", "Плодовые деревья", "Определитель растений",
        "Техника и инструмент", "Барахолка", "Курилка"]


class R(Renderer):
    """phpBB writes a post's text as BBCode turned into HTML: no <p>, line breaks as <br>."""

    def p(self, text):
        return "<br>\n".join(self.il(x) for x in text.split("\n"))

    def list(self, node, depth=0):
        tag = "ol" if node["ordered"] else "ul"
        items = "".join("<li>%s%s</li>" % (self.il(it["text"]), self.list(it, depth + 1) if it["children"] else "") for it in node["children"])
        return '<%s>%s</%s>' % (tag, items, tag)

    def link(self, href, inner):
        return '<a href="%s" class="postlink">%s</a>' % (esc(href), inner)

    def d_quote(self, who, when, text):
        return ('<blockquote><div><cite><a href="./memberlist.php?mode=viewprofile&amp;un=%s">%s</a> писал(а): <a href="./viewtopic.php?p=1#p1" aria-label="Посмотреть цитируемое сообщение" data-post-id="1">↑</a><span class="responsive-hide">%s</span></cite>\n%s</div></blockquote>'
                % (esc(who), esc(who), esc(when), "<br>\n".join(self.il(x) for x in text.split(" // "))))

    def d_img(self, src, alt):
        return '<img src="%s" class="postimage" alt="%s">' % (esc(src), esc(alt))

    def blocks(self, blocks, sep="\n"):
        out = []
        for b in blocks:
            h = self.block(b)
            if b[0] in ("p",) and out and not out[-1].endswith(("</ul>", "</ol>", "</blockquote>")):
                out.append("<br>\n<br>\n")
            out.append(h)
        return "".join(out)


def post_label(blocks):
    out = []
    for b in blocks:
        if b[0] == "dir" and b[1] == "quote":
            out.extend(x.strip() for x in b[2][2].split(" // "))
        else:
            out.extend(block_label(b))
    return out


def render(page):
    cat, cat_id, forum, forum_id = FORUMS[page["forum"]]
    t = page["topic"]
    n = len(page["posts"])
    posts = []
    for k, post in enumerate(page["posts"]):
        pid = t * 10 + k
        r = R()
        body = r.blocks(post["blocks"])
        subject = page["title"] if k == 0 else "Re: " + page["title"]
        sig = ('<div id="sig%d" class="signature">%s</div>' % (pid, esc(post["sig"]))) if post.get("sig") else ""
        thanks = ""
        if post.get("thanks"):
            names = post["thanks"]
            thanks = ('<div class="thanks-list"><dl class="postbody"><dt>За это сообщение автора <a href="./memberlist.php?mode=viewprofile&amp;un=%s">%s</a> поблагодарили (всего %d):</dt><dd>%s</dd></dl></div>'
                      % (esc(post["who"]), esc(post["who"]), len(names), ", ".join('<a href="./memberlist.php?mode=viewprofile&amp;un=%s">%s</a>' % (esc(x), esc(x)) for x in names)))
        edited = ('<div class="notice">Последний раз редактировалось %s %s, всего редактировалось 1 раз.</div>' % (esc(post["who"]), esc(post["edited"]))) if post.get("edited") else ""
        loc = ('<dd class="profile-custom-field profile-phpbb_location"><strong>Откуда:</strong> %s</dd>' % esc(post["from"])) if post.get("from") else ""
        posts.append(f"""<div id="p{pid}" class="post has-profile bg{2 - k % 2}">
		<div class="inner">

		<dl class="postprofile" id="profile{pid}">
			<dt class="has-profile-rank no-avatar">
				<div class="avatar-container"></div>
				<a href="./memberlist.php?mode=viewprofile&amp;u={post['uid']}" class="username">{esc(post['who'])}</a>
			</dt>
			<dd class="profile-rank">{esc(post['rank'])}</dd>
			<dd class="profile-posts"><strong>Сообщения:</strong> <a href="./search.php?author_id={post['uid']}&amp;sr=posts">{post['count']}</a></dd>
			<dd class="profile-joined"><strong>Зарегистрирован:</strong> {esc(post['joined'])}</dd>
			{loc}
		</dl>

		<div class="postbody">
			<div id="post_content{pid}">
				<h3 {'class="first"' if k == 0 else ''}><a href="./viewtopic.php?p={pid}#p{pid}">{esc(subject)}</a></h3>
				<ul class="post-buttons">
					<li><a href="./posting.php?mode=quote&amp;p={pid}" title="Ответить с цитатой" class="button button-icon-only"><i class="icon fa-quote-left fa-fw" aria-hidden="true"></i><span class="sr-only">Цитата</span></a></li>
					<li><a href="./thanks.php?p={pid}" title="Поблагодарить автора сообщения" class="button button-icon-only"><i class="icon fa-thumbs-o-up fa-fw" aria-hidden="true"></i><span class="sr-only">Спасибо</span></a></li>
				</ul>
				<p class="author"><a class="unread" href="./viewtopic.php?p={pid}#p{pid}" title="Сообщение"><i class="icon fa-file fa-fw icon-lightgray icon-md" aria-hidden="true"></i><span class="sr-only">Сообщение</span></a><span class="responsive-hide"><strong><a href="./memberlist.php?mode=viewprofile&amp;u={post['uid']}" class="username">{esc(post['who'])}</a></strong> &raquo; </span>{esc(post['date'])}</p>
				<div class="content">{body}</div>
				{edited}
				{thanks}
				{sig}
			</div>
		</div>

		<div class="back2top"><a href="#top" class="top" title="Вернуться к началу"><i class="icon fa-chevron-circle-up fa-fw icon-gray" aria-hidden="true"></i><span class="sr-only">Вернуться к началу</span></a></div>
		</div>
	</div>

	<hr class="divider" />""")
    jump = "".join('<li><a href="./viewforum.php?f=%d" class="jumpbox-forum-link"><span class="spacer"></span><span>%s</span></a></li>' % (i + 1, f) for i, f in enumerate(JUMP))
    action = lambda where: f"""<div class="action-bar bar-{where}">
	<a href="./posting.php?mode=reply&amp;t={t}" class="button" title="Ответить"><span>Ответить</span> <i class="icon fa-reply fa-fw" aria-hidden="true"></i></a>
	<div class="dropdown-container dropdown-button-control topic-tools"><span title="Управление темой" class="button button-secondary dropdown-trigger dropdown-select"><i class="icon fa-wrench fa-fw" aria-hidden="true"></i><span class="caret"><i class="icon fa-sort-down fa-fw" aria-hidden="true"></i></span></span>
		<div class="dropdown"><ul class="dropdown-contents"><li><a href="./viewtopic.php?t={t}&amp;view=print" title="Версия для печати" accesskey="p"><i class="icon fa-print fa-fw" aria-hidden="true"></i><span>Версия для печати</span></a></li></ul></div></div>
	<div class="pagination">{n} {'сообщения' if 2 <= n <= 4 else 'сообщений'} &bull; Страница <strong>1</strong> из <strong>1</strong></div>
</div>"""
    return f"""<!DOCTYPE html>
<html dir="ltr" lang="ru">
<head>
<meta charset="utf-8" />
<meta http-equiv="X-UA-Compatible" content="IE=edge">
<meta name="viewport" content="width=device-width, initial-scale=1" />

<title>{esc(page['title'])} - Грядка: дачный форум</title>

	<link rel="alternate" type="application/atom+xml" title="Канал - Грядка" href="/app.php/feed">
	<link rel="canonical" href="{page['url']}">

<link href="./assets/css/font-awesome.min.css?assets_version=58" rel="stylesheet">
<link href="./styles/prosilver/theme/stylesheet.css?assets_version=58" rel="stylesheet">
<link href="./styles/prosilver/theme/ru/stylesheet.css?assets_version=58" rel="stylesheet">
</head>
<body id="phpbb" class="nojs notouch section-viewtopic ltr ">

<div id="wrap" class="wrap">
	<a id="top" class="top-anchor" accesskey="t"></a>
	<div id="page-header">
		<div class="headerbar" role="banner">
			<div class="inner">

			<div id="site-description" class="site-description">
				<a id="logo" class="logo" href="./index.php" title="Список форумов"><span class="site_logo"></span></a>
				<h1>Грядка</h1>
				<p>Дачный форум: огород, сад, стройка и всё, что между ними</p>
				<p class="skiplink"><a href="#start_here">Пропустить</a></p>
			</div>

			<div id="search-box" class="search-box search-header" role="search">
				<form action="./search.php" method="get" id="search">
				<fieldset>
					<input name="keywords" id="keywords" type="search" maxlength="128" title="Ключевые слова" class="inputbox search tiny" size="20" value="" placeholder="Поиск…" />
					<button class="button button-search" type="submit" title="Поиск"><i class="icon fa-search fa-fw" aria-hidden="true"></i><span class="sr-only">Поиск</span></button>
					<a href="./search.php" class="button button-search-end" title="Расширенный поиск"><i class="icon fa-cog fa-fw" aria-hidden="true"></i><span class="sr-only">Расширенный поиск</span></a>
				</fieldset>
				</form>
			</div>

			</div>
		</div>
		<div class="navbar" role="navigation">
	<div class="inner">

	<ul id="nav-main" class="nav-main linklist" role="menubar">

		<li id="quick-links" class="quick-links dropdown-container responsive-menu" data-skip-responsive="true">
			<a href="#" class="dropdown-trigger"><i class="icon fa-bars fa-fw" aria-hidden="true"></i><span>Ссылки</span></a>
			<div class="dropdown">
				<div class="pointer"><div class="pointer-inner"></div></div>
				<ul class="dropdown-contents" role="menu">
						<li class="separator"></li>
						<li><a href="./search.php?search_id=unanswered" role="menuitem"><i class="icon fa-file-o fa-fw icon-gray" aria-hidden="true"></i><span>Темы без ответов</span></a></li>
						<li><a href="./search.php?search_id=active_topics" role="menuitem"><i class="icon fa-file-o fa-fw icon-blue" aria-hidden="true"></i><span>Активные темы</span></a></li>
						<li class="separator"></li>
						<li><a href="./search.php" role="menuitem"><i class="icon fa-search fa-fw" aria-hidden="true"></i><span>Поиск</span></a></li>
						<li class="separator"></li>
						<li><a href="./memberlist.php" role="menuitem"><i class="icon fa-group fa-fw" aria-hidden="true"></i><span>Пользователи</span></a></li>
						<li><a href="./memberlist.php?mode=team" role="menuitem"><i class="icon fa-shield fa-fw" aria-hidden="true"></i><span>Наша команда</span></a></li>
				</ul>
			</div>
		</li>

		<li data-skip-responsive="true"><a href="/app.php/help/faq" rel="help" title="Часто задаваемые вопросы" role="menuitem"><i class="icon fa-question-circle fa-fw" aria-hidden="true"></i><span>FAQ</span></a></li>
		<li data-skip-responsive="true"><a href="/app.php/rules" role="menuitem"><i class="icon fa-book fa-fw" aria-hidden="true"></i><span>Правила форума</span></a></li>
		<li class="rightside" data-skip-responsive="true"><a href="./ucp.php?mode=login" title="Вход" accesskey="x" role="menuitem"><i class="icon fa-power-off fa-fw" aria-hidden="true"></i><span>Вход</span></a></li>
		<li class="rightside" data-skip-responsive="true"><a href="./ucp.php?mode=register" role="menuitem"><i class="icon fa-pencil-square-o fa-fw" aria-hidden="true"></i><span>Регистрация</span></a></li>
	</ul>

	<ul id="nav-breadcrumbs" class="nav-breadcrumbs linklist navlinks" role="menubar">
		<li class="breadcrumbs" itemscope itemtype="https://schema.org/BreadcrumbList">
			<span class="crumb" itemtype="https://schema.org/ListItem" itemprop="itemListElement" itemscope><a href="./index.php" itemtype="https://schema.org/Thing" itemscope itemprop="item" accesskey="h"><i class="icon fa-home fa-fw"></i><span itemprop="name">Список форумов</span></a><meta itemprop="position" content="1" /></span>
			<span class="crumb" itemtype="https://schema.org/ListItem" itemprop="itemListElement" itemscope><a href="./viewforum.php?f={cat_id}" itemtype="https://schema.org/Thing" itemscope itemprop="item"><span itemprop="name">{cat}</span></a><meta itemprop="position" content="2" /></span>
			<span class="crumb" itemtype="https://schema.org/ListItem" itemprop="itemListElement" itemscope><a href="./viewforum.php?f={forum_id}" itemtype="https://schema.org/Thing" itemscope itemprop="item"><span itemprop="name">{forum}</span></a><meta itemprop="position" content="3" /></span>
		</li>
		<li class="rightside responsive-search"><a href="./search.php" title="Просмотр расширенных параметров поиска" role="menuitem"><i class="icon fa-search fa-fw" aria-hidden="true"></i><span class="sr-only">Поиск</span></a></li>
	</ul>

	</div>
</div>
	</div>

	<div class="banner-top"><a href="/go/sponsor"><img src="/images/banners/seeds-spring.jpg" alt="Семена к весне со скидкой"></a><span class="banner-note">Реклама</span></div>

	<a id="start_here" class="anchor"></a>
	<div id="page-body" class="page-body" role="main">

<h2 class="topic-title"><a href="./viewtopic.php?t={t}">{esc(page['title'])}</a></h2>
<div>
	<div style="display: none !important;">Модератор: <a href="./memberlist.php?mode=viewprofile&amp;u=2" class="username">Агроном</a></div>
</div>

{action('top')}

{''.join(posts)}

{action('bottom')}

<div class="action-bar actions-jump">
		<p class="jumpbox-return"><a href="./viewforum.php?f={forum_id}" class="left-box arrow-left" accesskey="r"><i class="icon fa-angle-left fa-fw icon-black" aria-hidden="true"></i><span>Вернуться в «{forum}»</span></a></p>
	<div class="jumpbox dropdown-container dropdown-container-right dropdown-up dropdown-left dropdown-button-control" id="jumpbox">
			<span title="Перейти" class="button button-secondary dropdown-trigger dropdown-select"><span>Перейти</span><span class="caret"><i class="icon fa-sort-down fa-fw" aria-hidden="true"></i></span></span>
		<div class="dropdown"><div class="pointer"><div class="pointer-inner"></div></div><ul class="dropdown-contents">{jump}</ul></div>
	</div>
</div>

<div class="stat-block online-list">
		<h3>Кто сейчас на конференции</h3>
		<p>Сейчас этот форум просматривают: нет зарегистрированных пользователей и {page['guests']} гостя</p>
</div>

	</div>

<div id="page-footer" class="page-footer" role="contentinfo">
	<div class="navbar" role="navigation">
	<div class="inner">
	<ul id="nav-footer" class="nav-footer linklist" role="menubar">
		<li class="breadcrumbs"><span class="crumb"><a href="./index.php" data-navbar-reference="index"><i class="icon fa-home fa-fw" aria-hidden="true"></i><span>Список форумов</span></a></span></li>
		<li class="rightside">Часовой пояс: <span title="Европа/Москва">UTC+03:00</span></li>
		<li class="rightside"><a href="./ucp.php?mode=delete_cookies" data-ajax="true" data-refresh="true" role="menuitem"><i class="icon fa-trash fa-fw" aria-hidden="true"></i><span>Удалить cookies конференции</span></a></li>
		<li class="rightside" data-last-responsive="true"><a href="./memberlist.php?mode=team" role="menuitem"><i class="icon fa-shield fa-fw" aria-hidden="true"></i><span>Наша команда</span></a></li>
		<li class="rightside" data-last-responsive="true"><a href="./memberlist.php?mode=contactadmin" role="menuitem"><i class="icon fa-envelope fa-fw" aria-hidden="true"></i><span>Связаться с администрацией</span></a></li>
	</ul>
	</div>
</div>

	<div class="copyright">
		<p class="footer-row"><span class="footer-copyright">Создано на основе <a href="https://www.phpbb.com/">phpBB</a>&reg; Forum Software &copy; phpBB Limited</span></p>
		<p class="footer-row"><span class="footer-copyright"><a href="https://www.phpbbguru.net">Русская поддержка phpBB</a></span></p>
		<p class="footer-row" role="menu"><a class="footer-link" href="./ucp.php?mode=privacy" title="Конфиденциальность" role="menuitem"><span class="footer-link-text">Конфиденциальность</span></a> | <a class="footer-link" href="./ucp.php?mode=terms" title="Правила" role="menuitem"><span class="footer-link-text">Правила</span></a></p>
	</div>
</div>
</div>

<script src="./assets/javascript/jquery-3.6.0.min.js?assets_version=58"></script>
<script src="./assets/javascript/core.js?assets_version=58"></script>
<script src="./styles/prosilver/template/forum_fn.js?assets_version=58"></script>
</body>
</html>
"""


def label(page):
    out = [page["title"]]
    for post in page["posts"]:
        out.extend(post_label(post["blocks"]))
    return out


P = "http://site.test/gryadka/"
PAGES = []


def topic(file, topic_id, forum, title, guests, posts):
    for p in posts:
        p["blocks"] = parse(p.pop("body"))
    PAGES.append(dict(file=file, url=P + "%s/%s-t%d.html" % (forum, file[:-5], topic_id), topic=topic_id, forum=forum,
                      title=title, guests=guests, posts=posts, body=[]))

SEMYONYCH = dict(who="Семёныч", uid=812, rank="Опытный дачник", count=1243, joined="12 мар 2015, 18:20", **{"from": "Тверская обл."},
                 sig="Дом строю сам, медленно, но верно. Баня — 2019, веранда — в процессе.")
OLGA = dict(who="Ольга_Н", uid=1530, rank="Постоялец", count=388, joined="03 апр 2018, 10:05", **{"from": "Подмосковье"},
            sig="Лучший день для посадки был вчера. Следующий лучший — сегодня.")
MIKHAIL = dict(who="Михаил Петрович", uid=95, rank="Модератор", count=5610, joined="21 янв 2012, 22:41", **{"from": "Ярославль"},
               sig="Прежде чем спрашивать — загляните в поиск. Там почти всё уже обсудили.")
NEWBIE = dict(who="Алёна", uid=3307, rank="Новичок", count=4, joined="02 мар 2024, 19:30")
KOSTYA = dict(who="kostya_dacha", uid=2210, rank="Участник", count=156, joined="15 июн 2020, 08:12", **{"from": "Калужская обл."})
VERA = dict(who="Вера Ивановна", uid=640, rank="Знаток", count=2190, joined="08 авг 2014, 14:55", **{"from": "Кострома"},
            sig="Сорок лет на одном участке. Спрашивайте — отвечу, чем смогу.")


def who(base, **kw):
    d = dict(base)
    d.update(kw)
    return d


topic("chem-uteplit-banyu-iznutri.html", 4821, "bath", "Чем утеплить баню изнутри?", 4, [
    who(NEWBIE, date="14 фев 2024, 09:12", body="""
Здравствуйте! Купили участок со старой баней из бруса, сруб крепкий, но зимой парилка остывает за час. Хотим утеплить изнутри, потому что снаружи брус красивый и закрывать его жалко.

Подскажите, пожалуйста, чем лучше утеплять парилку и моечную? Минвата, пенопласт, что-то ещё? И нужна ли фольга?
"""),
    who(SEMYONYCH, date="14 фев 2024, 10:40", thanks=["Алёна", "kostya_dacha", "Ольга_Н"], body="""
В парилке только каменная вата, никакого пенопласта и пенополистирола: при нагреве они размягчаются и пахнут, а в бане это недопустимо.

Пирог для стен парилки у меня такой, от бруса внутрь:
1. Брус
2. Обрешётка и между брусками плиты каменной ваты толщиной 50 мм
3. Фольга блестящей стороной внутрь, стыки проклеены алюминиевым скотчем
4. Контробрешётка для зазора 20 мм
5. Вагонка из липы или осины

Зазор между фольгой и вагонкой обязателен, иначе вагонка будет гнить с обратной стороны. Потолок утепляйте толще стен, тепло уходит в первую очередь вверх.
"""),
    who(OLGA, date="14 фев 2024, 13:02", body="""
Присоединяюсь к Семёнычу по поводу пенопласта. Соседи утеплили им, через год разбирали всё обратно из-за запаха.

Ещё совет: не забудьте про пол. У нас основные потери были через щели в полу, после утепления пола парилка стала держать тепло почти до утра.
"""),
    who(MIKHAIL, date="14 фев 2024, 15:26", body="""
!quote Семёныч | 14 фев 2024, 10:40 | Зазор между фольгой и вагонкой обязателен, иначе вагонка будет гнить с обратной стороны.

Добавлю: и вентиляция. Без продуманного притока и вытяжки любое утепление превращается в конденсат внутри стены. Приток делайте внизу у печи, вытяжку вверху на противоположной стене, с задвижкой.

Тема про вентиляцию бани у нас есть в закреплённых, почитайте, там всё со схемами.
"""),
    who(NEWBIE, date="14 фев 2024, 18:47", body="""
Спасибо всем огромное! Значит, каменная вата, фольга и обязательно зазор. Про пол и вентиляцию даже не думала. Весной начнём, потом напишу, что получилось.
"""),
])

topic("tomaty-treskayutsya.html", 5107, "veg", "Томаты трескаются прямо на кусте — что делать?", 7, [
    who(KOSTYA, date="28 июл 2023, 20:15", body="""
Второй год одна и та же беда: помидоры наливаются, начинают краснеть, и тут по ним идут трещины, кольцами вокруг плодоножки и вдоль. Потом в трещины лезет гниль. Растут в теплице, сорт крупноплодный, розовый.

Поливаю раз в три-четыре дня, когда приезжаю на выходные и в среду. Что я делаю не так?
"""),
    who(VERA, date="28 июл 2023, 21:30", thanks=["kostya_dacha", "Ольга_Н"], body="""
Всё дело в поливе, а не в сорте, хотя крупные розовые и правда трескаются охотнее.

Когда земля долго сухая, а потом её обильно проливают, плод резко набирает воду, кожица не успевает растянуться и лопается. То же бывает после жаркого дня и холодной ночи.

Что помогает:
- поливать чаще, но меньше, чтобы земля не пересыхала;
- замульчировать грядки скошенной травой или соломой слоем сантиметров десять;
- в жару притенять теплицу и держать открытыми обе двери;
- снимать плоды чуть недозрелыми, они спокойно дозреют в доме.

Если бываете на даче только по выходным, поставьте капельный полив с бочкой. Это лучшее, что я сделала для теплицы за последние годы.
"""),
    who(KOSTYA, date="29 июл 2023, 07:55", body="""
!quote Вера Ивановна | 28 июл 2023, 21:30 | Если бываете на даче только по выходным, поставьте капельный полив с бочкой.

Какой объём бочки нужен на теплицу три на шесть метров? И какой высоты ставить?
"""),
    who(VERA, date="29 июл 2023, 09:20", body="""
У меня теплица такая же, бочка на двести литров, поднята на подставку примерно на метр. Этого хватает на три-четыре дня в жару. Главное, чтобы капельницы были не слишком мелкие, иначе от самотёка они засоряются.
"""),
])

topic("vybor-nasosa-dlya-skvazhiny.html", 3990, "water", "Выбор насоса для скважины 40 метров", 3, [
    who(SEMYONYCH, date="05 май 2023, 17:02", body="""
Пробурили скважину на песок, глубина 40 метров, статический уровень воды 12 метров, дебит по паспорту бурильщиков 1,5 куба в час. Обсадная труба 125 мм.

Нужен насос для дома на двоих плюс полив огорода. Смотрю на винтовые и центробежные. Что посоветуете и на какой глубине вешать?
"""),
    who(MIKHAIL, date="05 май 2023, 19:45", thanks=["Семёныч"], body="""
При дебите полтора куба брать насос производительнее не имеет смысла: он просто будет осушать скважину. Центробежный насос на полтора-два куба в час подойдёт, к песку он терпимее винтового.

Вешать обычно на метр-два выше фильтра, но не ниже. На вашей скважине это метров 36-37. Обязательно поставьте защиту от сухого хода, при падении уровня летом она спасёт двигатель.

Ещё момент: первые дни после бурения песок будет идти сильнее. Не ставьте сразу дорогой насос, сначала прокачайте скважину дешёвым.
"""),
    who(KOSTYA, date="06 май 2023, 08:30", body="""
Подтверждаю про прокачку. Я свой новый насос убил песком за две недели, потому что поторопился. Потом прокачивал старым вибрационным три дня, пока вода не стала чистой.
"""),
    who(SEMYONYCH, date="06 май 2023, 12:10", edited="06 май 2023, 12:25", body="""
Понял, спасибо. Значит, сначала прокачка, потом центробежный на два куба с защитой от сухого хода, на глубину около 36 метров.

Итог напишу сюда, когда всё смонтирую.
"""),
])

topic("stroim-teplicu-svoimi-rukami.html", 5442, "green", "Отчёт: строим теплицу из поликарбоната своими руками", 5, [
    who(OLGA, date="10 сен 2023, 21:10", thanks=["Семёныч", "Вера Ивановна", "kostya_dacha", "Михаил Петрович"], body="""
Обещала отчёт о нашей теплице, вот он. Строили вдвоём с мужем за четыре выходных, без бригады.

Размер три на восемь метров, каркас из оцинкованного профиля 40 на 20, покрытие поликарбонат толщиной 6 мм. Фундамент брусовый на бетонных блоках: бетонировать ленту не хотелось, а под брус блоки выравнивали по шнуру и уровню.

Что понадобилось из инструмента:
- шуруповёрт и набор свёрл по металлу;
- болгарка с тонким отрезным кругом;
- уровень длиной не меньше метра;
- нож с выдвижным лезвием для поликарбоната.

Порядок работ получился такой:
1. Разметили площадку строго по сторонам света, длинной стороной с севера на юг.
2. Выложили блоки, сверху брус, пропитанный антисептиком.
3. Собрали дуги на земле, потом подняли и закрепили на брусе.
4. Поставили торцы с дверями и форточками.
5. Укрыли поликарбонатом, листы крепили термошайбами.

Главный урок: поликарбонат надо класть защитной плёнкой от солнца наружу. Мы один лист положили наоборот и заметили только через неделю, пришлось перекладывать.

По стоимости вышло примерно вдвое дешевле готовой теплицы такого размера с установкой. Зато четыре выходных и немного нервов.
"""),
    who(VERA, date="11 сен 2023, 08:05", body="""
Очень хорошо получилось, и ориентация правильная. Одно замечание: на восемь метров длины я бы добавила форточки по бокам, а не только в торцах. В июле в длинной теплице в середине стоит жара, торцевых форточек не хватает.
"""),
    who(OLGA, date="11 сен 2023, 10:30", body="""
Да, уже думаем об этом. Весной врежем по две боковые форточки с автоматическими открывателями.
"""),
])

topic("pomogite-opoznat-rastenie.html", 5680, "plants", "Помогите опознать растение у забора", 9, [
    who(NEWBIE, date="09 мар 2024, 12:40", body="""
На новом участке у забора растёт куст примерно полтора метра высотой. Листья крупные, сердцевидные, весной были гроздья сиреневых душистых цветов. Это сирень или что-то другое?

!img /gryadka/files/bush.jpg | Фото куста
"""),
    who(VERA, date="09 мар 2024, 13:15", body="""
По описанию это сирень обыкновенная, листья у неё именно сердцевидные. Весной, когда зацветёт, выложите фото цветков, тогда скажем точнее. Если куст старый и разросся, после цветения его можно омолодить, вырезав самые толстые стволы.
"""),
    who(OLGA, date="09 мар 2024, 16:02", body="""
Согласна, очень похоже на сирень. Только не спешите с обрезкой весной: цветочные почки закладываются на прошлогодних побегах, и если подрезать куст до цветения, цветов в этом году не будет.

Ещё проверьте, нет ли у корней поросли. У старой сирени её обычно много, и она забирает у куста силы. Поросль лучше вырезать у самой земли, а не обламывать.
"""),
    who(NEWBIE, date="10 мар 2024, 09:15", body="""
Спасибо! Поросли действительно много, вокруг куста целый лесок. Весной сфотографирую цветы и покажу.
"""),
])
