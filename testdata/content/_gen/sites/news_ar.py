"""An Arabic news site: top bar, mega-menu, breaking-news ticker, share bar, related
stories (each teaser an <article>, while the story itself sits in div soup), most-read,
comments, a cookie banner and a footer that is a farm of links. Right to left, with
Latin names, numbers and addresses embedded."""
from gen import Renderer, esc, label as blocks_label

NAME = "news-ar"
TEMPLATE = "news"
LANG = "ar"

MENU = [
    ("محليات", ["العاصمة", "المحافظات", "التعليم", "الطقس"]),
    ("عربي ودولي", ["الخليج", "المغرب العربي", "العالم"]),
    ("اقتصاد", ["أسواق", "طاقة", "شركات ناشئة", "أسعار"]),
    ("رياضة", ["كرة القدم", "الدوري المحلي", "رياضات أخرى"]),
    ("تكنولوجيا", ["هواتف", "تطبيقات", "أمن رقمي"]),
    ("ثقافة وفنون", ["كتب", "سينما", "موسيقى", "معارض", "تراث"]),
    ("صحة", ["تغذية", "لياقة", "أطفال", "صحة نفسية"]),
    ("رأي", ["مقالات", "افتتاحية", "كاريكاتير"]),
    ("فيديو", ["تقارير مصورة", "بث مباشر", "برامج"]),
]

TICKER = [
    "عاجل: إغلاق مؤقت لطريق الكورنيش الشمالي بسبب أعمال الصيانة حتى مساء الغد",
    "وزارة التربية تعلن موعد بدء التسجيل للعام الدراسي الجديد",
    "ارتفاع طفيف في أسعار الذهب في تعاملات الصباح",
    "المنتخب الوطني يبدأ معسكره التدريبي استعداداً للتصفيات",
    "هيئة الأرصاد: أمطار متفرقة على المناطق الساحلية نهاية الأسبوع",
]

MOST_READ = [
    "كيف تحمي هاتفك من الرسائل الاحتيالية؟ خمس خطوات بسيطة",
    "جدول مباريات الجولة المقبلة من الدوري المحلي",
    "افتتاح حديقة عامة جديدة على ضفاف الوادي",
    "أسعار العملات مقابل الدينار اليوم",
    "مهرجان الربيع للفنون الشعبية يعود بعد غياب ثلاث سنوات",
]

FOOTER = [
    ("الأقسام", ["محليات", "عربي ودولي", "اقتصاد", "رياضة", "تكنولوجيا", "ثقافة وفنون", "صحة", "منوعات", "رأي", "فيديو", "صور", "ملفات خاصة"]),
    ("خدمات", ["حالة الطقس", "أسعار العملات", "أسعار الذهب", "مواقيت الصلاة", "نتائج المباريات", "النشرة البريدية", "الأرشيف", "خريطة الموقع", "خلاصات RSS"]),
    ("تطبيقاتنا", ["تطبيق Android", "تطبيق iOS", "النسخة الخفيفة", "المساعد الصوتي", "الإشعارات العاجلة"]),
    ("عن المرفأ", ["من نحن", "هيئة التحرير", "ميثاق الشرف المهني", "سياسة التصحيح", "اعمل معنا", "أعلن معنا", "اتصل بنا"]),
    ("قانوني", ["سياسة الخصوصية", "شروط الاستخدام", "سياسة ملفات الارتباط", "حقوق النشر", "إعدادات الخصوصية"]),
    ("تابعنا", ["فيسبوك", "إكس", "إنستغرام", "يوتيوب", "تيليغرام", "واتساب", "لينكدإن"]),
]


