"""A Hebrew government services portal: accessibility menu, language switcher, main
navigation, search, breadcrumbs, the service page in <main>, a contact box and related
services beside it, a "was this helpful?" widget, share links and a footer of links.
Right to left, with form numbers, web addresses and English terms embedded."""
from gen import Renderer, esc, label as blocks_label

NAME = "gov-he"
TEMPLATE = "gov"
LANG = "he"

NAV = ["שירותים", "מידע ומדריכים", "משרדים ויחידות", "טפסים", "חקיקה ונהלים", "מכרזים", "צור קשר"]
LANGS = [("he", "עברית"), ("ar", "العربية"), ("en", "English"), ("ru", "Русский"), ("am", "አማርኛ"), ("fr", "Français")]
FOOT = [
    ("שירותים פופולריים", ["חידוש דרכון", "תשלום אגרות", "קביעת תור", "שינוי כתובת", "אישור תושבות", "רישום לידה", "הנפקת תעודת זהות"]),
    ("מידע שימושי", ["זכויות עובדים", "הטבות לאזרחים ותיקים", "סיוע לעסקים קטנים", "שירותים לנכים", "מדריך לעולים חדשים"]),
    ("האתר", ["אודות האתר", "הצהרת נגישות", "מדיניות פרטיות", "תנאי שימוש", "מפת האתר", "שאלות נפוצות", "דיווח על תקלה באתר"]),
    ("צור קשר", ["מוקד שירות 1299", "פניות הציבור", "שליחת משוב", "לשכות קבלת קהל"]),
]


class R(Renderer):
    def table(self, rows):
        head = "".join('<th scope="col">%s</th>' % self.il(c) for c in rows[0])
        body = "".join("<tr>%s</tr>" % "".join("<td>%s</td>" % self.il(c) for c in r) for r in rows[1:])
        return '<div class="table-wrapper" tabindex="0"><table class="gov-table"><thead><tr>%s</tr></thead><tbody>%s</tbody></table></div>' % (head, body)

    def d_note(self, kind, title, text):
        return '<div class="gov-alert gov-alert--%s" role="note"><strong class="gov-alert__title">%s</strong><p>%s</p></div>' % (kind, self.il(title), self.il(text))


