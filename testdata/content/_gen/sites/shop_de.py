"""A German web shop's product pages, Shopware-like div soup: service bar, header with
search and cart, category mega-menu, breadcrumbs, gallery, buy box (price, variants,
delivery time), tabs for description, technical data and reviews, cross-selling
sliders, recently viewed, newsletter, a footer that is a link farm (categories, brands,
legal pages) and a consent layer. The article is the product's name, its description,
highlights and technical data; price, reviews and recommendations are not."""
from gen import Renderer, esc, label as blocks_label

NAME = "shop-de"
TEMPLATE = "product"
LANG = "de"

CATS = [
    ("Werkzeug", ["Akku-Werkzeug", "Bohrmaschinen", "Schleifer", "Sägen", "Handwerkzeug", "Messwerkzeug", "Zubehör & Bits", "Werkstatteinrichtung"]),
    ("Küche & Haushalt", ["Wasserkocher", "Kaffeemaschinen", "Kaffeemühlen", "Toaster", "Küchenwaagen", "Töpfe & Pfannen", "Aufbewahrung"]),
    ("Outdoor", ["Rucksäcke", "Zelte", "Schlafsäcke", "Stirnlampen", "Kocher & Geschirr", "Trinkflaschen", "Navigation"]),
    ("Garten", ["Bewässerung", "Gartengeräte", "Rasenmäher", "Pflanzgefäße", "Gewächshäuser"]),
    ("Fahrrad", ["Helme", "Beleuchtung", "Schlösser", "Taschen", "Werkzeug & Pflege"]),
    ("Sale", ["Restposten", "B-Ware", "Angebote der Woche"]),
]

BRANDS = ["Adler", "Bergwerk", "Brennholz & Co.", "Donauwerk", "Eiche", "Feldmark", "Fjellgang", "Grauwacke", "Hansewerk", "Heimkraft",
          "Isarblau", "Kaltenberg", "Kesselhaus", "Klarform", "Lindwurm", "Moorland", "Nordlicht", "Ostwind", "Pfalzstahl", "Quellgrund",
          "Rheinkraft", "Sägewerk Nord", "Schwarzwaldtal", "Seeblick", "Spreewerk", "Steinbock", "Talsperre", "Ulmenhof", "Weserlicht", "Zugspitz"]

FOOTER = [
    ("Service & Hilfe", ["Hilfe-Center", "Versand & Lieferung", "Zahlungsarten", "Rücksendung & Umtausch", "Garantie & Reparatur", "Kontakt", "Bestellstatus", "Geschenkgutscheine", "Ersatzteile bestellen", "Entsorgung von Altgeräten"]),
    ("Über uns", ["Unternehmen", "Karriere", "Presse", "Nachhaltigkeit", "Filialen", "Affiliate-Programm", "Händler werden"]),
    ("Rechtliches", ["Impressum", "AGB", "Datenschutz", "Widerrufsrecht", "Cookie-Einstellungen", "Barrierefreiheit", "Batteriegesetz", "Produktsicherheit"]),
    ("Beliebte Kategorien", ["Akku-Bohrschrauber", "Wasserkocher Edelstahl", "Wanderrucksack 45 Liter", "Handkaffeemühle", "Stirnlampe wiederaufladbar", "Gartenschlauch", "Werkzeugkoffer", "Campingkocher", "Fahrradhelm Damen", "Küchenwaage digital", "Schleifpapier", "Zelt 2 Personen"]),
]

TOPBAR = ["Kostenloser Versand ab 50 € Bestellwert", "30 Tage Rückgaberecht", "Kauf auf Rechnung", "Beratung: 0800 123 45 67 (Mo–Sa 8–20 Uhr)"]


class R(Renderer):
    def table(self, rows):
        body = "".join('<tr class="properties-row"><th class="properties-label">%s</th><td class="properties-value">%s</td></tr>' % (self.il(r[0]), self.il(r[1])) for r in rows)
        return '<div class="product-detail-properties"><table class="table table-striped product-detail-properties-table"><tbody>%s</tbody></table></div>' % body

    def h(self, level, text):
        return '<div class="h%d product-detail-section-title">%s</div>' % (level + 1, self.il(text))

    def list(self, node, depth=0):
        items = "".join('<li class="product-highlight">%s</li>' % self.il(it["text"]) for it in node["children"])
        return '<ul class="product-highlights">%s</ul>' % items


def label(page):
    # the specs table has no header row: every row is a label and a value
    return [page["title"]] + blocks_label(page["blocks"])


def stars(n):
    return '<div class="product-review-rating">%s<span class="sr-only">%s von 5 Sternen</span></div>' % ("".join('<span class="point-container"><span class="point-rating point-full"></span></span>' for _ in range(int(n))), str(n).replace(".", ","))