class R(Renderer):
    def p(self, text):
        return '<p class="story-paragraph">' + self.il(text) + "</p>"

    def h(self, level, text):
        return '<h%d class="story-subtitle">%s</h%d>' % (level, self.il(text), level)

    def d_fig(self, src, alt="", caption="", credit=""):
        return ('<div class="story-image"><picture><source srcset="%s.webp" type="image/webp"><img src="%s" alt="%s" width="960" height="540"></picture>'
                '<div class="image-caption"><span class="caption-text">%s</span> <span class="caption-credit">%s</span></div></div>') % (esc(src), esc(src), esc(alt), self.il(caption), esc(credit))

    def d_also(self, title, href):
        return '<div class="read-also"><span class="read-also__label">اقرأ أيضاً:</span> <a href="%s">%s</a></div>' % (esc(href), esc(title))

    def d_ad(self):
        return '<div class="ad-slot ad-inarticle" data-ad-unit="/2231/marfa/article_mid"><span class="ad-label">إعلان</span><div id="div-gpt-ad-mid"></div></div>'

    def quote(self, paras, cite):
        inner = "".join("<p>%s</p>" % self.il(p) for p in paras)
        if cite:
            inner += '<footer class="quote-source">%s</footer>' % self.il(cite)
        return '<blockquote class="story-quote">%s</blockquote>' % inner

    def table(self, rows):
        head = "".join("<th>%s</th>" % self.il(c) for c in rows[0])
        body = "".join("<tr>%s</tr>" % "".join("<td>%s</td>" % self.il(c) for c in r) for r in rows[1:])
        return '<div class="table-responsive"><table class="story-table"><thead><tr>%s</tr></thead><tbody>%s</tbody></table></div>' % (head, body)


def mega_menu():
    out = []
    for i, (sec, subs) in enumerate(MENU):
        sub = "".join('<li><a href="/marfa/section/%d/%d">%s</a></li>' % (i, j, s) for j, s in enumerate(subs))
        out.append('<li class="menu-item has-children"><a href="/marfa/section/%d">%s</a><div class="mega-dropdown"><ul class="mega-list">%s</ul>'
                   '<div class="mega-featured"><a href="/marfa/section/%d/top">الأبرز في %s</a></div></div></li>' % (i, sec, sub, i, sec))
    return "".join(out)


def footer():
    cols = []
    for i, (title, links) in enumerate(FOOTER):
        cols.append('<div class="footer-col"><h4 class="footer-col__title">%s</h4><ul>%s</ul></div>' % (
            title, "".join('<li><a href="/marfa/f/%d-%d">%s</a></li>' % (i, j, l) for j, l in enumerate(links))))
    return "".join(cols)


def related(items):
    return "".join(f"""<article class="card card--related"><a class="card__link" href="{u}"><div class="card__img"><img src="/marfa/img/t{k}.jpg" alt="" loading="lazy"></div>
<div class="card__body"><span class="card__section">{sec}</span><h3 class="card__title">{t}</h3><p class="card__excerpt">{ex}</p><time class="card__time">{when}</time></div></a></article>"""
                   for k, (u, sec, t, ex, when) in enumerate(items))


def comments(cs):
    if not cs:
        return '<div class="comments-box"><h3 class="block-title">التعليقات</h3><p class="no-comments">كن أول من يعلّق على هذا الخبر.</p>' + COMMENT_FORM + "</div>"
    items = "".join(f"""<div class="comment-item"><div class="comment-head"><span class="comment-user">{esc(w)}</span><span class="comment-date">{d}</span></div>
<div class="comment-text">{esc(t)}</div><div class="comment-actions"><button class="like">أعجبني ({l})</button><button class="reply">رد</button><button class="report">إبلاغ</button></div></div>""" for w, d, t, l in cs)
    return f'<div class="comments-box"><h3 class="block-title">التعليقات ({len(cs)})</h3><div class="comments-list">{items}</div>{COMMENT_FORM}</div>'


COMMENT_FORM = """<form class="comment-form" action="/marfa/comments" method="post"><p class="comment-policy">التعليقات تعبّر عن آراء أصحابها، ويحتفظ الموقع بحق حذف أي تعليق يتضمن إساءة أو خروجاً عن موضوع الخبر.</p>
<textarea name="body" placeholder="اكتب تعليقك هنا"></textarea><input type="text" name="name" placeholder="الاسم"><button type="submit">أرسل التعليق</button></form>"""