def render(page):
    r = R()
    body = r.blocks(page["blocks"])
    nav = "".join('<li class="main-nav__item"><a class="main-nav__link" href="/he/%d">%s</a></li>' % (i, n) for i, n in enumerate(NAV))
    langs = "".join('<li><a href="/%s/" lang="%s"%s>%s</a></li>' % (c, c, ' aria-current="true"' if c == "he" else "", n) for c, n in LANGS)
    foot = "".join('<div class="footer__col"><h2 class="footer__title">%s</h2><ul>%s</ul></div>' % (t, "".join('<li><a href="/he/f/%d/%d">%s</a></li>' % (i, j, l) for j, l in enumerate(ls))) for i, (t, ls) in enumerate(FOOT))
    related = "".join('<li><a href="/he/service/%d">%s</a></li>' % (i, t) for i, t in enumerate(page["related"]))
    contact = page["contact"]
    return f"""<!DOCTYPE html>
<html lang="he" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{esc(page['title'])} | פורטל השירותים הממשלתי</title>
<meta name="description" content="{esc(page['description'])}">
<link rel="canonical" href="{page['url']}">
<link rel="alternate" hreflang="ar" href="{page['url'].replace('/he/', '/ar/')}">
<link rel="alternate" hreflang="en" href="{page['url'].replace('/he/', '/en/')}">
<link rel="stylesheet" href="/assets/gov-design-system/2.8/gov.min.css">
</head>
<body class="gov-body">
<a class="skip-link" href="#main-content">דלג לתוכן העיקרי</a>
<div class="accessibility-bar" role="region" aria-label="תפריט נגישות"><button class="a11y-toggle" aria-expanded="false">נגישות</button>
<ul class="a11y-menu" hidden><li><button>הגדלת טקסט</button></li><li><button>הקטנת טקסט</button></li><li><button>ניגודיות גבוהה</button></li><li><button>הדגשת קישורים</button></li><li><button>גופן קריא</button></li><li><a href="/he/accessibility">הצהרת נגישות</a></li></ul></div>
<header class="gov-header" role="banner">
<div class="gov-header__top"><a class="gov-header__logo" href="/he/"><img src="/assets/img/emblem.svg" alt="סמל המדינה"><span class="gov-header__name">פורטל השירותים הממשלתי</span></a>
<nav class="lang-switcher" aria-label="בחירת שפה"><ul>{langs}</ul></nav>
<form class="gov-search" role="search" action="/he/search"><label for="q" class="sr-only">חיפוש באתר</label><input id="q" name="q" type="search" placeholder="מה תרצו לחפש?"><button type="submit">חיפוש</button></form>
<a class="gov-header__login" href="/he/login">כניסה לאזור האישי</a></div>
<nav class="main-nav" aria-label="ניווט ראשי"><ul>{nav}</ul></nav>
</header>
<div class="gov-alert-bar" role="status"><p>שימו לב: בשל עבודות תחזוקה, חלק מהשירותים המקוונים לא יהיו זמינים ביום שישי בין השעות 22:00 ל-02:00.</p></div>
<div class="container">
<nav class="breadcrumbs" aria-label="פירורי לחם"><ol><li><a href="/he/">דף הבית</a></li><li><a href="/he/{page['crumb'][0]}">{page['crumb'][1]}</a></li><li aria-current="page">{esc(page['title'])}</li></ol></nav>
<main id="main-content" class="gov-main">
<div class="row">
<article class="col-lg-8 service-page">
<header class="service-page__header"><h1 class="service-page__title">{esc(page['title'])}</h1>
<p class="service-page__meta"><span class="office">{page['office']}</span> · <span class="updated">עודכן לאחרונה: {page['updated']}</span></p>
{('<a class="btn btn-primary service-page__cta" href="/he/online/%s">%s</a>' % (page['file'][:-5], page['cta'])) if page.get('cta') else ''}
</header>
<div class="service-page__body rich-text">
{body}
</div>
<div class="page-feedback" role="form" aria-label="משוב על הדף"><p class="page-feedback__question">האם המידע בדף זה עזר לך?</p><button class="page-feedback__btn">כן</button><button class="page-feedback__btn">לא</button><p class="page-feedback__note">המשוב שלך עוזר לנו לשפר את האתר. אין לכתוב כאן פרטים אישיים.</p></div>
<div class="share-links"><span>שיתוף:</span> <a href="#">וואטסאפ</a> <a href="#">פייסבוק</a> <a href="#">דוא"ל</a> <button>העתקת קישור</button> <button onclick="window.print()">הדפסה</button></div>
</article>
<aside class="col-lg-4 service-aside">
<section class="contact-box"><h2 class="contact-box__title">פרטי התקשרות</h2><p class="contact-box__unit">{contact[0]}</p><ul><li>טלפון: <a href="tel:{contact[1]}" dir="ltr">{contact[1]}</a></li><li>שעות מענה: {contact[2]}</li><li>דוא"ל: <a href="mailto:{contact[3]}" dir="ltr">{contact[3]}</a></li></ul></section>
<section class="related-services"><h2 class="related-services__title">שירותים קשורים</h2><ul>{related}</ul></section>
<section class="app-promo"><h2>האפליקציה הממשלתית</h2><p>קביעת תורים, תשלומים ומעקב אחר בקשות — הכול מהטלפון.</p><a href="/he/app">להורדת האפליקציה</a></section>
</aside>
</div>
</main>
</div>
<footer class="gov-footer" role="contentinfo"><div class="container"><div class="footer__cols">{foot}</div>
<div class="footer__bottom"><p>© כל הזכויות שמורות למדינה. התוכן באתר נועד למידע כללי בלבד ואינו מחליף ייעוץ משפטי. במקרה של סתירה, הוראות הדין הן הקובעות.</p><p>האתר עומד בתקן הנגישות הישראלי (ת"י 5568) ברמה AA.</p></div></div></footer>
<script src="/assets/gov-design-system/2.8/gov.min.js" defer></script>
</body>
</html>
"""