def render(page):
    r = R()
    # split the blocks at the specs table: description and highlights go in the first tab, data in the second
    desc, specs, after = [], [], False
    for b in page["blocks"]:
        if b[0] == "h" and b[2].startswith("Technische Daten"):
            after = True
        (specs if after else desc).append(b)
    desc_html = r.blocks(desc)
    specs_html = r.blocks(specs)
    menu = "".join('<li class="main-navigation-link-item"><a class="main-navigation-link" href="/kategorie/%d" title="%s"><span itemprop="name">%s</span></a><div class="navigation-flyout"><div class="navigation-flyout-categories"><ul>%s</ul></div><div class="navigation-flyout-teaser"><a href="/kategorie/%d/neu">Neuheiten in %s</a></div></div></li>'
                   % (i, esc(c), esc(c), "".join('<li><a class="navigation-flyout-link" href="/kategorie/%d/%d">%s</a></li>' % (i, j, esc(s)) for j, s in enumerate(subs)), i, esc(c)) for i, (c, subs) in enumerate(CATS))
    foot = "".join('<div class="footer-column col-md-3"><div class="footer-column-headline">%s</div><ul class="footer-column-content list-unstyled">%s</ul></div>'
                   % (esc(t), "".join('<li class="footer-link-item"><a class="footer-link" href="/service/%d/%d">%s</a></li>' % (i, j, esc(l)) for j, l in enumerate(ls))) for i, (t, ls) in enumerate(FOOTER))
    brands = " ".join('<a class="brand-link" href="/marken/%d">%s</a>' % (i, esc(b)) for i, b in enumerate(BRANDS))
    top = "".join('<li class="top-bar-usp-item"><span class="icon icon-checkmark"></span>%s</li>' % t for t in TOPBAR)
    thumbs = "".join('<div class="gallery-slider-thumbnails-item"><img src="/media/%s/%d_thumb.jpg" alt="%s – Ansicht %d" class="gallery-slider-thumbnails-image"></div>' % (page["sku"], k, esc(page["title"]), k + 1) for k in range(5))
    variants = "".join('<label class="product-detail-configurator-option-label"><input type="radio" name="variant" %s>%s</label>' % ("checked" if k == 0 else "", esc(v)) for k, v in enumerate(page["variants"]))
    reviews = "".join(f"""<div class="product-detail-review-item"><div class="product-detail-review-item-info">{stars(s)}<div class="product-detail-review-item-date"><small>{d}</small></div></div>
<p class="product-detail-review-item-title h5">{esc(t)}</p><p class="product-detail-review-item-content">{esc(x)}</p><div class="product-detail-review-item-points"><small>{w} · Verifizierter Kauf · {h} Personen fanden das hilfreich</small></div></div>""" for s, d, t, x, w, h in page["reviews"])
    cross = "".join(f"""<div class="product-slider-item"><div class="card product-box box-standard"><div class="card-body"><div class="product-image-wrapper"><a href="/p/{k}" class="product-image-link" title="{esc(n)}"><img src="/media/x/{k}.jpg" alt="{esc(n)}" class="product-image is-standard"></a></div>
<div class="product-info"><a href="/p/{k}" class="product-name" title="{esc(n)}">{esc(n)}</a><div class="product-price-info"><span class="product-price">{p}&nbsp;€*</span></div><div class="product-action"><button class="btn btn-block btn-buy" title="In den Warenkorb">In den Warenkorb</button></div></div></div></div></div>""" for k, (n, p) in enumerate(page["cross"]))
    seen = "".join('<li><a href="/p/s%d">%s</a></li>' % (k, esc(n)) for k, n in enumerate(page["seen"]))
    rating = sum(x[0] for x in page["reviews"]) / len(page["reviews"])
    return f"""<!DOCTYPE html>
<html lang="de-DE" itemscope="itemscope" itemtype="https://schema.org/WebPage">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, shrink-to-fit=no">
<meta name="robots" content="index,follow">
<title itemprop="name">{esc(page['title'])} online kaufen | Werkhaus Versand</title>
<meta name="description" content="{esc(page['meta'])}">
<meta property="og:type" content="product">
<meta property="og:title" content="{esc(page['title'])}">
<meta property="product:price:amount" content="{page['price'].replace(',', '.')}">
<meta property="product:price:currency" content="EUR">
<link rel="canonical" href="{page['url']}">
<link rel="stylesheet" href="/theme/7f3c2a/css/all.css">
<script type="application/ld+json">{{"@context":"https://schema.org","@type":"Product","name":"{esc(page['title'])}","sku":"{page['sku']}","offers":{{"@type":"Offer","price":"{page['price'].replace(',', '.')}","priceCurrency":"EUR","availability":"https://schema.org/InStock"}},"aggregateRating":{{"@type":"AggregateRating","ratingValue":"{rating:.1f}","reviewCount":"{len(page['reviews'])}"}}}}</script>
<script>window.dataLayer = window.dataLayer || []; dataLayer.push({{"event":"view_item","ecommerce":{{"items":[{{"item_id":"{page['sku']}","price":{page['price'].replace(',', '.')}}}]}}}});</script>
</head>
<body class="is-ctl-product is-act-index">
<div class="skip-to-content bg-primary-subtle text-primary-emphasis visually-hidden-focusable overflow-hidden"><div class="container d-flex justify-content-center"><a href="#content-main" class="skip-to-content-link d-inline-flex text-decoration-underline m-1 p-2 fw-bold gap-2">Zum Hauptinhalt springen</a></div></div>
<noscript class="noscript-main"><div role="alert" class="alert alert-info alert-has-icon">Um unseren Shop in vollem Umfang nutzen zu können, empfehlen wir Ihnen Javascript in Ihrem Browser zu aktivieren.</div></noscript>
<header class="header-main"><div class="container">
<div class="top-bar d-none d-lg-block"><nav class="top-bar-nav"><ul class="top-bar-usps">{top}</ul><div class="top-bar-nav-item top-bar-language"><button class="btn dropdown-toggle top-bar-nav-btn">Deutsch</button></div><div class="top-bar-nav-item top-bar-currency"><button class="btn dropdown-toggle top-bar-nav-btn">€ EUR</button></div></nav></div>
<div class="row align-items-center header-row"><div class="col-12 col-lg-auto header-logo-col"><div class="header-logo-main"><a class="header-logo-main-link" href="/" title="Zur Startseite gehen"><picture class="header-logo-picture"><img src="/media/logo/werkhaus.svg" alt="Werkhaus Versand" class="img-fluid header-logo-main-img"></picture></a></div></div>
<div class="col-12 order-2 col-sm order-sm-1 header-search-col"><div class="collapse" id="searchCollapse"><div class="header-search"><form action="/search" method="get" class="header-search-form"><div class="input-group"><input type="search" name="search" class="form-control header-search-input" autocomplete="off" aria-label="Suchbegriff eingeben …" placeholder="Suchbegriff eingeben …" value=""><button type="submit" class="btn header-search-btn" aria-label="Suchen"><span class="header-search-icon"><span class="icon icon-search"></span></span></button></div></form></div></div></div>
<div class="col-12 order-1 col-sm-auto order-sm-2 header-actions-col"><div class="row g-0"><div class="col-auto"><div class="header-wishlist"><a class="btn header-wishlist-btn header-actions-btn" href="/wishlist" title="Merkzettel" aria-label="Merkzettel"><span class="header-wishlist-icon"><span class="icon icon-heart"></span></span><span class="badge bg-primary header-wishlist-badge" id="wishlist-basket">0</span></a></div></div>
<div class="col-auto"><div class="account-menu"><div class="dropdown"><button class="btn account-menu-btn header-actions-btn" type="button" id="accountWidget" aria-label="Ihr Konto" title="Ihr Konto"><span class="icon icon-avatar"></span></button><div class="dropdown-menu dropdown-menu-end account-menu-dropdown js-account-menu-dropdown" aria-labelledby="accountWidget"><div class="offcanvas-body"><div class="account-menu"><div class="dropdown-header account-menu-header">Ihr Konto</div><div class="account-menu-login"><a href="/account/login" title="Anmelden" class="btn btn-primary account-menu-login-button">Anmelden</a><div class="account-menu-register">oder <a href="/account/login" title="Registrieren">registrieren</a></div></div></div></div></div></div></div></div>
<div class="col-auto"><div class="header-cart"><a class="btn header-cart-btn header-actions-btn" href="/checkout/cart" data-cart-widget="true" title="Warenkorb" aria-label="Warenkorb"><span class="header-cart-icon"><span class="icon icon-bag"></span></span><span class="header-cart-total">0,00&nbsp;€*</span></a></div></div></div></div></div></div>
<div class="nav-main"><div class="main-navigation" id="mainNavigation"><div class="container"><nav class="nav main-navigation-menu" itemscope="itemscope" itemtype="https://schema.org/SiteNavigationElement"><ul class="main-navigation-list"><li class="main-navigation-link-item"><a class="main-navigation-link nav-link home-link" href="/" itemprop="url" title="Home"><span itemprop="name">Home</span></a></li>{menu}</ul></nav></div></div></div>
</header>
<main class="content-main" id="content-main">
<div class="flashbags container"></div>
<div class="container-main"><div class="cms-breadcrumb container"><nav aria-label="breadcrumb"><ol class="breadcrumb" itemscope itemtype="https://schema.org/BreadcrumbList"><li class="breadcrumb-item"><a href="/" class="breadcrumb-link"><span class="breadcrumb-title">Home</span></a></li><li class="breadcrumb-item"><a href="/kategorie/{page['cat'][0]}" class="breadcrumb-link"><span class="breadcrumb-title">{esc(page['cat'][1])}</span></a></li><li class="breadcrumb-item"><a href="/kategorie/{page['cat'][0]}/x" class="breadcrumb-link is-active"><span class="breadcrumb-title">{page['cat'][2]}</span></a></li></ol></nav></div>
<div class="cms-page" itemscope itemtype="https://schema.org/Product">
<div class="cms-section pos-0 cms-section-default"><div class="cms-section-default boxed"><div class="cms-block pos-0 cms-block-product-heading"><div class="cms-block-container"><div class="cms-block-container-row row cms-row">
<div class="col-lg-8 product-detail-name-container"><h1 class="product-detail-name" itemprop="name">{esc(page['title'])}</h1></div>
<div class="col-lg-4 product-detail-manufacturer"><a href="/marken/x" class="product-detail-manufacturer-link" title="{esc(page['brand'])}"><img src="/media/brands/{page['sku']}.png" class="product-detail-manufacturer-logo" alt="{esc(page['brand'])}"></a></div>
</div></div></div>
<div class="cms-block pos-1 cms-block-gallery-buybox"><div class="cms-block-container"><div class="cms-block-container-row row cms-row">
<div class="col-lg-7 product-detail-media"><div class="cms-element-image-gallery"><div class="gallery-slider-row is-loading js-gallery-zoom-modal-container"><div class="base-slider gallery-slider"><div class="gallery-slider-item-container"><div class="gallery-slider-item is-contain js-magnifier-container"><img src="/media/{page['sku']}/0.jpg" alt="{esc(page['title'])}" class="img-fluid gallery-slider-image magnifier-image js-magnifier-image" itemprop="image"></div></div></div>
<div class="gallery-slider-thumbnails-col"><div class="gallery-slider-thumbnails-container"><div class="gallery-slider-thumbnails">{thumbs}</div></div></div></div></div></div>
<div class="col-lg-5 product-detail-buy"><div class="cms-element-buy-box" data-buy-box="true"><div itemprop="offers" itemscope itemtype="http://schema.org/Offer" class="product-detail-buy">
<div class="product-detail-rating"><a href="#review-tab" class="product-detail-reviews-link">{stars(round(rating))}<span class="product-detail-reviews-count">{len(page['reviews'])} Bewertungen</span></a></div>
<div class="product-detail-price-container"><meta itemprop="price" content="{page['price'].replace(',', '.')}"><p class="product-detail-price">{page['price']}&nbsp;€*</p>{('<p class="product-detail-list-price-wrapper"><span class="list-price-label">Statt</span> <span class="list-price-price">%s&nbsp;€*</span> <span class="list-price-percentage">(%s gespart)</span></p>' % (page['was'], page['save'])) if page.get('was') else ''}</div>
<p class="product-detail-tax-container"><small class="product-detail-tax">Preise inkl. MwSt. <a class="product-detail-tax-link" href="/widgets/cms/shipping" title="Versandkosten">zzgl. Versandkosten</a></small></p>
<div class="product-delivery-information"><p class="delivery-information delivery-available"><span class="delivery-status-indicator bg-success"></span>Sofort verfügbar, Lieferzeit 1–3 Werktage</p></div>
<div class="product-detail-configurator"><div class="product-detail-configurator-group"><div class="product-detail-configurator-group-title">{page['variant_label']}</div><div class="product-detail-configurator-options">{variants}</div></div></div>
<div class="product-detail-form-container"><form action="/checkout/line-item/add" method="post" class="buy-widget" data-add-to-cart="true"><div class="row g-2 buy-widget-container"><div class="col-4 d-flex justify-content-end"><select name="quantity" class="form-select product-detail-quantity-select"><option value="1" selected>1</option><option value="2">2</option><option value="3">3</option></select></div>
<div class="col-8"><button class="btn btn-primary btn-buy" title="In den Warenkorb" aria-label="In den Warenkorb">In den Warenkorb</button></div></div></form></div>
<div class="product-wishlist"><button class="product-wishlist-action btn-link" title="Auf den Merkzettel">Auf den Merkzettel</button></div>
<div class="product-detail-ordernumber-container"><span class="product-detail-ordernumber-label">Artikel-Nr.:</span> <meta itemprop="productID" content="{page['sku']}"><span class="product-detail-ordernumber" itemprop="sku">{page['sku']}</span></div>
<ul class="product-detail-trust"><li>Sicher bezahlen mit PayPal, Klarna, Kreditkarte und Rechnung</li><li>Versand klimaneutral mit DHL</li><li>2 Jahre Gewährleistung, 3 Jahre Herstellergarantie nach Registrierung</li></ul>
</div></div></div>
</div></div></div>
<div class="cms-block pos-2 cms-block-product-description-reviews"><div class="cms-block-container"><div class="cms-element-product-description-reviews"><div class="product-detail-tabs">
<div class="card card-tabs"><div class="card-header product-detail-tab-navigation"><ul class="nav nav-tabs product-detail-tab-navigation-list" role="tablist">
<li class="nav-item"><a class="nav-link active product-detail-tab-navigation-link" id="description-tab" data-bs-toggle="tab" href="#description-tab-pane" role="tab" aria-selected="true">Beschreibung</a></li>
<li class="nav-item"><a class="nav-link product-detail-tab-navigation-link" id="properties-tab" data-bs-toggle="tab" href="#properties-tab-pane" role="tab" aria-selected="false">Technische Daten</a></li>
<li class="nav-item"><a class="nav-link product-detail-tab-navigation-link" id="review-tab" data-bs-toggle="tab" href="#review-tab-pane" role="tab" aria-selected="false">Bewertungen ({len(page['reviews'])})</a></li></ul></div>
<div class="product-detail-tabs-content card-body"><div class="tab-content">
<div class="tab-pane fade show active" id="description-tab-pane" role="tabpanel" aria-labelledby="description-tab"><div class="product-detail-description tab-pane-container"><div class="product-detail-description-text" itemprop="description">
{desc_html}
</div></div></div>
<div class="tab-pane fade" id="properties-tab-pane" role="tabpanel" aria-labelledby="properties-tab"><div class="product-detail-properties-container tab-pane-container">
{specs_html}
</div></div>
<div class="tab-pane fade" id="review-tab-pane" role="tabpanel" aria-labelledby="review-tab"><div id="review-tab-pane-content" class="product-detail-description review-container tab-pane-container">
<div class="product-detail-review-teaser"><p class="h4">Kundenbewertungen</p><p>{rating:.1f} von 5 Sternen, {len(page['reviews'])} Bewertungen</p><button class="btn btn-primary product-detail-review-teaser-btn">Bewertung schreiben</button><p class="product-detail-review-teaser-note">Teilen Sie Ihre Erfahrungen mit anderen Kunden. Wir prüfen jede Bewertung vor der Veröffentlichung.</p></div>
<div class="product-detail-review-list">{reviews}</div>
</div></div>
</div></div></div></div></div></div></div>
<div class="cms-block pos-3 cms-block-cross-selling"><div class="product-detail-content cross-selling"><div class="product-detail-cross-selling"><div class="card card-tabs"><div class="card-header"><ul class="nav nav-tabs"><li class="nav-item"><a class="nav-link active" href="#cs-0">Kunden kauften auch</a></li><li class="nav-item"><a class="nav-link" href="#cs-1">Passendes Zubehör</a></li></ul></div>
<div class="card-body"><div class="tab-content"><div class="tab-pane fade show active" id="cs-0"><div class="cms-element-product-slider"><div class="base-slider product-slider has-nav"><div class="product-slider-container">{cross}</div></div></div></div></div></div></div></div></div></div>
</div></div>
<div class="recently-viewed container"><div class="h3">Zuletzt angesehen</div><ul class="recently-viewed-list">{seen}</ul></div>
</div>
</main>
<footer class="footer-main"><div class="container">
<div class="footer-newsletter"><div class="h3">Newsletter abonnieren und 10 € sparen</div><p>Neuheiten, Angebote und Werkstatt-Tipps einmal pro Woche. Abmeldung jederzeit mit einem Klick.</p><form class="footer-newsletter-form"><input type="email" class="form-control" placeholder="Ihre E-Mail-Adresse"><button class="btn btn-primary">Anmelden</button></form></div>
<div id="footerColumns" class="row footer-columns">{foot}</div>
<div class="footer-brands"><div class="footer-column-headline">Unsere Marken</div><p class="footer-brand-links">{brands}</p></div>
<div class="footer-payment"><span class="footer-payment-headline">Zahlungsarten:</span> <span>PayPal</span> <span>Klarna</span> <span>Visa</span> <span>Mastercard</span> <span>Rechnung</span> <span>Vorkasse</span> <span>Apple Pay</span></div>
<div class="footer-bottom"><div class="footer-vat"><p>* Alle Preise inkl. gesetzl. Mehrwertsteuer zzgl. Versandkosten und ggf. Nachnahmegebühren, wenn nicht anders beschrieben.</p></div>
<div class="footer-copyright">© 2024 Werkhaus Versand GmbH. Alle Rechte vorbehalten. Realisiert mit Shopware.</div></div>
</div></footer>
<div class="cookie-permission-container" data-cookie-permission="true"><div class="container"><div class="row align-items-center"><div class="col cookie-permission-content">Diese Website verwendet Cookies, um Ihnen ein optimales Einkaufserlebnis zu bieten. Technisch notwendige Cookies sind immer aktiv; Statistik- und Marketing-Cookies setzen wir nur mit Ihrer Einwilligung. Mehr dazu in unserer <a href="/datenschutz" title="Datenschutzerklärung">Datenschutzerklärung</a>.</div>
<div class="col-12 col-md-auto d-flex justify-content-center flex-wrap px-3 pe-md-3"><span class="cookie-permission-button js-cookie-permission-button"><button type="submit" class="btn btn-primary">Nur technisch notwendige</button></span><span class="js-cookie-configuration-button"><button type="submit" class="btn btn-primary">Konfigurieren</button></span><span class="js-cookie-accept-all-button"><button type="submit" class="btn btn-primary">Alle akzeptieren</button></span></div></div></div></div>
<script src="/theme/7f3c2a/js/storefront.js" defer></script>
</body>
</html>
"""


