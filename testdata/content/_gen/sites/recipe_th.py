"""A Thai recipe blog on a WordPress theme with a recipe-card plugin: header, category
menu, "jump to recipe" and "print" buttons, ad slots between paragraphs, the story
before the recipe, a recipe card (times, servings, rating, ingredients, steps, notes,
nutrition), comments, "you may also like" and a footer. The article is the title, the
story and the card's name, summary, ingredients, steps and notes; times, servings,
ratings and nutrition are left out like a byline."""
from gen import Renderer, esc, parse, label as blocks_label

NAME = "recipe-th"
TEMPLATE = "recipe"
LANG = "th"

MENU = ["หน้าแรก", "อาหารจานเดียว", "ต้มและแกง", "ยำและส้มตำ", "ของหวาน", "เครื่องดื่ม", "อาหารคลีน", "เกี่ยวกับเรา"]
POPULAR = ["ไข่พะโล้สูตรคุณยาย", "น้ำพริกกะปิกับผักลวก", "ไก่ทอดหาดใหญ่", "ข้าวผัดปู", "ลอดช่องน้ำกะทิ", "ชาไทยเย็นแบบร้านดัง"]
CATS = [("อาหารจานเดียว", 48), ("ต้มและแกง", 36), ("ยำและส้มตำ", 22), ("ของหวาน", 31), ("เครื่องดื่ม", 12), ("อาหารคลีน", 17)]


class R(Renderer):
    def d_ad(self):
        return '<div class="adthrive-ad adthrive-content" data-google-query-id="c7" style="min-height:250px"><span class="ad-label">โฆษณา</span></div>'

    def d_fig(self, src, alt="", caption="", credit=""):
        cap = ('<figcaption class="wp-element-caption">%s</figcaption>' % self.il(caption)) if caption else ""
        return '<figure class="wp-block-image size-large"><img decoding="async" src="%s" alt="%s" class="wp-image-1">%s</figure>' % (esc(src), esc(alt), cap)


def card(page):
    c = page["card"]
    ing_html, steps_html, notes_html = [], [], []
    for b in c["ingredients"]:
        if b[0] == "h":
            ing_html.append('<h4 class="wprm-recipe-group-name wprm-recipe-ingredient-group-name wprm-block-text-bold">%s</h4>' % esc(b[2]))
        else:
            items = "".join('<li class="wprm-recipe-ingredient" style="list-style-type: disc;"><span class="wprm-recipe-ingredient-amount">%s</span> <span class="wprm-recipe-ingredient-name">%s</span></li>'
                            % tuple(esc(x) for x in split_amount(it["text"])) for it in b[1]["children"])
            ing_html.append('<ul class="wprm-recipe-ingredients">%s</ul>' % items)
    for b in c["steps"]:
        if b[0] == "h":
            steps_html.append('<h4 class="wprm-recipe-group-name wprm-recipe-instruction-group-name">%s</h4>' % esc(b[2]))
        else:
            items = "".join('<li id="wprm-recipe-%d-step-0-%d" class="wprm-recipe-instruction" style="list-style-type: decimal;"><div class="wprm-recipe-instruction-text" style="margin-bottom: 5px;">%s</div></li>' % (page["rid"], k, esc(it["text"])) for k, it in enumerate(b[1]["children"]))
            steps_html.append('<ul class="wprm-recipe-instructions">%s</ul>' % items)
    for b in c["notes"]:
        notes_html.append(R().block(b))
    nut = "".join('<span class="wprm-nutrition-label-text-nutrition-container"><span class="wprm-nutrition-label-text-nutrition-label">%s: </span><span class="wprm-nutrition-label-text-nutrition-value">%s</span></span>' % n for n in c["nutrition"])
    return f"""<div id="recipe" class="wprm-recipe-container" data-recipe-id="{page['rid']}"><div class="wprm-recipe wprm-recipe-template-custom">
<div class="wprm-recipe-image"><img src="/wp-content/uploads/2024/{page['rid']}-card.jpg" alt="{esc(c['name'])}" width="300" height="300"></div>
<h2 class="wprm-recipe-name wprm-block-text-bold">{esc(c['name'])}</h2>
<div class="wprm-recipe-rating"><span class="wprm-rating-star wprm-rating-star-full"></span><span class="wprm-rating-star wprm-rating-star-full"></span><span class="wprm-rating-star wprm-rating-star-full"></span><span class="wprm-rating-star wprm-rating-star-full"></span><span class="wprm-rating-star wprm-rating-star-full"></span><div class="wprm-recipe-rating-details wprm-block-text-normal"><span class="wprm-recipe-rating-average">{c['rating']}</span> จาก <span class="wprm-recipe-rating-count">{c['votes']}</span> คะแนนโหวต</div></div>
<div class="wprm-recipe-summary wprm-block-text-normal"><span style="display: block;">{esc(c['summary'])}</span></div>
<div class="wprm-recipe-buttons"><a href="/wprm_print/{page['rid']}" class="wprm-recipe-print wprm-recipe-link" data-recipe-id="{page['rid']}" target="_blank" rel="nofollow">พิมพ์สูตร</a> <a href="https://www.pinterest.com/pin/create/bookmarklet/" class="wprm-recipe-pin wprm-recipe-link" target="_blank" rel="nofollow noopener">ปักหมุด</a> <a href="#comment" class="wprm-recipe-jump-to-comments wprm-recipe-link">ให้คะแนนสูตรนี้</a></div>
<div class="wprm-recipe-meta-container wprm-recipe-times-container wprm-recipe-details-container wprm-recipe-details-container-inline"><div class="wprm-recipe-block-container wprm-recipe-time-container wprm-recipe-prep-time-container"><span class="wprm-recipe-details-label">เวลาเตรียม</span> <span class="wprm-recipe-details wprm-recipe-prep_time">{c['prep']}</span> <span class="wprm-recipe-details-unit">นาที</span></div>
<div class="wprm-recipe-block-container wprm-recipe-time-container wprm-recipe-cook-time-container"><span class="wprm-recipe-details-label">เวลาปรุง</span> <span class="wprm-recipe-details wprm-recipe-cook_time">{c['cook']}</span> <span class="wprm-recipe-details-unit">นาที</span></div>
<div class="wprm-recipe-block-container wprm-recipe-servings-container"><span class="wprm-recipe-details-label">สำหรับ</span> <span class="wprm-recipe-servings wprm-recipe-details">{c['serves']}</span> <span class="wprm-recipe-servings-unit">ที่</span></div>
<div class="wprm-recipe-block-container wprm-recipe-tag-container wprm-recipe-course-container"><span class="wprm-recipe-details-label">ประเภท</span> <span class="wprm-recipe-course wprm-block-text-normal">{c['course']}</span></div></div>
<div class="wprm-recipe-ingredients-container"><h3 class="wprm-recipe-header wprm-recipe-ingredients-header">ส่วนผสม</h3>{''.join(ing_html)}</div>
<div class="wprm-recipe-instructions-container"><h3 class="wprm-recipe-header wprm-recipe-instructions-header">วิธีทำ</h3>{''.join(steps_html)}</div>
{('<div class="wprm-recipe-notes-container"><h3 class="wprm-recipe-header wprm-recipe-notes-header">หมายเหตุ</h3><div class="wprm-recipe-notes">%s</div></div>' % ''.join(notes_html)) if notes_html else ''}
<div class="wprm-nutrition-label-container wprm-nutrition-label-container-simple"><h3 class="wprm-recipe-header wprm-recipe-nutrition-header">ข้อมูลโภชนาการ (ต่อที่)</h3>{nut}</div>
<div class="wprm-call-to-action"><span class="wprm-call-to-action-header">ลองทำแล้วใช่ไหม?</span> <span class="wprm-call-to-action-text">ถ่ายรูปแล้วแท็ก @krua.baan.rao ให้เราได้เห็นฝีมือกันนะคะ</span></div>
</div></div>"""