def label(page):
    return [page["title"]] + blocks_label(page["blocks"])


P = "http://site.test/he/"
PAGES = []

PAGES.append(dict(
    file="passport-renewal.html", url=P + "service/passport-renewal",
    title="חידוש דרכון למבוגרים", description="כך מחדשים דרכון ביומטרי לאזרחים מגיל 18 ומעלה: תנאים, אגרה ומסמכים נדרשים.",
    crumb=("services/travel", "נסיעות לחו\"ל"), office="רשות האוכלוסין", updated="3 במרץ 2024", cta="לחידוש דרכון באופן מקוון",
    contact=("מוקד רשות האוכלוסין", "*3450", "א'–ה' 08:00–17:00", "info@population.gov.example.il"),
    related=["קביעת תור ללשכה", "הנפקת תעודת זהות חכמה", "דרכון לקטינים", "מעקב אחר סטטוס בקשה", "תשלום אגרות"],
    body="""
אזרחים מגיל 18 ומעלה שיש בידיהם תעודת זהות חכמה יכולים לחדש דרכון ביומטרי באופן מקוון, בלי להגיע ללשכה. הדרכון החדש נשלח בדואר רשום לכתובת הרשומה במרשם האוכלוסין, בדרך כלל בתוך 14 ימי עבודה.

## מי יכול לחדש באופן מקוון?

- אזרחים בני 18 ומעלה
- שיש בידיהם תעודת זהות חכמה בתוקף
- שהדרכון הקודם שלהם ביומטרי ולא אבד או נגנב
- ששמם ותמונתם לא השתנו מאז הנפקת הדרכון הקודם

מי שאינו עומד באחד התנאים צריך לקבוע תור ולהגיע ללשכה באופן אישי.

## איך מחדשים?

1. נכנסים לשירות המקוון ומזדהים באמצעות תעודת הזהות החכמה וקוד SMS שנשלח לטלפון.
2. ממלאים את טופס הבקשה (טופס 2001) ומאשרים את הפרטים האישיים.
3. משלמים את האגרה בכרטיס אשראי, ב-Apple Pay או ב-Google Pay.
4. שומרים את מספר הבקשה שמופיע בסוף התהליך, לצורך מעקב.

## אגרות

| סוג הדרכון | תוקף | אגרה |
|---|---|---|
| דרכון ביומטרי רגיל | 10 שנים | 280 ₪ |
| דרכון ביומטרי למי שגילו 65 ומעלה | 10 שנים | 140 ₪ |
| דרכון דחוף (בתוך 3 ימי עבודה) | 10 שנים | 420 ₪ |

!note warning | חשוב לדעת | הדרכון הקודם מבוטל מיד עם הגשת הבקשה. אם אתם עומדים לטוס בשבועות הקרובים, בדקו את מועד המסירה לפני שאתם מגישים.

אפשר לעקוב אחר מצב הבקשה באתר www.gov.example.il/status או באפליקציה הממשלתית. קובץ הנחיות מלא להורדה זמין גם בפורמט PDF.
""",
))