P = "http://site.test/werkhaus/"
PAGES = []

PAGES.append(dict(
    file="akku-bohrschrauber-bs18.html", url=P + "werkzeug/akku-werkzeug/akku-bohrschrauber-bs-18-kompakt/WH-10482",
    sku="WH-10482", brand="Hansewerk", cat=(0, "Werkzeug", "Akku-Werkzeug"),
    title="Hansewerk Akku-Bohrschrauber BS 18 Kompakt, 18 V",
    meta="Kompakter 18-V-Akku-Bohrschrauber mit bürstenlosem Motor, 2 Gängen und 60 Nm – jetzt bei Werkhaus bestellen.",
    price="129,90", was="159,00", save="18 %", variant_label="Ausführung", variants=["Solo, ohne Akku", "Mit 2 Akkus 2,0 Ah und Ladegerät", "Mit 2 Akkus 4,0 Ah und Ladegerät im Koffer"],
    body="""
## Produktbeschreibung

Der BS 18 Kompakt ist für alle gedacht, die einen handlichen Bohrschrauber für Haus, Garten und Werkstatt suchen und trotzdem auf Kraft nicht verzichten wollen. Mit nur 17 Zentimetern Kopflänge passt er auch zwischen Deckenbalken und in enge Schrankecken.

Der bürstenlose Motor arbeitet ohne Kohlebürsten, wird dadurch weniger warm und holt mehr Arbeit aus jeder Akkuladung. Zwei mechanische Gänge decken das Schrauben mit hohem Drehmoment und das schnelle Bohren in Holz und Metall ab. Die 21-stufige Drehmomentkupplung sorgt dafür, dass kleine Schrauben nicht überdreht werden.

Eine helle LED im Fuß leuchtet die Arbeitsstelle aus und bleibt nach dem Loslassen des Schalters noch einige Sekunden an. Der Akku passt in alle Geräte der 18-V-Plattform von Hansewerk.

Das Gehäuse ist an den Stellen, an denen man das Gerät ablegt, mit griffigem Gummi überzogen, damit es auf Leitersprossen und schrägen Flächen nicht wegrutscht. Eine Überlastsicherung schaltet den Motor ab, bevor Akku oder Wicklung zu heiß werden, und eine dreistufige Anzeige am Akku zeigt jederzeit, wie viel Ladung noch übrig ist.

## Highlights

- Bürstenloser Motor mit bis zu 60 Nm Drehmoment
- Kompakte Bauform mit nur 17 cm Kopflänge
- 2-Gang-Getriebe und 21-stufige Drehmomentkupplung
- Schnellspannbohrfutter aus Metall bis 13 mm
- Gürtelclip und Bithalter am Gerät

## Lieferumfang

- Akku-Bohrschrauber BS 18 Kompakt
- Doppel-Bit PH2/SL6
- Je nach Ausführung Akkus, Ladegerät und Koffer

## Technische Daten

| Akkuspannung | 18 V |
| Drehmoment hart / weich | 60 Nm / 32 Nm |
| Leerlaufdrehzahl | 0–450 / 0–1.750 min⁻¹ |
| Bohrfutter-Spannbereich | 1,5–13 mm |
| Max. Bohrdurchmesser Holz | 35 mm |
| Max. Bohrdurchmesser Stahl | 13 mm |
| Gewicht ohne Akku | 1,1 kg |
| Kopflänge | 170 mm |
| Garantie | 3 Jahre nach Registrierung |
""",
    reviews=[(5, "12.02.2024", "Klein, aber kräftig", "Habe damit eine komplette Küche montiert. Liegt gut in der Hand, und der Akku hat den ganzen Tag gehalten.", "Markus T.", 14),
             (4, "28.01.2024", "Gutes Gerät, Koffer wackelig", "Der Schrauber selbst ist top, nur der Koffer schließt nicht richtig. Dafür ein Stern Abzug.", "Sabine", 6),
             (5, "03.01.2024", "Endlich bürstenlos", "Im Vergleich zu meinem alten Gerät deutlich leiser und kraftvoller.", "Heimwerker78", 3)],
    cross=[("Hansewerk Akku 18 V 4,0 Ah", "69,90"), ("Bit-Set 32-teilig mit Magnethalter", "14,99"), ("Holzspiralbohrer-Set 8-teilig", "19,90"), ("Hansewerk Schnellladegerät 18 V", "39,90")],
    seen=["Stichsäge mit Pendelhub", "Werkzeugkoffer leer, 46 cm"],
))