def render(page):
    r = R()
    body = r.blocks(page["blocks"])
    tags = "".join('<a class="tag" href="/marfa/tag/%s">%s</a>' % (esc(t), esc(t)) for t in page["tags"])
    ticker = "".join('<li class="ticker__item"><a href="/marfa/breaking/%d">%s</a></li>' % (i, t) for i, t in enumerate(TICKER))
    most = "".join('<li><span class="rank">%d</span><a href="/marfa/popular/%d">%s</a></li>' % (i + 1, i, t) for i, t in enumerate(MOST_READ))
    dek = '<p class="article-summary">%s</p>' % esc(page["dek"]) if page.get("dek") else ""
    share = """<div class="share-bar" aria-label="مشاركة"><span class="share-bar__label">شارك:</span><a class="share fb" href="#">فيسبوك</a><a class="share x" href="#">إكس</a><a class="share wa" href="#">واتساب</a><a class="share tg" href="#">تيليغرام</a><button class="share copy">نسخ الرابط</button><button class="font-size">حجم الخط</button><button class="print">طباعة</button></div>"""
    return f"""<!DOCTYPE html>
<html lang="ar" dir="rtl">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>{esc(page['title'])} | صحيفة المرفأ</title>
<meta name="description" content="{esc(page.get('dek') or page['title'])}">
<meta property="og:site_name" content="صحيفة المرفأ">
<meta property="og:title" content="{esc(page['title'])}">
<meta property="og:type" content="article">
<meta property="article:section" content="{esc(page['section'])}">
<link rel="canonical" href="{page['url']}">
<link rel="stylesheet" href="/marfa/static/css/main.min.css?v=20240311">
<script>window.dataLayer=window.dataLayer||[];dataLayer.push({{"pageType":"article","section":"{page['section']}","articleId":"{page['id']}"}});</script>
<script async src="/marfa/static/js/ads.js"></script>
</head>
<body class="rtl page-article">
<div class="top-bar"><div class="container"><span class="top-bar__date">{page['date_text']}</span><span class="top-bar__weather">العاصمة ٢٤°</span>
<ul class="top-bar__links"><li><a href="/marfa/epaper">النسخة الورقية</a></li><li><a href="/marfa/newsletter">النشرة البريدية</a></li><li><a href="/en/">English</a></li><li><a href="/marfa/login">تسجيل الدخول</a></li></ul></div></div>
<header class="site-header"><div class="container"><a class="logo" href="/marfa/"><img src="/marfa/static/img/logo.svg" alt="صحيفة المرفأ"></a>
<form class="search" action="/marfa/search"><input type="search" name="q" placeholder="ابحث في المرفأ"><button>بحث</button></form><a class="btn-subscribe" href="/marfa/subscribe">اشترك الآن</a></div>
<nav class="main-nav"><ul class="menu"><li class="menu-item"><a href="/marfa/">الرئيسية</a></li>{mega_menu()}</ul></nav></header>
<div class="breaking-ticker"><span class="breaking-ticker__label">عاجل</span><ul class="ticker__list">{ticker}</ul></div>
<div class="ad-slot ad-leaderboard"><span class="ad-label">إعلان</span></div>
<div class="container main-container">
<div class="row">
<div class="col-main">
<ol class="breadcrumb"><li><a href="/marfa/">الرئيسية</a></li><li><a href="/marfa/section/{page['section_id']}">{page['section']}</a></li></ol>
<div class="article-page" id="article-{page['id']}">
<h1 class="article-title">{esc(page['title'])}</h1>
{dek}
<div class="article-meta"><span class="author">بقلم: <a href="/marfa/author/{page['author_id']}">{page['author']}</a></span> <span class="publish-date">نُشر في {page['date_text']} - {page['time_text']}</span> <span class="update-date">آخر تحديث: {page['time_text']}</span></div>
{share}
<div class="story-body" itemprop="articleBody">
{body}
</div>
<div class="article-tags"><span>الوسوم:</span>{tags}</div>
{share}
<div class="newsletter-box"><h3>النشرة اليومية</h3><p>أهم أخبار اليوم تصلك كل صباح في السابعة. بلا إزعاج، ويمكنك إلغاء الاشتراك في أي وقت.</p><form><input type="email" placeholder="بريدك الإلكتروني"><button>اشترك</button></form></div>
</div>
<section class="related-news"><h2 class="block-title">أخبار ذات صلة</h2><div class="cards">{related(page['related'])}</div></section>
{comments(page.get('comments', []))}
</div>
<aside class="col-side"><div class="ad-slot ad-mpu"><span class="ad-label">إعلان</span></div>
<section class="most-read"><h2 class="block-title">الأكثر قراءة</h2><ol>{most}</ol></section>
<section class="prayer-times"><h2 class="block-title">مواقيت الصلاة</h2><ul><li>الفجر ٤:٢١</li><li>الظهر ١٢:٠٣</li><li>العصر ٣:٣٠</li><li>المغرب ٦:٢٨</li><li>العشاء ٧:٤٥</li></ul></section></aside>
</div></div>
<footer class="site-footer"><div class="container"><div class="footer-top"><a class="logo" href="/marfa/"><img src="/marfa/static/img/logo-white.svg" alt="صحيفة المرفأ"></a><p class="footer-about">صحيفة المرفأ يومية مستقلة تصدر منذ عام 1998، تغطي الأخبار المحلية والعربية والدولية، وتلتزم بالدقة والإنصاف وتصحيح الأخطاء علناً.</p></div>
<div class="footer-links">{footer()}</div>
<div class="footer-bottom"><p>جميع الحقوق محفوظة © 2024 صحيفة المرفأ. يُمنع نسخ المحتوى أو إعادة نشره دون إذن خطي مسبق.</p></div></div></footer>
<div class="cookie-banner" id="cookie-banner" role="dialog" aria-label="ملفات تعريف الارتباط"><p>نستخدم ملفات تعريف الارتباط لتحسين تجربتك وتحليل حركة الزوار وعرض إعلانات تناسب اهتماماتك. بالضغط على «موافق» فإنك توافق على استخدامها وفق سياسة الخصوصية الخاصة بنا.</p>
<div class="cookie-banner__actions"><button class="accept">موافق</button><button class="settings">الإعدادات</button><button class="reject">رفض غير الضروري</button></div></div>
<script src="/marfa/static/js/main.min.js?v=20240311" defer></script>
</body>
</html>
"""