PAGES.append(dict(
    file="report-hazard.html", url=P + "service/report-environmental-hazard",
    title="דיווח על מפגע סביבתי", description="דיווח על פסולת, ריח, רעש או זיהום מים ישירות למוקד הסביבתי.",
    crumb=("services/environment", "סביבה"), office="המשרד להגנת הסביבה", updated="18 בינואר 2024", cta="לדיווח מקוון",
    contact=("המוקד הסביבתי", "*6911", "24 שעות ביממה", "moked@environment.gov.example.il"),
    related=["בדיקת איכות האוויר בזמן אמת", "פינוי פסולת בניין", "רישיון עסק: דרישות סביבתיות"],
    body="""
נתקלתם בערימת פסולת בשטח פתוח, בריח חריף מאזור תעשייה או בזיהום של נחל? אפשר לדווח למוקד הסביבתי בכל שעה, בטלפון או באופן מקוון.

## מה כדאי לצרף לדיווח?

- המיקום המדויק, או נקודה על המפה בטופס המקוון
- תמונה או סרטון קצר, אם אפשר לצלם בבטחה
- מועד התחלת המפגע ומשך הזמן שבו הוא נמשך

דיווח עם תמונה ומיקום מדויק מטופל מהר יותר, כי הפקח יכול להגיע ישירות למקום.

## מה קורה אחרי הדיווח?

הדיווח מועבר לפקח האזורי, שבודק אותו בדרך כלל בתוך שלושה ימי עבודה. במפגעים מסוכנים, כמו דליפת חומר כימי, מגיע צוות חירום בתוך שעות. בסיום הטיפול תקבלו הודעה ב-SMS או בדואר אלקטרוני, לפי הבחירה שלכם.

## מתי להתקשר ומתי לדווח באתר?

במקרה של סכנה מיידית, כמו עשן סמיך, ריח חזק של גז או דליפה לנחל, התקשרו למוקד בטלפון ואל תסתפקו בטופס המקוון. במפגעים מתמשכים, כמו פסולת שהושלכה בשטח פתוח או רעש חוזר מאתר בנייה, הטופס המקוון נוח יותר, כי אפשר לצרף אליו תמונות ולעקוב אחר הטיפול.

אפשר גם לדווח באופן אנונימי, אך אז לא נוכל לעדכן אתכם על הטיפול.
""",
))

PAGES.append(dict(
    file="small-business-grant.html", url=P + "service/small-business-digital-grant",
    title="מענק להטמעת כלים דיגיטליים בעסקים קטנים", description="מענק של עד 50% מעלות הטמעת מערכות דיגיטליות לעסקים קטנים.",
    crumb=("services/business", "עסקים"), office="הסוכנות לעסקים קטנים ובינוניים", updated="25 בפברואר 2024", cta="להגשת בקשה למענק",
    contact=("מוקד הסוכנות לעסקים קטנים", "*2400", "א'–ה' 08:30–16:00", "grants@sba.gov.example.il"),
    related=["הלוואות בערבות מדינה", "ליווי עסקי מסובסד", "הכשרות לבעלי עסקים", "מענק לעסקים בפריפריה"],
    body="""
הסוכנות לעסקים קטנים ובינוניים מעניקה מענק לעסקים שרוצים להטמיע כלים דיגיטליים, כמו מערכת לניהול לקוחות, אתר מכירות או תוכנת הנהלת חשבונות בענן. המענק מכסה עד מחצית מעלות ההטמעה, ולא יותר מ-40,000 ₪ לעסק.

## מי זכאי?

- עסקים שפעלו שנה אחת לפחות לפני הגשת הבקשה
- עסקים שמחזור המכירות השנתי שלהם נמוך מ-20 מיליון ₪
- עסקים שמעסיקים עד 100 עובדים
  - עוסק מורשה שאין לו עובדים זכאי גם הוא
  - עסק משפחתי שבו מועסקים בני משפחה נחשב לפי מספר העובדים בתלוש

## אילו הוצאות מוכרות?

- רכישת תוכנה או מנוי לשירות ענן לתקופה של עד שנתיים
- התאמה והטמעה של המערכת על ידי ספק חיצוני
- הדרכת העובדים על המערכת החדשה
  - עד 20 שעות הדרכה
  - ההדרכה צריכה להתקיים בתוך שישה חודשים מאישור המענק

הוצאות על ציוד מחשוב, כמו מחשבים ומדפסות, אינן מוכרות במסגרת המענק.

## איך מגישים?

מגישים בקשה מקוונת ומצרפים הצעת מחיר מספק, אישור על ניהול ספרים ודוח מע"מ אחרון. התשובה נשלחת בתוך 45 יום. לאחר ביצוע הפרויקט מעבירים חשבוניות, והמענק מועבר לחשבון הבנק של העסק.
""",
))