PAGES.append(dict(
    file="wasserkocher-klarform.html", url=P + "kueche-haushalt/wasserkocher/wasserkocher-klarform-temperaturwahl-1-7-l/WH-20817",
    sku="WH-20817", brand="Klarform", cat=(1, "Küche & Haushalt", "Wasserkocher"),
    title="Klarform Wasserkocher mit Temperaturwahl, 1,7 l, Edelstahl",
    meta="Wasserkocher mit fünf Temperaturstufen und Warmhaltefunktion – ideal für Tee und Kaffee.",
    price="59,99", variant_label="Farbe", variants=["Edelstahl gebürstet", "Mattschwarz", "Salbeigrün"],
    body="""
## Produktbeschreibung

Nicht jeder Tee mag kochendes Wasser. Grüner Tee wird bei 80 Grad milder, weißer Tee bei 70 Grad, und für Kaffee aus dem Handfilter sind 95 Grad ideal. Mit dem Klarform-Wasserkocher wählen Sie die passende Temperatur per Tastendruck, und eine kleine Anzeige zeigt, wie warm das Wasser gerade ist.

Die Warmhaltefunktion hält die gewählte Temperatur bis zu 30 Minuten, sodass die zweite Tasse nicht erneut aufgekocht werden muss. Das Innere ist vollständig aus Edelstahl, das Wasser kommt also nicht mit Kunststoff in Berührung.

Der Deckel öffnet sich langsam und gedämpft, damit kein heißer Dampf ins Gesicht schlägt. Ein herausnehmbarer Kalkfilter im Ausguss lässt sich unter fließendem Wasser reinigen.

Damit der Kocher lange hält, empfehlen wir, ihn je nach Wasserhärte alle vier bis acht Wochen mit einer Mischung aus Wasser und Zitronensäure zu entkalken. Der Sockel mit Kabelaufwicklung lässt überschüssiges Kabel verschwinden, und dank des 360-Grad-Anschlusses kann der Kocher aus jeder Richtung aufgesetzt werden, was vor allem Linkshänder zu schätzen wissen.

## Highlights

- Fünf Temperaturstufen: 70, 80, 90, 95 und 100 °C
- Warmhaltefunktion bis 30 Minuten
- Innenraum und Heizplatte aus Edelstahl
- Gedämpft öffnender Deckel und Wasserstandsanzeige auf beiden Seiten
- Abschaltautomatik und Trockengehschutz

## Technische Daten

| Fassungsvermögen | 1,7 Liter |
| Leistung | 2.200 Watt |
| Temperaturstufen | 70 / 80 / 90 / 95 / 100 °C |
| Material | Edelstahl, Griff aus Kunststoff |
| Kabellänge | 75 cm, 360°-Sockel mit Kabelaufwicklung |
| Abmessungen (B × H × T) | 22 × 25 × 16 cm |
| Gewicht | 1,3 kg |
""",
    reviews=[(5, "20.02.2024", "Perfekt für Grüntee", "Die 80-Grad-Stufe nutze ich täglich. Der Tee ist viel weniger bitter als früher.", "Tee-Liebhaberin", 22),
             (3, "11.02.2024", "Etwas laut", "Funktioniert gut, aber beim Aufheizen lauter als mein alter Kocher.", "J. Berger", 5),
             (5, "30.01.2024", "Schön und praktisch", "Sieht in der Küche toll aus, die Anzeige ist gut ablesbar.", "Leni", 2),
             (4, "15.01.2024", "Gutes Gerät", "Einziger Kritikpunkt: Der Griff wird bei 100 Grad recht warm.", "Frank", 1)],
    cross=[("Teekanne aus Glas, 1 l", "24,90"), ("Entkalker-Tabs, 12 Stück", "6,99"), ("Handfilter-Set aus Porzellan", "29,90"), ("Bambus-Teedose", "12,50")],
    seen=["Toaster mit Brötchenaufsatz", "Küchenwaage digital bis 10 kg", "Espressokocher 6 Tassen"],
))