def label(page):
    out = [page["title"]]
    if page.get("dek"):
        out.append(page["dek"])
    return out + blocks_label(page["blocks"])


P = "http://site.test/marfa/"
PAGES = []

REL = {
    "water": ("/marfa/local/2024/03/water-meters", "محليات", "عدادات ذكية للمياه في ثلاثة أحياء تجريبياً", "البلدية تختبر عدادات تُقرأ عن بعد لتقليل الأخطاء في الفواتير.", "منذ يومين"),
    "roads": ("/marfa/local/2024/03/roads-plan", "محليات", "خطة لإعادة تأهيل الطرق الداخلية قبل الصيف", "أعمال الرصف تشمل اثني عشر شارعاً وتنتهي خلال أربعة أشهر.", "منذ ٣ أيام"),
    "wind": ("/marfa/local/2024/03/wind-warning", "محليات", "الأرصاد تحذّر من رياح نشطة على السواحل", "تحذير للصيادين ورواد البحر حتى صباح الجمعة.", "منذ ساعة"),
    "apps": ("/marfa/tech/2024/03/gov-apps", "تكنولوجيا", "خمس خدمات حكومية صارت متاحة عبر الهاتف", "من تجديد الرخص إلى دفع الفواتير من دون مراجعة المكاتب.", "منذ أسبوع"),
    "league": ("/marfa/sport/2024/03/league-table", "رياضة", "ترتيب الدوري بعد الجولة الأخيرة", "فارق النقاط يحسم المقاعد المؤهلة للبطولات القارية.", "منذ يومين"),
    "books": ("/marfa/culture/2024/03/children-books", "ثقافة وفنون", "جناح خاص لكتب الأطفال في معرض هذا العام", "ورش للقراءة والرسم يومياً في الفترة المسائية.", "منذ ٤ أيام"),
    "market": ("/marfa/economy/2024/03/fuel", "اقتصاد", "تثبيت أسعار الوقود للشهر الثالث على التوالي", "لجنة التسعير تُبقي على الأسعار الحالية حتى نهاية الربع.", "منذ ٥ أيام"),
}