def split_amount(text):
    amount, _, name = text.partition(" ")
    return amount, name


def card_label(page):
    c = page["card"]
    out = [c["name"], c["summary"], "ส่วนผสม"]
    for b in c["ingredients"]:
        out.extend(blocks_label([b]))
    out.append("วิธีทำ")
    out.extend(blocks_label(c["steps"]))
    if c["notes"]:
        out.append("หมายเหตุ")
        out.extend(blocks_label(c["notes"]))
    return out


def render(page):
    r = R()
    intro = r.blocks(page["blocks"])
    menu = "".join('<li id="menu-item-%d" class="menu-item menu-item-type-taxonomy"><a href="/category/%d/">%s</a></li>' % (i, i, m) for i, m in enumerate(MENU))
    popular = "".join('<li><a href="/popular/%d/"><img src="/wp-content/uploads/pop%d.jpg" alt="" width="80" height="80"><span>%s</span></a></li>' % (i, i, p) for i, p in enumerate(POPULAR))
    cats = "".join('<li class="cat-item"><a href="/category/c%d/">%s</a> (%d)</li>' % (i, c, n) for i, (c, n) in enumerate(CATS))
    more = "".join('<article class="related-post"><a href="/%s/"><img src="/wp-content/uploads/rel%d.jpg" alt=""><h3 class="related-post__title">%s</h3></a></article>' % (k, i, t) for i, (k, t) in enumerate(page["more"]))
    comments = "".join(f"""<li class="comment"><article class="comment-body"><footer class="comment-meta"><div class="comment-author vcard"><b class="fn">{esc(w)}</b></div><div class="comment-metadata"><time>{d}</time></div>{('<div class="wprm-comment-rating">ให้ %d ดาว</div>' % s) if s else ''}</footer><div class="comment-content"><p>{esc(t)}</p></div><div class="reply"><a class="comment-reply-link" href="#respond">ตอบกลับ</a></div></article></li>""" for w, d, t, s in page["comments"])
    return f"""<!DOCTYPE html>
<html lang="th">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{esc(page['title'])} - ครัวบ้านเรา</title>
<meta name="description" content="{esc(page['card']['summary'])}">
<link rel="canonical" href="{page['url']}">
<meta property="og:locale" content="th_TH">
<meta property="og:type" content="article">
<meta property="og:title" content="{esc(page['title'])}">
<link rel="stylesheet" id="wprm-public-css" href="/wp-content/plugins/wp-recipe-maker/dist/public-modern.css?ver=9.1.0" media="all">
<link rel="stylesheet" id="kadence-global-css" href="/wp-content/themes/kadence/assets/css/global.min.css?ver=1.1.51" media="all">
<script type="application/ld+json">{{"@context":"https://schema.org/","@type":"Recipe","name":"{esc(page['card']['name'])}","recipeYield":"{page['card']['serves']}","prepTime":"PT{page['card']['prep']}M","cookTime":"PT{page['card']['cook']}M"}}</script>
<script async src="/ads/adthrive.min.js"></script>
</head>
<body class="post-template-default single single-post postid-{page['rid']} single-format-standard wp-embed-responsive">
<div id="wrapper" class="site wp-site-blocks">
<a class="skip-link screen-reader-text scroll-ignore" href="#main">ข้ามไปยังเนื้อหา</a>
<header id="masthead" class="site-header" role="banner"><div class="site-header-inner-wrap"><div class="site-header-upper-wrap"><div class="site-header-row-container-inner"><div class="site-container"><div class="site-main-header-inner-wrap site-header-row">
<div class="site-branding branding-layout-standard"><a class="brand" href="/" rel="home"><img src="/wp-content/uploads/logo.png" class="custom-logo" alt="ครัวบ้านเรา"><p class="site-title">ครัวบ้านเรา</p></a><p class="site-description">สูตรอาหารไทยทำง่าย ๆ ที่บ้าน</p></div>
<nav id="site-navigation" class="main-navigation header-navigation" role="navigation" aria-label="เมนูหลัก"><div class="primary-menu-container header-menu-container"><ul id="primary-menu" class="menu">{menu}</ul></div></nav>
<div class="search-toggle-open-container"><button class="search-toggle-open drawer-toggle search-toggle-style-default" aria-label="ค้นหา">ค้นหา</button></div>
</div></div></div></div></div></header>
<div id="inner-wrap" class="wrap hfeed kt-clear">
<div class="adthrive-ad adthrive-header"><span class="ad-label">โฆษณา</span></div>
<div id="primary" class="content-area"><div class="content-container site-container"><main id="main" class="site-main" role="main"><div class="content-wrap">
<article id="post-{page['rid']}" class="entry content-bg single-entry post-{page['rid']} post type-post status-publish format-standard has-post-thumbnail">
<div class="entry-content-wrap">
<header class="entry-header post-title title-align-inherit title-tablet-align-inherit title-mobile-align-inherit">
<nav id="kadence-breadcrumbs" aria-label="เส้นทาง" class="kadence-breadcrumbs"><div class="kadence-breadcrumb-container"><span><a href="/" itemprop="url" class="kadence-bc-home"><span>หน้าแรก</span></a></span> <span class="bc-delimiter">/</span> <span><a href="/category/{page['cat'][0]}/"><span>{page['cat'][1]}</span></a></span></div></nav>
<h1 class="entry-title">{esc(page['title'])}</h1>
<div class="entry-meta entry-meta-divider-dot"><span class="posted-by"><span class="meta-label">โดย</span><span class="author vcard"><a class="url fn n" href="/author/nok/">ครูนก</a></span></span><span class="posted-on"><time class="entry-date published" datetime="{page['date']}">{page['date_text']}</time></span><span class="meta-comments"><a href="#comments">{len(page['comments'])} ความคิดเห็น</a></span></div>
</header>
<div class="wprm-recipe-snippet wprm-recipe-snippet-container"><a href="#recipe" data-recipe="{page['rid']}" class="wprm-recipe-jump wprm-recipe-link wprm-jump-to-recipe-shortcode wprm-block-text-normal wprm-recipe-jump-inline-button wprm-recipe-link-inline-button wprm-color-accent">ข้ามไปที่สูตร</a> <a href="/wprm_print/{page['rid']}" class="wprm-recipe-print wprm-recipe-link wprm-print-recipe-shortcode wprm-recipe-print-inline-button" data-recipe-id="{page['rid']}" target="_blank" rel="nofollow">พิมพ์สูตร</a></div>
<div class="entry-content single-content">
<p class="disclosure"><em>บทความนี้อาจมีลิงก์แนะนำสินค้า หากคุณซื้อผ่านลิงก์ เราอาจได้รับค่าคอมมิชชันเล็กน้อยโดยที่คุณไม่ต้องจ่ายเพิ่ม</em></p>
{intro}
{card(page)}
</div>
<footer class="entry-footer"><div class="entry-tags"><span class="tags-links"><span class="tags-label screen-reader-text">แท็ก:</span>{''.join('<a href="/tag/%s/" title="%s" class="tag-link" rel="tag"><span class="tag-hash">#</span>%s</a>' % (t, t, t) for t in page['tags'])}</span></div></footer>
</div>
</article>
<div class="entry-author entry-author-style-normal"><div class="entry-author-profile author-profile vcard"><div class="entry-author-avatar"><img src="/wp-content/uploads/nok.jpg" alt="" width="80" height="80"></div><b class="entry-author-name author-name fn"><a href="/author/nok/" class="url fn n">ครูนก</a></b><div class="entry-author-description author-bio"><p>อดีตครูคหกรรม ทำอาหารให้ครอบครัวมากว่ายี่สิบปี ชอบเก็บสูตรของแม่และยายมาปรับให้ทำได้ง่ายในครัวคอนโด</p></div></div></div>
<div class="entry-related alignfull entry-related-style-wide"><div class="entry-related-inner content-container site-container"><div class="entry-related-inner-content alignwide"><h2 class="entry-related-title">สูตรอื่นที่คุณอาจชอบ</h2><div class="entry-related-carousel">{more}</div></div></div></div>
<div id="comments" class="comments-area"><h3 class="comments-title">{len(page['comments'])} ความคิดเห็น</h3><ol class="comment-list">{comments}</ol>
<div id="respond" class="comment-respond"><h3 id="reply-title" class="comment-reply-title">แสดงความคิดเห็น</h3><form action="/wp-comments-post.php" method="post" id="commentform" class="comment-form"><p class="comment-notes">อีเมลของคุณจะไม่แสดงให้คนอื่นเห็น</p><div class="comment-form-wprm-rating"><label>ให้คะแนนสูตรนี้</label><fieldset class="wprm-comment-ratings-container"></fieldset></div><p class="comment-form-comment"><label for="comment">ความคิดเห็น</label><textarea id="comment" name="comment" cols="45" rows="8"></textarea></p><p class="form-submit"><input name="submit" type="submit" id="submit" class="submit" value="ส่งความคิดเห็น"></p></form></div></div>
</div></main>
<aside id="secondary" role="complementary" class="primary-sidebar widget-area sidebar-slug-sidebar-primary"><div class="sidebar-inner-wrap">
<section class="widget widget_block"><h2 class="widget-title">สวัสดีค่ะ ครูนกเองค่ะ</h2><p>ยินดีต้อนรับสู่ครัวบ้านเรา ที่นี่รวบรวมสูตรอาหารไทยที่ทำตามได้จริง ใช้วัตถุดิบหาง่าย และอธิบายทุกขั้นตอนอย่างละเอียด</p></section>
<div class="adthrive-ad adthrive-sidebar"><span class="ad-label">โฆษณา</span></div>
<section class="widget widget_popular"><h2 class="widget-title">สูตรยอดนิยม</h2><ul>{popular}</ul></section>
<section class="widget widget_categories"><h2 class="widget-title">หมวดหมู่</h2><ul>{cats}</ul></section>
<section class="widget widget_newsletter"><h2 class="widget-title">รับสูตรใหม่ทางอีเมล</h2><p>สูตรใหม่ทุกวันศุกร์ ฟรี ยกเลิกได้ทุกเมื่อ</p><form><input type="email" placeholder="อีเมลของคุณ"><button>สมัครรับข่าวสาร</button></form></section>
</div></aside>
</div></div>
</div>
<footer id="colophon" class="site-footer" role="contentinfo"><div class="site-footer-wrap"><div class="site-container"><div class="footer-widget-area"><ul class="footer-menu"><li><a href="/about/">เกี่ยวกับเรา</a></li><li><a href="/contact/">ติดต่อเรา</a></li><li><a href="/privacy/">นโยบายความเป็นส่วนตัว</a></li><li><a href="/ads/">ลงโฆษณากับเรา</a></li><li><a href="/all-recipes/">สูตรทั้งหมด</a></li></ul></div>
<div class="footer-html"><p>© 2024 ครัวบ้านเรา สงวนลิขสิทธิ์ สูตรและภาพทั้งหมดเป็นผลงานของเรา กรุณาขออนุญาตก่อนนำไปใช้</p></div></div></div></footer>
</div>
<div id="cookie-notice" role="dialog" class="cookie-revoke-hidden cn-position-bottom" aria-label="Cookie Notice"><div class="cookie-notice-container"><span id="cn-notice-text" class="cn-text-container">เว็บไซต์นี้ใช้คุกกี้เพื่อมอบประสบการณ์ที่ดีที่สุดและแสดงโฆษณาที่เกี่ยวข้องกับคุณ</span><span id="cn-notice-buttons" class="cn-buttons-container"><a href="#" id="cn-accept-cookie" class="cn-set-cookie cn-button">ยอมรับ</a><a href="/privacy/" class="cn-privacy-policy-link cn-link">อ่านเพิ่มเติม</a></span></div></div>
<script src="/wp-content/plugins/wp-recipe-maker/dist/public-modern.js?ver=9.1.0" id="wprm-public-js"></script>
</body>
</html>
"""