PAGES.append(dict(
    file="trekkingrucksack-fjellgang-45.html", url=P + "outdoor/rucksaecke/trekkingrucksack-fjellgang-45-10/WH-31144",
    sku="WH-31144", brand="Fjellgang", cat=(2, "Outdoor", "Rucksäcke"),
    title="Fjellgang Trekkingrucksack Kjerag 45+10",
    meta="Trekkingrucksack mit 45 + 10 Litern, verstellbarem Rücken und Regenhülle für Mehrtagestouren.",
    price="149,00", variant_label="Rückenlänge", variants=["S/M (40–48 cm)", "M/L (46–54 cm)"],
    body="""
## Produktbeschreibung

Der Kjerag 45+10 ist für Hüttentouren und Mehrtagestouren mit leichtem Zeltgepäck gemacht. Das Volumen von 45 Litern lässt sich über den ausziehbaren Deckel um zehn Liter erweitern, wenn für den letzten Einkauf vor der Tour noch Platz gebraucht wird.

Das Rückensystem lässt sich stufenlos an die Rückenlänge anpassen. Ein gespanntes Netz hält den Rucksack auf Abstand zum Rücken, sodass Luft zirkulieren kann, während der Hüftgurt mit breiten Polstern die Last auf das Becken überträgt.

Neben dem Hauptzugang von oben gibt es einen Frontreißverschluss, durch den man an Dinge weiter unten im Rucksack kommt, ohne alles auspacken zu müssen. Ein separates Bodenfach nimmt den Schlafsack auf. Die Regenhülle steckt in einer eigenen Tasche im Boden.

Seitliche Kompressionsriemen ziehen den Rucksack zusammen, wenn er nicht voll beladen ist, damit nichts verrutscht. An der Außenseite lassen sich Trekkingstöcke, eine Isomatte oder ein Eispickel befestigen. Das Material ist ohne per- und polyfluorierte Chemikalien imprägniert und hält leichten Regen eine Weile ab; bei Dauerregen sollte die mitgelieferte Hülle übergezogen werden.

## Highlights

- Volumen 45 Liter, mit ausziehbarem Deckel bis 55 Liter
- Stufenlos verstellbares, belüftetes Netzrückensystem
- Frontzugang und separates Schlafsackfach
- Hüftgurttaschen für Handy und Snacks
- Integrierte Regenhülle
- Trinksystemvorbereitung für Beutel bis 3 Liter

## Technische Daten

| Volumen | 45 + 10 Liter |
| Gewicht | 1.780 g |
| Maximale Beladung | 18 kg |
| Material | Polyamid 210D Ripstop, PFC-frei imprägniert |
| Rückenlänge | verstellbar, je nach Größe |
| Abmessungen | 72 × 32 × 24 cm |
""",
    reviews=[(5, "05.03.2024", "Sitzt wie angegossen", "Eine Woche Alpenüberquerung, keine Druckstellen. Der Frontzugang ist Gold wert.", "Bergziege", 31),
             (4, "19.02.2024", "Sehr gut, aber schwer", "Top verarbeitet, für Ultraleicht-Fans aber nichts.", "Tim", 9)],
    cross=[("Trinkblase 2 Liter", "24,95"), ("Packsack-Set, 3 Größen", "29,90"), ("Trekkingstöcke Carbon", "89,00"), ("Stirnlampe Nordlicht 400", "44,90")],
    seen=["Zelt 2 Personen, 2,1 kg", "Schlafsack Komfort 5 °C"],
))