PAGES.append(dict(
    file="water-network-east.html", url=P + "local/2024/03/14/water-network-east-phase-two",
    id=58213, section="محليات", section_id=0, author="سلمى الحدّاد", author_id=41,
    date_text="14 مارس 2024", time_text="09:40",
    title="بدء المرحلة الثانية من تجديد شبكة المياه في الأحياء الشرقية",
    dek="الأعمال تستمر ستة أشهر وتشمل استبدال أنابيب عمرها أكثر من أربعين عاماً، مع وعود بتقليل الانقطاعات خلال الصيف.",
    tags=["المياه", "البلدية", "البنية التحتية"],
    related=[REL["water"], REL["roads"], REL["wind"], REL["market"]],
    body="""
أعلنت البلدية صباح اليوم بدء المرحلة الثانية من مشروع تجديد شبكة المياه في الأحياء الشرقية، وهي المرحلة الأكبر في المشروع إذ تشمل نحو ثمانية عشر كيلومتراً من الأنابيب الرئيسية والفرعية.

وقال مدير دائرة المياه في البلدية إن معظم الأنابيب في هذه الأحياء مُدّت في أواخر السبعينيات، وإن التسربات فيها صارت تهدر كميات كبيرة من المياه قبل أن تصل إلى المنازل. وأضاف أن الفرق الفنية رصدت خلال العام الماضي أكثر من ثلاثمئة نقطة تسرب في المنطقة وحدها.

!fig /marfa/img/2024/03/water-works.jpg | عمال يمدّون أنابيب جديدة | عمال البلدية يمدّون أنابيب جديدة في أحد شوارع الحي الشرقي صباح الخميس | تصوير: كريم نصّار

!also عدادات ذكية للمياه في ثلاثة أحياء تجريبياً | /marfa/local/2024/03/water-meters

## جدول الأعمال والانقطاعات

تبدأ الأعمال من الشوارع المحاذية لمحطة الضخ ثم تتجه شمالاً، وتُنفَّذ على مقاطع قصيرة حتى لا يُغلق أكثر من شارع واحد في الحي في الوقت نفسه. وستُقطع المياه عن كل مقطع لمدة لا تتجاوز ثماني ساعات، على أن يُبلَّغ السكان قبل يومين على الأقل عبر رسائل نصية وملصقات على مداخل المباني.

!ad

ودعت البلدية السكان إلى تخزين كمية كافية من مياه الشرب قبل مواعيد الانقطاع، وإلى الإبلاغ عن أي تسرب جديد عبر الرقم المجاني المخصص للطوارئ. كما أكدت أن الشوارع ستُعاد إلى حالتها الأصلية خلال أسبوعين من انتهاء العمل في كل مقطع.

## ما الذي سيتغير للسكان؟

يقول المهندسون إن الأنابيب الجديدة المصنوعة من البولي إيثيلين أكثر مقاومة للتآكل، وإنها ستسمح برفع ضغط المياه في الطوابق العليا التي تعاني ضعفاً مزمناً في الصيف. ويتوقع المشروع أن تنخفض نسبة الفاقد في الشبكة من نحو الثلث إلى أقل من الخُمس بعد اكتمال المرحلتين.

وكانت المرحلة الأولى من المشروع، التي انتهت في الخريف الماضي، قد شملت الأحياء الشمالية، وأدت بحسب أرقام البلدية إلى خفض شكاوى الانقطاع هناك إلى النصف تقريباً. ويقول سكان تلك الأحياء إن ضغط المياه صار أكثر انتظاماً، وإن الانقطاعات المفاجئة التي كانت تتكرر كل أسبوع تقريباً أصبحت نادرة.

ومن المقرر أن تبدأ المرحلة الثالثة والأخيرة، التي تشمل الأحياء الجنوبية، مطلع العام المقبل إذا سارت الأعمال الحالية وفق الجدول.
""",
    comments=[
        ("أبو يوسف", "14 مارس 2024", "أخيراً. شارعنا تتسرب فيه المياه منذ سنوات ولا أحد يسمع. نتمنى أن يلتزموا بالمواعيد هذه المرة.", 34),
        ("ريم", "14 مارس 2024", "هل هناك خريطة بالشوارع وتواريخ الانقطاع؟ لم أجدها على موقع البلدية.", 12),
        ("متابع", "14 مارس 2024", "ثماني ساعات انقطاع في الصيف كثيرة، الأفضل أن يعملوا ليلاً.", 8),
    ],
))

PAGES.append(dict(
    file="wind-warning.html", url=P + "local/2024/03/14/wind-warning-coast",
    id=58230, section="محليات", section_id=0, author="المحرر", author_id=1,
    date_text="14 مارس 2024", time_text="13:05",
    title="الأرصاد تحذّر من رياح نشطة على السواحل مساء الخميس",
    tags=["الطقس", "البحر"],
    related=[REL["water"], REL["roads"], REL["apps"], REL["market"]],
    body="""
حذّرت هيئة الأرصاد الجوية من رياح نشطة تصل سرعتها إلى 60 كيلومتراً في الساعة على المناطق الساحلية مساء الخميس، مع ارتفاع الأمواج إلى ثلاثة أمتار. ودعت الهيئة الصيادين ورواد البحر إلى تجنب الإبحار حتى صباح الجمعة.
""",
))