def label(page):
    return [page["title"]] + blocks_label(page["blocks"]) + card_label(page)


P = "http://site.test/kruabaanrao/"
PAGES = []


def recipe(**kw):
    c = kw["card"]
    c["ingredients"] = parse(c["ingredients"])
    c["steps"] = parse(c["steps"])
    c["notes"] = parse(c["notes"]) if c.get("notes") else []
    PAGES.append(kw)

recipe(file="tom-yum-goong.html", url=P + "tom-yum-goong-nam-sai/", rid=1201, cat=(2, "ต้มและแกง"),
       date="2024-02-10", date_text="10 กุมภาพันธ์ 2567", tags=["ต้มยำ", "กุ้ง", "อาหารไทย"],
       title="ต้มยำกุ้งน้ำใส รสจัดจ้านแบบร้านริมแม่น้ำ",
       more=[("gaeng-khiao-wan-gai", "แกงเขียวหวานไก่"), ("pad-kra-pao", "ผัดกะเพราหมูสับ"), ("som-tam-thai", "ส้มตำไทย")],
       body="""
ต้มยำกุ้งเป็นเมนูแรกที่แม่สอนให้ทำตั้งแต่เด็ก แม่บอกเสมอว่าต้มยำที่ดีต้องหอมสมุนไพรก่อนจะเผ็ด และต้องเปรี้ยวจากมะนาวสด ไม่ใช่จากน้ำส้มสายชู สูตรนี้เป็นแบบน้ำใส ไม่ใส่นมหรือน้ำพริกเผา จึงได้รสชาติสดชื่นและเห็นสีของกุ้งชัดเจน

!ad

## เลือกกุ้งอย่างไรให้อร่อย

ควรเลือกกุ้งแม่น้ำหรือกุ้งขาวตัวใหญ่ที่เปลือกใส หัวติดแน่นกับตัว ถ้าหัวกุ้งมีมันสีส้มเยอะ น้ำต้มยำจะหอมและมีสีสวยขึ้นมาก อย่าทิ้งหัวกุ้ง ให้นำไปต้มกับน้ำก่อนเพื่อทำน้ำซุป

!fig /wp-content/uploads/2024/02/tomyum-herbs.jpg | สมุนไพรต้มยำ | ข่า ตะไคร้ และใบมะกรูด สมุนไพรสามอย่างที่ขาดไม่ได้

## เคล็ดลับความหอม

ทุบตะไคร้และข่าให้แตกก่อนใส่หม้อ ส่วนใบมะกรูดให้ฉีกเอาก้านกลางออก กลิ่นจะออกมาเต็มที่ และที่สำคัญคือต้องปิดไฟก่อนบีบมะนาว เพราะถ้ามะนาวโดนความร้อนนาน ๆ จะมีรสขม

!ad
""",
       card=dict(name="ต้มยำกุ้งน้ำใส", summary="ต้มยำกุ้งรสเปรี้ยวเผ็ดหอมสมุนไพร ทำง่ายในครึ่งชั่วโมง",
                 rating="4.9", votes=128, prep=15, cook=15, serves=3, course="ต้มและแกง",
                 nutrition=[("พลังงาน", "180 กิโลแคลอรี"), ("โปรตีน", "24 กรัม"), ("โซเดียม", "1,150 มิลลิกรัม")],
                 ingredients="""
- 500 กรัม กุ้งแม่น้ำหรือกุ้งขาว
- 4 ถ้วย น้ำเปล่า
- 3 ต้น ตะไคร้ หั่นท่อนแล้วทุบ
- 1 แง่ง ข่าอ่อน หั่นแว่น
- 6 ใบ ใบมะกรูด ฉีกเอาก้านออก
- 200 กรัม เห็ดฟาง ผ่าครึ่ง
- 8 เม็ด พริกขี้หนู บุบพอแตก
- 3 ช้อนโต๊ะ น้ำปลา
- 4 ช้อนโต๊ะ น้ำมะนาว
- 1 กำมือ ผักชีฝรั่ง หั่นท่อน
""",
                 steps="""
- แกะเปลือกกุ้ง ผ่าหลังดึงเส้นดำออก เก็บหัวและเปลือกไว้
- ต้มหัวและเปลือกกุ้งกับน้ำประมาณสิบนาที แล้วกรองเอาแต่น้ำซุป
- ตั้งน้ำซุปให้เดือด ใส่ตะไคร้ ข่า และใบมะกรูด ต้มต่อสามนาทีจนหอม
- ใส่เห็ดฟางและน้ำปลา พอเดือดอีกครั้งจึงใส่กุ้ง
- เมื่อกุ้งเปลี่ยนเป็นสีส้ม ให้ปิดไฟทันที
- ใส่พริกขี้หนูและน้ำมะนาว ชิมแล้วปรุงรสเพิ่มตามชอบ โรยผักชีฝรั่งแล้วเสิร์ฟร้อน ๆ
""",
                 notes="""
ถ้าชอบแบบน้ำข้น ให้ใส่นมข้นจืดสามช้อนโต๊ะและน้ำพริกเผาหนึ่งช้อนโต๊ะหลังปิดไฟ
"""),
       comments=[("ป้าแดง", "12 กุมภาพันธ์ 2567", "ทำตามแล้วอร่อยมากค่ะ ต้มหัวกุ้งทำน้ำซุปนี่เด็ดจริง ๆ", 5),
                 ("Tom", "15 กุมภาพันธ์ 2567", "ใช้กุ้งแช่แข็งได้ไหมครับ", 0),
                 ("ครูนก", "15 กุมภาพันธ์ 2567", "ได้ค่ะ ละลายในตู้เย็นข้ามคืนก่อนนะคะ กุ้งจะไม่เหนียว", 0)])