PAGES.append(dict(
    file="handkaffeemuehle-kesselhaus.html", url=P + "kueche-haushalt/kaffeemuehlen/handkaffeemuehle-kesselhaus-edelstahl-kegelmahlwerk/WH-20944",
    sku="WH-20944", brand="Kesselhaus", cat=(1, "Küche & Haushalt", "Kaffeemühlen"),
    title="Kesselhaus Handkaffeemühle mit Kegelmahlwerk aus Edelstahl",
    meta="Handkaffeemühle mit Edelstahl-Kegelmahlwerk und 30 Mahlgradstufen – von Espresso bis French Press.",
    price="79,00", variant_label="Farbe", variants=["Silber", "Schwarz"],
    body="""
## Produktbeschreibung

Frisch gemahlener Kaffee schmeckt deutlich aromatischer als vorgemahlener, weil die Aromen sich schon Minuten nach dem Mahlen zu verflüchtigen beginnen. Diese Handmühle mahlt genau die Menge, die Sie für eine Kanne oder eine Tasse brauchen.

Das konische Mahlwerk aus gehärtetem Edelstahl ist oben und unten gelagert. Dadurch läuft es ohne Taumeln und liefert ein gleichmäßiges Mahlgut, was vor allem bei feinen Einstellungen für Espresso den Unterschied macht. Der Mahlgrad wird über ein Rad unter dem Mahlwerk in 30 spürbar einrastenden Stufen eingestellt.

Das Gehäuse aus Aluminium liegt gut in der Hand, und die abnehmbare Kurbel macht die Mühle auch für Reisen geeignet. Zum Reinigen lässt sie sich ohne Werkzeug zerlegen.

Wir empfehlen, das Mahlwerk nicht mit Wasser, sondern mit einem trockenen Pinsel zu reinigen und die Mühle gelegentlich mit einer Handvoll Reiskörner zu mahlen, die alte Kaffeereste mitnehmen. Wer häufig zwischen Espresso und Filterkaffee wechselt, notiert sich am besten die passenden Stufen; die Skala ist dafür gut ablesbar.

## Highlights

- Kegelmahlwerk aus Edelstahl mit doppelter Lagerung
- 30 Mahlgradstufen von Espresso bis French Press
- Fassungsvermögen von etwa 30 Gramm Bohnen
- Werkzeuglos zerlegbar

## Technische Daten

| Mahlwerk | Kegelmahlwerk, Edelstahl, 38 mm |
| Mahlgrade | 30 Stufen |
| Bohnenbehälter | ca. 30 g |
| Material Gehäuse | Aluminium eloxiert |
| Höhe | 18 cm |
| Gewicht | 560 g |
""",
    reviews=[(5, "02.03.2024", "Besser als meine elektrische", "Gleichmäßiges Mahlgut, Espresso wird endlich konstant.", "Caffè Carlo", 17),
             (5, "21.02.2024", "Tolles Reisegerät", "Kurbel ab, ab in die Tasche. Beim Camping jeden Morgen im Einsatz.", "Rike", 8),
             (4, "09.02.2024", "Etwas Kraft nötig", "Für Espresso braucht man ein paar Minuten und etwas Geduld.", "Paul", 4)],
    cross=[("Handfilter-Set aus Porzellan", "29,90"), ("Feinwaage mit Timer", "34,90"), ("Schwanenhals-Wasserkocher", "69,00"), ("Kaffeedose mit Ventil", "19,90")],
    seen=["Wasserkocher mit Temperaturwahl", "Milchaufschäumer"],
))