PAGES.append(dict(
    file="mawid-app.html", url=P + "tech/2024/03/12/mawid-app-100k-users",
    id=58102, section="تكنولوجيا", section_id=4, author="عمر الشريف", author_id=77,
    date_text="12 مارس 2024", time_text="17:20",
    title="تطبيق محلي لحجز المواعيد الطبية يتجاوز 100 ألف مستخدم",
    dek="تطبيق Mawid الذي أطلقه ثلاثة مهندسين شبان قبل عامين يتيح حجز موعد لدى الطبيب ومعرفة وقت الانتظار الفعلي في العيادة.",
    tags=["شركات ناشئة", "تطبيقات", "صحة"],
    related=[REL["apps"], REL["market"], REL["water"], REL["books"]],
    body="""
تجاوز عدد مستخدمي تطبيق Mawid لحجز المواعيد الطبية 100 ألف مستخدم، بعد أن انضمت إليه خلال الشهر الماضي عيادات جديدة في أربع محافظات، بحسب ما أعلنت الشركة المطوِّرة أمس.

ويعمل التطبيق على نظامَي Android وiOS، ويمكن تنزيله من متجرَي Google Play وApp Store، كما تتوفر نسخة للمتصفح على العنوان www.mawid.example. ويتيح للمريض اختيار الطبيب والموعد، ثم يرسل إليه تنبيهاً قبل دوره بنصف ساعة بناءً على سرعة سير المواعيد في العيادة ذلك اليوم.

## فكرة بدأت في غرفة الانتظار

تقول المديرة التنفيذية للشركة، المهندسة لينا قاسم، إن الفكرة وُلدت حين انتظرت مع والدتها أكثر من ثلاث ساعات في عيادة مزدحمة. وتضيف أن الفريق أمضى الأشهر الستة الأولى في زيارة العيادات والاستماع إلى موظفي الاستقبال قبل أن يكتب سطراً واحداً من البرمجة.

> أصعب ما في المشروع لم يكن التقنية، بل إقناع العيادات بأن تشاركنا مواعيدها الحقيقية لحظة بلحظة.
> -- لينا قاسم، المديرة التنفيذية لشركة Mawid

!ad

وفي الإصدار 2.3 الذي صدر هذا الأسبوع، أضافت الشركة واجهة برمجية (API) تسمح لأنظمة المستشفيات بربط جداولها بالتطبيق مباشرة، إضافة إلى دعم الدفع الإلكتروني وتذكير المرضى بمواعيد الأدوية.

!also خمس خدمات حكومية صارت متاحة عبر الهاتف | /marfa/tech/2024/03/gov-apps

## مخاوف الخصوصية

في المقابل، أبدى مختصون في الأمن الرقمي تحفظاً على جمع بيانات صحية حساسة في تطبيق واحد. وتؤكد الشركة أن البيانات تُخزَّن مشفّرة على خوادم داخل البلاد، وأنها لا تُشارَك مع أي طرف ثالث، وأنها خضعت لتدقيق أمني مستقل في يناير الماضي.

ويرى أطباء تحدثت إليهم الصحيفة أن الفائدة الكبرى للتطبيق لا تقتصر على المرضى، بل تشمل العيادات نفسها، إذ انخفضت نسبة المواعيد التي يتغيب عنها أصحابها بعد أن صار التطبيق يذكّرهم قبل يوم من الموعد ويتيح لهم إلغاءه بضغطة واحدة. ويقول أحدهم إن عيادته صارت تستقبل عدداً أكبر من المرضى يومياً من دون أن تطول ساعات العمل.

وتخطط الشركة لتوسيع خدماتها لتشمل الصيدليات ومختبرات التحاليل قبل نهاية العام، مع تمويل جديد تقول إنها ستعلن تفاصيله الشهر المقبل.
""",
    comments=[
        ("د. منى", "12 مارس 2024", "نستخدمه في عيادتنا منذ ستة أشهر، وقلّ الازدحام في غرفة الانتظار فعلاً. نتمنى دعم المواعيد المتكررة للمرضى المزمنين.", 51),
        ("Sami_dev", "12 مارس 2024", "خطوة جميلة أن يكون هناك API مفتوح. هل التوثيق متاح للعموم؟", 9),
        ("مواطن", "13 مارس 2024", "الفكرة ممتازة لكن التطبيق بطيء على الهواتف القديمة.", 6),
        ("هالة", "13 مارس 2024", "حجزت لوالدي عن طريقه ووصلنا قبل الدور بعشر دقائق فقط. شكراً للشباب.", 27),
    ],
))