recipe(file="pad-kra-pao.html", url=P + "pad-kra-pao-moo-sap/", rid=1188, cat=(1, "อาหารจานเดียว"),
       date="2024-01-20", date_text="20 มกราคม 2567", tags=["กะเพรา", "หมูสับ", "อาหารจานเดียว"],
       title="ผัดกะเพราหมูสับไข่ดาว เมนูคู่ครัวที่ทำได้ในสิบนาที",
       more=[("tom-yum-goong-nam-sai", "ต้มยำกุ้งน้ำใส"), ("kao-pad-pu", "ข้าวผัดปู"), ("khai-jiao", "ไข่เจียวฟู")],
       body="""
ถ้าถามคนไทยว่าคิดไม่ออกจะกินอะไร คำตอบที่ได้บ่อยที่สุดคงเป็นกะเพรา เมนูนี้ง่าย เร็ว และอร่อยเสมอ แต่กะเพราที่อร่อยจริงต้องใช้ใบกะเพราแท้ ไม่ใช่ใบโหระพา และต้องผัดด้วยไฟแรงจนมีกลิ่นหอมของกระทะ

!ad

ครูนกชอบใช้หมูสับที่มีมันติดอยู่บ้าง เพราะจะได้เนื้อที่นุ่มและชุ่มฉ่ำ ถ้าใช้หมูสันในล้วน ๆ เนื้อจะแห้ง และอย่าลืมโขลกพริกกับกระเทียมแทนการสับ กลิ่นจะหอมกว่ากันมาก
""",
       card=dict(name="ผัดกะเพราหมูสับ", summary="กะเพราหมูสับรสจัด หอมพริกกระเทียม กินกับข้าวสวยร้อน ๆ และไข่ดาวกรอบ",
                 rating="4.8", votes=342, prep=5, cook=5, serves=2, course="อาหารจานเดียว",
                 nutrition=[("พลังงาน", "520 กิโลแคลอรี"), ("โปรตีน", "28 กรัม")],
                 ingredients="""
## สำหรับผัดกะเพรา

- 250 กรัม หมูสับ
- 6 กลีบ กระเทียมไทย
- 10 เม็ด พริกขี้หนูสวน
- 1 กำมือใหญ่ ใบกะเพรา
- 1 ช้อนโต๊ะ ซอสหอยนางรม
- 1 ช้อนชา ซีอิ๊วดำ
- 1 ช้อนโต๊ะ น้ำปลา
- 1 ช้อนชา น้ำตาลทราย

## สำหรับไข่ดาว

- 2 ฟอง ไข่ไก่
- 1/2 ถ้วย น้ำมันพืช
""",
                 steps="""
- โขลกกระเทียมกับพริกพอแหลก
- ตั้งกระทะให้ร้อนจัด ใส่น้ำมันเล็กน้อย ผัดพริกกระเทียมจนหอม
- ใส่หมูสับ ผัดให้กระจายจนหมูสุก
- ปรุงรสด้วยซอสหอยนางรม ซีอิ๊วดำ น้ำปลา และน้ำตาล ผัดให้เข้ากัน
- ปิดไฟ ใส่ใบกะเพรา คลุกเร็ว ๆ ให้ใบพอสลด
- ทอดไข่ดาวในน้ำมันร้อนจัด ตักน้ำมันราดบนไข่แดงให้ขอบกรอบ เสิร์ฟคู่กับข้าวสวย
"""),
       comments=[("นุ่น", "21 มกราคม 2567", "โขลกพริกกระเทียมแทนสับ หอมกว่าจริงค่ะ", 5),
                 ("พี่เอก", "22 มกราคม 2567", "ใส่ถั่วฝักยาวได้ไหมครับ", 0)])