PAGES.append(dict(
    file="stirnlampe-nordlicht-400.html", url=P + "outdoor/stirnlampen/stirnlampe-nordlicht-400-akku/WH-31302",
    sku="WH-31302", brand="Nordlicht", cat=(2, "Outdoor", "Stirnlampen"),
    title="Nordlicht Stirnlampe 400 mit Akku",
    meta="Wiederaufladbare Stirnlampe mit 400 Lumen, Rotlicht und USB-C.",
    price="44,90", variant_label="Farbe", variants=["Schwarz", "Orange"],
    body="""
## Produktbeschreibung

Eine Stirnlampe für Abende am Zelt, frühe Starts und den Weg zum Auto nach dem Sonnenuntergang. Mit 400 Lumen leuchtet sie einen Waldweg gut aus, auf der niedrigsten Stufe reicht der Akku für mehrere Nächte.

Das Rotlicht blendet andere nicht und erhält die Nachtsicht, etwa beim Lesen der Karte im Zelt. Geladen wird über USB-C; eine kleine Anzeige an der Seite zeigt den Ladestand in vier Stufen.

Der Lampenkopf lässt sich in fünf Stufen neigen, sodass der Lichtkegel beim Gehen auf den Weg und beim Lesen auf die Hände zeigt. Das weiche Stirnband ist waschbar und lässt sich über einen Helm ziehen. Ein Doppelklick schaltet direkt auf die höchste Stufe, ohne die anderen Stufen zu durchlaufen.

## Highlights

- Bis zu 400 Lumen, vier Helligkeitsstufen und Rotlicht
- Akku mit USB-C-Anschluss, Ladestandsanzeige
- Sperrfunktion gegen versehentliches Einschalten im Rucksack
- Spritzwassergeschützt nach IPX4

## Technische Daten

| Lichtstrom | max. 400 Lumen |
| Leuchtweite | bis 90 m |
| Leuchtdauer | 4 h (max.) bis 60 h (min.) |
| Akku | Li-Ion 1.800 mAh, fest eingebaut |
| Ladezeit | ca. 3 Stunden |
| Schutzart | IPX4 |
| Gewicht | 86 g mit Stirnband |
""",
    reviews=[(5, "27.02.2024", "Hell und leicht", "Merkt man kaum auf dem Kopf. Das Rotlicht ist im Zelt super.", "Nachtwanderer", 12),
             (2, "14.02.2024", "Akku fest verbaut", "Leider kann man den Akku unterwegs nicht tauschen. Für lange Touren ungeeignet.", "Sven K.", 19),
             (4, "01.02.2024", "Solide", "Gute Lampe für den Preis, das Stirnband könnte breiter sein.", "Mia", 3)],
    cross=[("Powerbank 10.000 mAh", "29,90"), ("Trekkingrucksack Kjerag 45+10", "149,00"), ("Campinglaterne faltbar", "22,90"), ("Ersatz-Stirnband", "7,90")],
    seen=["Zelt 2 Personen, 2,1 kg", "Trinkflasche 1 l Edelstahl", "Taschenmesser mit Säge"],
))