PAGES.append(dict(
    file="sahel-cup-final.html", url=P + "sport/2024/03/10/sahel-club-wins-cup",
    id=58011, section="رياضة", section_id=3, author="جمال بركات", author_id=19,
    date_text="10 مارس 2024", time_text="23:15",
    title="نادي الساحل يتوّج بالكأس بعد فوز مثير على الاتحاد 2-1",
    dek="هدف في الدقيقة الأخيرة من الوقت بدل الضائع منح الساحل لقبه الأول منذ اثني عشر عاماً.",
    tags=["كرة القدم", "الكأس", "نادي الساحل"],
    related=[REL["league"], REL["books"], REL["wind"], REL["apps"]],
    body="""
توّج نادي الساحل بلقب كأس البلاد لكرة القدم مساء الأحد بعد فوزه على الاتحاد بهدفين مقابل هدف، في مباراة نهائية مثيرة احتضنها الملعب الأولمبي أمام أكثر من أربعين ألف متفرج.

وبدأ الاتحاد المباراة بقوة، وافتتح التسجيل في الدقيقة الثامنة عشرة بضربة رأس من مدافعه إثر ركلة ركنية. وظل متقدماً حتى الدقيقة السبعين، حين عادل البديل الشاب ياسر النعيمي النتيجة للساحل بتسديدة من خارج منطقة الجزاء بعد دقيقتين فقط من دخوله.

!fig /marfa/img/2024/03/cup-final.jpg | لاعبو الساحل يحتفلون | لاعبو الساحل يرفعون الكأس بعد صافرة النهاية | تصوير: وكالة الأنباء

وفي الدقيقة الثالثة من الوقت بدل الضائع، أرسل الجناح الأيسر كرة عرضية متقنة حوّلها قائد الفريق برأسه في الشباك، لتنفجر المدرجات فرحاً بلقب انتظره جمهور النادي طويلاً.

!ad

## المدرب: الصبر صنع الفارق

وقال مدرب الساحل في المؤتمر الصحفي بعد المباراة إن فريقه لم يفقد هدوءه بعد الهدف المبكر:

> قلت للاعبين بين الشوطين إن المباراة طويلة، وإن الفريق الذي يحافظ على أعصابه هو الذي سيرفع الكأس في النهاية.

أما مدرب الاتحاد فأشاد بأداء لاعبيه، مؤكداً أن الخسارة في اللحظات الأخيرة مؤلمة لكنها جزء من كرة القدم، وأن فريقه سيركز الآن على المنافسة في الدوري.

وكان الساحل قد بلغ النهائي بعد مشوار صعب، تجاوز فيه حامل اللقب في نصف النهائي بركلات الترجيح، بينما وصل الاتحاد إلى المباراة الختامية من دون أن يخسر أي مباراة في البطولة. وقد امتلأت شوارع المدينة الساحلية بالجماهير حتى ساعة متأخرة من الليل احتفالاً باللقب.

ويشارك الساحل بهذا اللقب في بطولة الأندية الإقليمية الموسم المقبل، للمرة الأولى في تاريخه.
""",
    comments=[
        ("ساحلي للأبد", "10 مارس 2024", "اثنا عشر عاماً من الانتظار! ليلة لن ننساها.", 112),
        ("محايد", "11 مارس 2024", "الاتحاد لعب أفضل في الشوط الأول، لكن التبديلات حسمت المباراة.", 40),
        ("نور", "11 مارس 2024", "النعيمي موهبة حقيقية، يستحق فرصة في التشكيلة الأساسية.", 65),
    ],
))