recipe(file="gaeng-khiao-wan-gai.html", url=P + "gaeng-khiao-wan-gai/", rid=1175, cat=(2, "ต้มและแกง"),
       date="2024-01-05", date_text="5 มกราคม 2567", tags=["แกงเขียวหวาน", "ไก่", "กะทิ"],
       title="แกงเขียวหวานไก่ กะทิแตกมันหอมเครื่องแกง",
       more=[("tom-yum-goong-nam-sai", "ต้มยำกุ้งน้ำใส"), ("panang-nua", "พะแนงเนื้อ"), ("khao-niao-mamuang", "ข้าวเหนียวมะม่วง")],
       body="""
แกงเขียวหวานเป็นแกงกะทิที่หลายบ้านทำกินในวันหยุด เพราะต้องใช้เวลาเคี่ยวหัวกะทิกับพริกแกงให้แตกมันก่อน ขั้นตอนนี้เองที่ทำให้แกงมีกลิ่นหอมและมีน้ำมันสีเขียวลอยอยู่ด้านบนสวยงาม

!ad

ถ้ามีเวลา ลองโขลกพริกแกงเองดูสักครั้ง จะได้กลิ่นสดของพริกเขียวและตะไคร้ที่พริกแกงสำเร็จรูปให้ไม่ได้ แต่ถ้ารีบ พริกแกงจากตลาดที่ร้านตำเองก็ใช้ได้ดีเช่นกัน

## ทำไมกะทิถึงไม่แตกมัน

ปัญหาที่พบบ่อยที่สุดคือกะทิไม่แตกมัน สาเหตุมักมาจากกะทิกล่องที่ผสมสารให้ความคงตัว หรือใช้ไฟแรงเกินไป ให้ใช้หัวกะทิคั้นสดถ้าหาได้ และเคี่ยวด้วยไฟกลางค่อนอ่อนจนเห็นน้ำมันแยกตัว
""",
       card=dict(name="แกงเขียวหวานไก่", summary="แกงเขียวหวานไก่รสกลมกล่อม หอมกะทิและใบโหระพา",
                 rating="4.9", votes=215, prep=20, cook=30, serves=4, course="ต้มและแกง",
                 nutrition=[("พลังงาน", "430 กิโลแคลอรี"), ("ไขมัน", "31 กรัม")],
                 ingredients="""
- 500 กรัม สะโพกไก่ หั่นชิ้นพอคำ
- 3 ช้อนโต๊ะ พริกแกงเขียวหวาน
- 1 ถ้วย หัวกะทิ
- 2 ถ้วย หางกะทิ
- 6 ลูก มะเขือเปราะ ผ่าสี่
- 1/2 ถ้วย มะเขือพวง
- 4 ใบ ใบมะกรูด
- 2 ช้อนโต๊ะ น้ำปลา
- 1 ช้อนโต๊ะ น้ำตาลปี๊บ
- 1 กำมือ ใบโหระพา
- 2 เม็ด พริกชี้ฟ้าแดง หั่นเฉียง
""",
                 steps="""
- ตั้งกระทะ ใส่หัวกะทิครึ่งถ้วย เคี่ยวด้วยไฟกลางจนเริ่มแตกมัน
- ใส่พริกแกง ผัดจนหอมและเห็นน้ำมันสีเขียวแยกออกมา
- ใส่ไก่ ผัดให้เคลือบพริกแกงจนไก่เริ่มสุก
- เทหางกะทิลงไป ใส่ใบมะกรูด ปรุงรสด้วยน้ำปลาและน้ำตาลปี๊บ
- พอเดือดใส่มะเขือเปราะและมะเขือพวง ต้มจนมะเขือสุก
- เติมหัวกะทิที่เหลือ ใส่ใบโหระพาและพริกชี้ฟ้า แล้วปิดไฟ
""",
                 notes="""
แกงเขียวหวานจะอร่อยขึ้นเมื่อทิ้งไว้ข้ามคืน อุ่นเบา ๆ ก่อนกิน อย่าให้เดือดนาน
"""),
       comments=[("Mint", "7 มกราคม 2567", "ลองเคี่ยวกะทิตามที่บอก แตกมันสวยมาก ขอบคุณค่ะ", 5)])