PAGES.append(dict(
    file="holiday-hours.html", url=P + "news/offices-holiday-hours-passover",
    title="שעות הפעילות של לשכות השירות בחג הפסח", description="שעות קבלת הקהל בלשכות ובמוקדים הטלפוניים בחג הפסח.",
    crumb=("news", "הודעות ועדכונים"), office="מטה השירות הממשלתי", updated="10 במרץ 2024",
    contact=("מוקד המידע הממשלתי", "1299", "א'–ה' 08:00–19:00", "info@gov.example.il"),
    related=["קביעת תור ללשכה", "שירותים מקוונים זמינים 24/7"],
    body="""
לקראת חג הפסח ישתנו שעות קבלת הקהל בלשכות השירות ובמוקדים הטלפוניים. השירותים המקוונים באתר ובאפליקציה ימשיכו לפעול כרגיל.

| תאריך | לשכות קבלת קהל | מוקדים טלפוניים |
|---|---|---|
| ערב החג | 08:00–12:00 | 08:00–13:00 |
| החג | סגור | סגור |
| חול המועד | 08:00–13:00 | 08:00–16:00 |
| שביעי של פסח | סגור | סגור |

תורים שנקבעו מראש לימים שבהם הלשכות סגורות יועברו למועד חדש, והודעה על כך תישלח ב-SMS.

מי שזקוק לשירות דחוף בימים שבהם הלשכות סגורות, למשל הנפקת מסמך נסיעה בעקבות אירוע חירום, יכול לפנות למוקד החירום הארצי, שיפעל כרגיל לאורך כל ימי החג. מומלץ לבדוק לפני ההגעה ללשכה אם השירות המבוקש זמין גם באופן מקוון, וכך לחסוך את ההמתנה בתור.
""",
))

PAGES.append(dict(
    file="annual-leave.html", url=P + "guide/employee-annual-leave",
    title="זכויות עובדים: חופשה שנתית", description="כמה ימי חופשה מגיעים לעובד, איך צוברים אותם ומה קורה בסיום העבודה.",
    crumb=("guides/employment", "עבודה ותעסוקה"), office="משרד העבודה", updated="1 בפברואר 2024",
    contact=("מוקד זכויות עובדים", "*5120", "א'–ה' 08:00–16:00", "rights@labor.gov.example.il"),
    related=["דמי הבראה", "ימי מחלה", "פיצויי פיטורים", "חישוב שכר מינימום", "הגשת תלונה על הפרת זכויות"],
    body="""
כל עובד זכאי לחופשה שנתית בתשלום. מספר הימים תלוי בוותק אצל אותו מעסיק ובמספר ימי העבודה בשבוע. ימי החופשה הם זכות של העובד, והמעסיק אינו רשאי לוותר עליהם במקומו, גם לא בהסכמה.

## כמה ימים מגיעים?

הטבלה מפרטת את מספר ימי החופשה לעובד במשרה מלאה שעובד חמישה ימים בשבוע:

| ותק אצל המעסיק | ימי חופשה בשנה |
|---|---|
| שנה 1–5 | 12 |
| שנה 6 | 14 |
| שנה 7 | 15 |
| שנה 8 ואילך | 16 ועוד יום לכל שנה, עד 20 |

עובד במשרה חלקית זכאי לימי חופשה באופן יחסי להיקף המשרה שלו.

## צבירה ומימוש

העובד יכול לצבור ימי חופשה, אך החוק מחייב אותו לנצל לפחות שבעה ימים בכל שנה. את מועד החופשה קובע המעסיק, אחרי התייעצות עם העובד ובהתחשב בצרכיו.

!note info | בסיום העבודה | עובד שסיים את עבודתו ולא ניצל את כל ימי החופשה שצבר זכאי לפדיון שלהם בכסף, לפי השכר האחרון שלו.

לחישוב אישי של ימי החופשה אפשר להשתמש במחשבון הזכויות באתר, או להתקשר למוקד זכויות העובדים.
""",
))