PAGES.append(dict(
    file="book-fair-opens.html", url=P + "culture/2024/03/08/book-fair-opens",
    id=57940, section="ثقافة وفنون", section_id=5, author="دعاء منصور", author_id=52,
    date_text="8 مارس 2024", time_text="11:00",
    title="معرض الكتاب يفتح أبوابه بمشاركة 400 دار نشر",
    dek="الدورة الخامسة والعشرون تحتفي بالترجمة، وتخصص يوماً كاملاً للكتّاب الشباب.",
    tags=["معرض الكتاب", "ثقافة", "ترجمة"],
    related=[REL["books"], REL["league"], REL["apps"], REL["water"]],
    body="""
افتُتحت صباح الجمعة الدورة الخامسة والعشرون من معرض الكتاب الدولي، بمشاركة 400 دار نشر من ثلاثين بلداً، وتستمر عشرة أيام في مركز المعارض على الطريق الساحلي.

واختارت إدارة المعرض الترجمة محوراً لدورة هذا العام، إذ تُقام ندوات يومية يتحدث فيها مترجمون عن تجاربهم في نقل الأدب من لغات مختلفة إلى العربية وبالعكس، إلى جانب ورشة عمل للمترجمين المبتدئين.

وقالت رئيسة اللجنة المنظمة في كلمة الافتتاح:

> الترجمة جسر لا يُرى، لكننا نعبره كل يوم. كل كتاب مترجم على هذه الرفوف هو حوار بين ثقافتين.
>
> نريد أن يخرج الزائر من المعرض وفي يده كتاب من بلد لم يزره من قبل.

## يوم للكتّاب الشباب

وخصص المعرض يوم الثلاثاء المقبل للكتّاب الذين نشروا أعمالهم الأولى خلال السنوات الثلاث الأخيرة، حيث يقدّمون قراءات من كتبهم ويلتقون بالناشرين في جلسات قصيرة للتعارف.

!also جناح خاص لكتب الأطفال في معرض هذا العام | /marfa/culture/2024/03/children-books

ويضم المعرض هذا العام جناحاً للكتب المستعملة والنادرة، يعرض فيه عدد من باعة الكتب القديمة طبعات أولى ومجلات ثقافية توقف صدورها منذ عقود. ويقول منظمون إن هذا الجناح كان الأكثر ازدحاماً في اليوم الأول، خصوصاً بين الطلاب الذين يبحثون عن كتب بأسعار مناسبة.

ويفتح المعرض أبوابه يومياً من العاشرة صباحاً حتى العاشرة مساءً، والدخول مجاني لطلاب المدارس والجامعات. وتوفر البلدية حافلات مجانية من وسط المدينة كل نصف ساعة طوال أيام المعرض.
""",
))

PAGES.append(dict(
    file="wholesale-prices.html", url=P + "economy/2024/03/13/wholesale-vegetable-prices",
    id=58160, section="اقتصاد", section_id=2, author="قسم الاقتصاد", author_id=5,
    date_text="13 مارس 2024", time_text="08:00",
    title="أسعار الخضار والفواكه في سوق الجملة اليوم",
    dek="تراجع أسعار الطماطم والخيار مع زيادة المعروض من البيوت البلاستيكية، وارتفاع طفيف في أسعار الحمضيات.",
    tags=["أسعار", "سوق الجملة", "خضار"],
    related=[REL["market"], REL["water"], REL["apps"], REL["roads"]],
    body="""
شهد سوق الجملة المركزي صباح اليوم تراجعاً في أسعار معظم أصناف الخضار، بعد زيادة الكميات الواردة من المزارع المحمية في الجنوب، فيما ارتفعت أسعار البرتقال والليمون قليلاً مع اقتراب نهاية الموسم.

وفيما يلي متوسط أسعار الكيلوغرام الواحد بالجملة كما أعلنتها إدارة السوق:

| الصنف | سعر اليوم | سعر الأسبوع الماضي | الاتجاه |
|---|---|---|---|
| طماطم | 0.45 | 0.60 | انخفاض |
| خيار | 0.40 | 0.55 | انخفاض |
| بطاطا | 0.35 | 0.35 | ثبات |
| بصل | 0.30 | 0.32 | انخفاض طفيف |
| برتقال | 0.70 | 0.62 | ارتفاع |
| ليمون | 0.90 | 0.80 | ارتفاع |

ويقول تجار في السوق إن الأسعار مرشحة لمزيد من الانخفاض خلال الأسبوعين المقبلين مع دخول محصول الحقول المكشوفة، بينما يُتوقع أن تبقى أسعار الحمضيات مرتفعة حتى وصول الشحنات المستوردة.

!ad

ويعزو مزارعون التراجع الحالي في الأسعار إلى اعتدال الطقس خلال الأسابيع الماضية، الذي سرّع نضج المحاصيل في البيوت البلاستيكية وأدى إلى وصول كميات كبيرة إلى السوق في وقت واحد. ويشكو بعضهم من أن الأسعار الحالية بالكاد تغطي تكاليف النقل والتعبئة.

وتنصح جمعية حماية المستهلك المتسوقين بمقارنة الأسعار بين محلات التجزئة، مشيرة إلى أن الفارق بين سعر الجملة وسعر البيع للمستهلك يتجاوز الضعف في بعض الأحياء.
""",
))