recipe(file="khao-niao-mamuang.html", url=P + "khao-niao-mamuang/", rid=1160, cat=(4, "ของหวาน"),
       date="2023-12-15", date_text="15 ธันวาคม 2566", tags=["ข้าวเหนียวมะม่วง", "ของหวาน", "มะม่วง"],
       title="ข้าวเหนียวมะม่วง มูนกะทิหอมใบเตย",
       more=[("lod-chong", "ลอดช่องน้ำกะทิ"), ("kluay-buat-chee", "กล้วยบวชชี"), ("cha-thai", "ชาไทยเย็น")],
       body="""
หน้าร้อนเมื่อไหร่ ตลาดจะเต็มไปด้วยมะม่วงน้ำดอกไม้สุกเหลืองหอม และเป็นเวลาที่ดีที่สุดสำหรับข้าวเหนียวมะม่วง ความยากของเมนูนี้อยู่ที่การมูนข้าวเหนียวให้เม็ดสวย นุ่ม ไม่แฉะ และซึมกะทิทั่วทุกเม็ด

ข้าวเหนียวเขี้ยวงูเป็นพันธุ์ที่เหมาะที่สุด เพราะเม็ดยาว เหนียวนุ่ม และไม่บานง่าย ควรแช่ข้าวไว้อย่างน้อยสี่ชั่วโมง หรือข้ามคืนยิ่งดี

!ad
""",
       card=dict(name="ข้าวเหนียวมูนกับมะม่วงน้ำดอกไม้", summary="ข้าวเหนียวมูนกะทิหอมใบเตย ราดหัวกะทิเค็มมัน เสิร์ฟกับมะม่วงสุก",
                 rating="5.0", votes=97, prep=240, cook=40, serves=4, course="ของหวาน",
                 nutrition=[("พลังงาน", "490 กิโลแคลอรี"), ("น้ำตาล", "32 กรัม")],
                 ingredients="""
## ข้าวเหนียวมูน

- 2 ถ้วย ข้าวเหนียวเขี้ยวงู
- 1 1/2 ถ้วย หัวกะทิ
- 1/2 ถ้วย น้ำตาลทราย
- 1 ช้อนชา เกลือ
- 3 ใบ ใบเตย

## หัวกะทิราดหน้า

- 1 ถ้วย หัวกะทิ
- 1/2 ช้อนชา เกลือ
- 1 ช้อนชา แป้งข้าวเจ้า

## สำหรับเสิร์ฟ

- 3 ลูก มะม่วงน้ำดอกไม้สุก
- 2 ช้อนโต๊ะ ถั่วเขียวซีกคั่ว
""",
                 steps="""
- แช่ข้าวเหนียวไว้อย่างน้อยสี่ชั่วโมง แล้วนึ่งพร้อมใบเตยประมาณสามสิบนาทีจนสุกใส
- ระหว่างนึ่ง อุ่นหัวกะทิกับน้ำตาลและเกลือพอละลาย อย่าให้เดือด
- เทข้าวเหนียวร้อน ๆ ลงในกะทิ คนเบา ๆ ปิดฝาพักไว้ยี่สิบนาทีให้ข้าวดูดกะทิ
- ทำหัวกะทิราดหน้า โดยเคี่ยวหัวกะทิกับเกลือและแป้งข้าวเจ้าด้วยไฟอ่อนจนข้นเล็กน้อย
- ปอกมะม่วง หั่นชิ้นพอคำ จัดใส่จานคู่กับข้าวเหนียว ราดหัวกะทิ โรยถั่วเขียวคั่ว
"""),
       comments=[("พลอย", "16 ธันวาคม 2566", "ข้าวเหนียวมูนออกมาเม็ดสวยมาก ครั้งแรกที่ทำสำเร็จค่ะ", 5),
                 ("คุณยายสมศรี", "18 ธันวาคม 2566", "ใส่กะทิตอนข้าวยังร้อนจัดคือหัวใจเลย ถูกต้องค่ะ", 5),
                 ("Jane", "20 ธันวาคม 2566", "ใช้มะม่วงอกร่องได้ไหมคะ", 0)])

recipe(file="som-tam-thai.html", url=P + "som-tam-thai/", rid=1142, cat=(3, "ยำและส้มตำ"),
       date="2023-11-28", date_text="28 พฤศจิกายน 2566", tags=["ส้มตำ", "มะละกอ", "อาหารอีสาน"],
       title="ส้มตำไทยใส่ถั่ว รสหวานเปรี้ยวเค็มกลมกล่อม",
       more=[("som-tam-poo-pla-ra", "ส้มตำปูปลาร้า"), ("gai-yang", "ไก่ย่างวิเชียรบุรี"), ("larb-moo", "ลาบหมู")],
       body="""
ส้มตำไทยต่างจากส้มตำปูปลาร้าตรงที่ไม่ใส่ปลาร้า แต่ใส่กุ้งแห้งและถั่วลิสงคั่ว รสชาติจึงออกหวานนำ เปรี้ยว และเค็มตามมา เหมาะกับคนที่เพิ่งเริ่มกินส้มตำหรือไม่ชอบกลิ่นปลาร้า

!ad

เคล็ดลับอยู่ที่การตำ ไม่ต้องตำแรง ให้ใช้สากตำเบา ๆ สลับกับใช้ช้อนพลิกเส้นมะละกอ ให้น้ำปรุงซึมเข้าเส้นแต่เส้นยังกรอบ
""",
       card=dict(name="ส้มตำไทย", summary="ส้มตำไทยใส่ถั่วลิสงและกุ้งแห้ง เส้นกรอบ รสกลมกล่อม",
                 rating="4.7", votes=188, prep=15, cook=0, serves=2, course="ยำและส้มตำ",
                 nutrition=[("พลังงาน", "210 กิโลแคลอรี")],
                 ingredients="""
- 2 ถ้วย มะละกอดิบสับเป็นเส้น
- 2 กลีบ กระเทียม
- 3 เม็ด พริกขี้หนู
- 1 ฝัก ถั่วฝักยาว หั่นท่อน
- 5 ลูก มะเขือเทศสีดา ผ่าครึ่ง
- 2 ช้อนโต๊ะ กุ้งแห้ง
- 2 ช้อนโต๊ะ ถั่วลิสงคั่ว
- 2 ช้อนโต๊ะ น้ำตาลปี๊บ
- 2 ช้อนโต๊ะ น้ำปลา
- 2 ช้อนโต๊ะ น้ำมะนาว
""",
                 steps="""
- โขลกกระเทียมกับพริกพอแตก
- ใส่น้ำตาลปี๊บ โขลกให้ละลายเข้ากัน
- ใส่ถั่วฝักยาวและกุ้งแห้ง ตำเบา ๆ
- ใส่มะละกอ มะเขือเทศ น้ำปลา และน้ำมะนาว ตำพลางพลิกด้วยช้อนจนเข้ากัน
- ชิมรส ใส่ถั่วลิสงคั่ว คลุกอีกครั้งแล้วตักใส่จาน เสิร์ฟกับผักสดและข้าวเหนียว
"""),
       comments=[("เบียร์", "30 พฤศจิกายน 2566", "ตำเบา ๆ แล้วพลิก เส้นกรอบจริงครับ", 4)])
