"""A French WordPress magazine on a commercial theme: top bar, header banner ad, menu,
trending ticker, breadcrumbs, share buttons, featured image, ads and "read also" boxes
inside the post, tags, author box, previous/next, related posts, comments, a sidebar of
widgets, a footer and a GDPR banner. Some class names mislead: the related posts and the
newsletter box carry "content" classes; sidebar widgets are <article>s."""
from gen import Renderer, esc, label as blocks_label

NAME = "magazine-fr"
TEMPLATE = "magazine"
LANG = "fr"

MENU = ["Accueil", "Société", "Culture", "Maison & Jardin", "Mobilité", "Cuisine", "Portraits", "Nos guides"]
TRENDING = ["Marchés de Noël : notre carte des plus beaux villages", "Isoler ses fenêtres sans tout changer : le guide",
            "Les cantines qui cuisinent local, un an après", "Randonnée : cinq boucles faciles autour des lacs"]
POPULAR = ["Dix gestes pour réduire sa facture de chauffage", "Le pain au levain expliqué aux débutants", "Pourquoi les friperies séduisent les 20-30 ans",
           "Balcon potager : que planter en avril ?", "La sieste au travail, bonne ou mauvaise idée ?"]


class R(Renderer):
    def p(self, text):
        return "<p>" + self.il(text) + "</p>"

    def h(self, level, text):
        return '<h%d class="wp-block-heading">%s</h%d>' % (level, self.il(text), level)

    def quote(self, paras, cite):
        inner = "".join("<p>%s</p>" % self.il(p) for p in paras)
        if cite:
            inner += "<cite>%s</cite>" % self.il(cite)
        return '<blockquote class="wp-block-quote is-layout-flow wp-block-quote-is-layout-flow">%s</blockquote>' % inner

    def list(self, node, depth=0):
        tag = "ol" if node["ordered"] else "ul"
        items = "".join("<li>%s%s</li>" % (self.il(it["text"]), self.list(it, depth + 1) if it["children"] else "") for it in node["children"])
        return '<%s class="wp-block-list">%s</%s>' % (tag, items, tag)

    def d_ad(self):
        return '<div class="td-a-rec td-a-rec-id-content_inline tdi_12 td_block_template_1"><span class="td-adspot-title">- Publicité -</span><div class="td-all-devices"><a href="/go/partenaire"><img src="/wp-content/uploads/pub-300x250.jpg" alt=""></a></div></div>'

    def d_also(self, title, href):
        return '<div class="wp-block-group article-body lire-aussi"><div class="wp-block-group__inner-container"><p class="lire-aussi__label"><strong>À lire aussi</strong></p><p><a href="%s">%s</a></p></div></div>' % (esc(href), esc(title))

    def d_newsletter(self):
        return ('<div class="entry-content-inner post-content newsletter-inline"><p class="nl-title">Recevez Le Carnet chaque vendredi</p><p>Nos meilleurs articles de la semaine, des idées de sorties et une recette, directement dans votre boîte mail. Gratuit et sans engagement.</p>'
                '<form class="nl-form"><input type="email" placeholder="Votre adresse e-mail"><button>Je m\'inscris</button></form></div>')

    def d_fig(self, src, alt="", caption="", credit=""):
        return ('<figure class="wp-block-image size-large"><img decoding="async" width="1024" height="683" src="%s" alt="%s" class="wp-image-8812" srcset="%s 1024w, %s 300w" sizes="(max-width: 1024px) 100vw, 1024px"><figcaption class="wp-element-caption">%s%s</figcaption></figure>'
                % (esc(src), esc(alt), esc(src), esc(src.replace(".jpg", "-300x200.jpg")), self.il(caption), (' <span class="credit">© %s</span>' % esc(credit)) if credit else ""))


def render(page):
    r = R()
    cat, cat_slug = esc(page["cat"]), page["url"].split("/")[-2]
    body = r.blocks(page["blocks"])
    menu = "".join('<li class="menu-item menu-item-type-taxonomy menu-item-object-category td-menu-item td-normal-menu"><a href="/categorie/%d/">%s</a></li>' % (i, esc(m)) for i, m in enumerate(MENU))
    trend = "".join('<div class="td-trending-now-post"><a class="td-trending-now-title" href="/trending/%d/">%s</a></div>' % (i, t) for i, t in enumerate(TRENDING))
    popular = "".join('<article class="post widget td_module_6 td_module_wrap"><div class="td-module-thumb"><a href="/populaire/%d/"><img src="/wp-content/uploads/pop%d-100x70.jpg" alt=""></a></div><div class="item-details"><h3 class="entry-title td-module-title"><a href="/populaire/%d/">%s</a></h3></div></article>' % (i, i, i, t) for i, t in enumerate(POPULAR))
    related = "".join('<div class="td-related-span4"><div class="td_module_related_posts td-animation-stack td_mod_related_posts"><div class="td-module-image"><div class="td-module-thumb"><a href="/%s/"><img class="entry-thumb" src="/wp-content/uploads/rel%d-218x150.jpg" alt=""></a></div></div><div class="item-details"><h3 class="entry-title td-module-title"><a href="/%s/" rel="bookmark">%s</a></h3></div></div></div>' % (s, i, s, t) for i, (s, t) in enumerate(page["related"]))
    comments = "".join(f"""<li class="comment" id="li-comment-{i}"><article><footer><img src="/avatars/{i}.png" class="avatar" width="50" height="50" alt=""><cite>{esc(w)}</cite><a class="comment-link" href="#comment-{i}"><time>{d}</time></a></footer><div class="comment-content"><p>{esc(t)}</p></div><div class="comment-respond-link"><a rel="nofollow" class="comment-reply-link" href="#respond">Répondre</a></div></article></li>""" for i, (w, d, t) in enumerate(page["comments"]))
    tags = "".join('<li><a href="/tag/%s/">%s</a></li>' % (esc(t), esc(t)) for t in page["tags"])
    share = ''.join('<a href="#" class="td-social-sharing-button td-social-sharing-button-js td-social-network td-social-%s"><div class="td-social-but-icon"><i class="td-icon-%s"></i></div><div class="td-social-but-text">%s</div></a>' % (n, n, t) for n, t in [("facebook", "Facebook"), ("twitter", "X"), ("pinterest", "Pinterest"), ("whatsapp", "WhatsApp"), ("mail", "E-mail")])
    fig = page["featured"]
    return f"""<!doctype html >
<html lang="fr-FR">
<head>
    <title>{esc(page['title'])} - Le Carnet</title>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0">
    <link rel="pingback" href="/xmlrpc.php" />
<meta name="description" content="{esc(page['dek'])}" />
<link rel="canonical" href="{page['url']}" />
<meta property="og:locale" content="fr_FR" />
<meta property="og:type" content="article" />
<meta property="og:title" content="{esc(page['title'])}" />
<meta property="article:published_time" content="{page['date']}" />
<meta name="author" content="{esc(page['author'])}" />
<link rel='stylesheet' id='td-theme-css' href='/wp-content/themes/Newspaper/style.css?ver=12.6.3' type='text/css' media='all' />
<script type="text/javascript" src="/wp-includes/js/jquery/jquery.min.js?ver=3.7.1" id="jquery-core-js"></script>
<script type="application/ld+json" class="yoast-schema-graph">{{"@context":"https://schema.org","@graph":[{{"@type":"Article","headline":"{esc(page['title'])}","datePublished":"{page['date']}","author":{{"name":"{esc(page['author'])}"}},"articleSection":["{cat}"],"inLanguage":"fr-FR"}}]}}</script>
</head>
<body class="post-template-default single single-post postid-{page['pid']} single-format-standard td-standard-pack global-block-template-1 td-full-layout" itemscope="itemscope" itemtype="https://schema.org/WebPage">
<div class="td-scroll-up"><i class="td-icon-menu-up"></i></div>
<div id="td-outer-wrap" class="td-theme-wrap">
<div class="tdc-header-wrap">
<div class="td-header-top-menu-full td-container-wrap"><div class="td-container td-header-row td-header-top-menu"><div class="top-bar-style-1"><div class="td-header-sp-top-menu"><div class="td_data_time"><div>{page['today']}</div></div><ul class="top-header-menu td_ul_login"><li class="menu-item"><a class="td-login-modal-js menu-item" href="#login-form">Se connecter / S'inscrire</a></li></ul></div><div class="td-header-sp-top-widget"><span class="td-social-icon-wrap"><a target="_blank" href="#" title="Facebook"><i class="td-icon-font td-icon-facebook"></i></a></span><span class="td-social-icon-wrap"><a target="_blank" href="#" title="Instagram"><i class="td-icon-font td-icon-instagram"></i></a></span></div></div></div></div>
<div class="td-banner-wrap-full td-logo-wrap-full td-container-wrap"><div class="td-container td-header-row td-header-header"><div class="td-header-sp-logo"><a class="td-main-logo" href="/"><img class="td-retina-data" src="/wp-content/uploads/logo-carnet.png" alt="Le Carnet"><span class="td-visual-hidden">Le Carnet – le magazine des idées simples</span></a></div>
<div class="td-header-sp-recs"><div class="td-header-rec-wrap"><div class="td-a-rec td-a-rec-id-header"><span class="td-adspot-title">- Publicité -</span><a href="/go/banniere"><img src="/wp-content/uploads/banniere-728x90.jpg" alt=""></a></div></div></div></div></div>
<div class="td-header-menu-wrap-full td-container-wrap"><div class="td-header-menu-wrap td-header-gradient"><div class="td-container td-header-row td-header-main-menu"><div id="td-header-menu" role="navigation"><div class="menu-main-container"><ul id="menu-main-1" class="sf-menu">{menu}</ul></div></div>
<div class="header-search-wrap"><div class="td-search-btns-wrap"><a id="td-header-search-button" href="#" aria-label="Rechercher" role="button" class="dropdown-toggle"><i class="td-icon-search"></i></a></div><div class="td-drop-down-search"><form method="get" class="td-search-form" action="/"><div role="search" class="td-head-form-search-wrap"><input id="td-header-search" type="text" value="" name="s" autocomplete="off" placeholder="Rechercher"><input class="wpb_button wpb_btn-inverse btn" type="submit" id="td-header-search-top" value="Rechercher"></div></form></div></div></div></div></div>
<div class="td-container td-trending-now-wrapper"><div class="td-trending-now-title-wrap"><span class="td-trending-now-display-area">À la une</span></div><div class="td-trending-now-wrapper-posts">{trend}</div></div>
</div>
<div class="td-main-content-wrap td-container-wrap"><div class="td-container td-post-template-default"><div class="td-crumb-container"><div class="entry-crumbs"><span><a title="" class="entry-crumb" href="/">Accueil</a></span> <i class="td-icon-right td-bread-sep"></i> <span><a title="Voir tous les articles dans {cat}" class="entry-crumb" href="/categorie/{cat_slug}/">{cat}</a></span></div></div>
<div class="td-pb-row"><div class="td-pb-span8 td-main-content" role="main"><div class="td-ss-main-content">
<article id="post-{page['pid']}" class="post-{page['pid']} post type-post status-publish format-standard has-post-thumbnail" itemscope itemtype="https://schema.org/Article">
<div class="td-post-header"><ul class="td-category"><li class="entry-category"><a href="/categorie/{cat_slug}/">{cat}</a></li></ul>
<header class="td-post-title"><h1 class="entry-title">{esc(page['title'])}</h1><p class="td-post-sub-title">{esc(page['dek'])}</p>
<div class="td-module-meta-info"><div class="td-post-author-name"><div class="td-author-by">Par</div> <a href="/auteur/{page['author_slug']}/">{esc(page['author'])}</a><div class="td-author-line"> - </div></div><span class="td-post-date"><time class="entry-date updated td-module-date" datetime="{page['date']}">{page['date_text']}</time></span><div class="td-post-comments"><a href="#comments"><i class="td-icon-comments"></i>{len(page['comments'])}</a></div><div class="td-post-views"><i class="td-icon-views"></i><span class="td-nr-views-{page['pid']}">{page['views']}</span></div><span class="td-reading-time">Temps de lecture : {page['minutes']} min</span></div>
</header></div>
<div class="td-post-sharing-top"><div class="td-post-sharing-classic"></div><div class="td-default-sharing td-with-like"><span class="td-social-share-text">Partager</span>{share}</div></div>
<div class="td-post-content tagdiv-type">
<div class="td-post-featured-image"><figure><a href="{esc(fig[0])}" data-caption="{esc(fig[1])}"><img width="696" height="464" class="entry-thumb td-modal-image" src="{esc(fig[0])}" alt="" title="{esc(fig[1])}"></a><figcaption class="wp-caption-text">{esc(fig[1])}</figcaption></figure></div>
{body}
</div>
<footer><div class="td-post-source-tags"><ul class="td-tags td-post-small-box clearfix"><li><span>ÉTIQUETTES</span></li>{tags}</ul></div>
<div class="td-post-sharing-bottom"><div class="td-default-sharing"><span class="td-social-share-text">Partager</span>{share}</div></div>
<div class="td-block-row td-post-next-prev"><div class="td-block-span6 td-post-prev-post"><div class="td-post-next-prev-content"><span>Article précédent</span><a href="/{page['prev'][0]}/">{page['prev'][1]}</a></div></div><div class="td-block-span6 td-post-next-post"><div class="td-post-next-prev-content"><span>Article suivant</span><a href="/{page['next'][0]}/">{page['next'][1]}</a></div></div></div>
<div class="author-box-wrap"><a href="/auteur/{page['author_slug']}/"><img alt="" src="/avatars/{page['author_slug']}.jpg" class="avatar" height="96" width="96"></a><div class="desc"><div class="td-author-name vcard author"><span class="fn"><a href="/auteur/{page['author_slug']}/">{esc(page['author'])}</a></span></div><div class="td-author-description">{esc(page['author_bio'])}</div></div></div>
</footer>
</article>
<div class="td_block_wrap td_block_related_posts td-post-content td-related-full-width"><div class="td-block-title-wrap"><h4 class="td-related-title td-block-title"><a id="related-1" class="td-related-left td-cur-simple-item" href="#">Vous aimerez aussi</a><a class="td-related-right" href="#">Du même auteur</a></h4></div><div class="td_block_inner"><div class="td-related-row">{related}</div></div></div>
<div class="comments" id="comments"><div class="td-comments-title-wrap"><h4 class="block-title"><span>{len(page['comments'])} COMMENTAIRES</span></h4></div><ol class="comment-list">{comments}</ol>
<div id="respond" class="comment-respond"><h3 id="reply-title" class="comment-reply-title">LAISSER UN COMMENTAIRE</h3><form action="/wp-comments-post.php" method="post" id="commentform" class="comment-form"><div class="clearfix"></div><div class="comment-form-input-wrap td-form-comment"><textarea placeholder="Commentaire :" id="comment" name="comment" cols="45" rows="8" aria-required="true"></textarea></div><div class="comment-form-input-wrap td-form-author"><input class="" id="author" name="author" placeholder="Nom :*" type="text" value="" size="30" aria-required="true"></div><p class="comment-form-cookies-consent"><input id="wp-comment-cookies-consent" name="wp-comment-cookies-consent" type="checkbox" value="yes"><label for="wp-comment-cookies-consent">Enregistrer mon nom et mon e-mail dans le navigateur pour mon prochain commentaire.</label></p><p class="form-submit"><input name="submit" type="submit" id="submit" class="submit" value="Publier le commentaire"></p></form></div></div>
</div></div>
<div class="td-pb-span4 td-main-sidebar" role="complementary"><div class="td-ss-main-sidebar">
<aside class="td_block_template_1 widget widget_text"><h4 class="block-title"><span>À propos</span></h4><div class="textwidget"><p>Le Carnet est un magazine indépendant consacré aux idées simples pour mieux vivre au quotidien : maison, jardin, cuisine, mobilité et rencontres.</p></div></aside>
<div class="td-a-rec td-a-rec-id-sidebar"><span class="td-adspot-title">- Publicité -</span><a href="/go/pave"><img src="/wp-content/uploads/pave-300x600.jpg" alt=""></a></div>
<aside class="td_block_template_1 widget"><h4 class="block-title"><span>Les plus lus</span></h4><div class="td_block_inner">{popular}</div></aside>
<aside class="td_block_template_1 widget widget_categories"><h4 class="block-title"><span>Rubriques</span></h4><ul>{''.join('<li class="cat-item"><a href="/categorie/%d/">%s</a></li>' % (i, esc(m)) for i, m in enumerate(MENU[1:]))}</ul></aside>
</div></div>
</div></div></div>
<div class="td-footer-wrapper td-footer-container td-container-wrap"><div class="td-container"><div class="td-pb-row"><div class="td-pb-span12"><div class="footer-logo-wrap"><a href="/"><img class="td-retina-data" src="/wp-content/uploads/logo-carnet-blanc.png" alt="Le Carnet"></a></div><div class="footer-text-wrap">Le Carnet est édité par Les Éditions du Carnet SAS. Contactez-nous : <a href="mailto:redaction@lecarnet.example">redaction@lecarnet.example</a></div>
<div class="footer-social-wrap td-social-style-2"><span class="td-social-icon-wrap"><a href="#">Facebook</a></span><span class="td-social-icon-wrap"><a href="#">Instagram</a></span><span class="td-social-icon-wrap"><a href="#">Pinterest</a></span></div></div></div></div></div>
<div class="td-sub-footer-container td-container-wrap"><div class="td-container"><div class="td-pb-row"><div class="td-pb-span td-sub-footer-menu"><ul class="td-subfooter-menu"><li><a href="/mentions-legales/">Mentions légales</a></li><li><a href="/confidentialite/">Politique de confidentialité</a></li><li><a href="/cookies/">Gestion des cookies</a></li><li><a href="/publicite/">Publicité</a></li><li><a href="/contact/">Contact</a></li></ul></div><div class="td-pb-span td-sub-footer-copy">&copy; 2024 Le Carnet. Tous droits réservés.</div></div></div></div>
</div>
<div id="cmplz-cookiebanner-container"><div class="cmplz-cookiebanner cmplz-hidden banner-1 optin cmplz-bottom-right cmplz-categories-type-view-preferences" aria-modal="true" data-nosnippet="true" role="dialog" aria-live="polite" aria-labelledby="cmplz-header-1-optin" aria-describedby="cmplz-message-1-optin">
<div class="cmplz-header"><div class="cmplz-title" id="cmplz-header-1-optin">Gérer le consentement aux cookies</div></div>
<div class="cmplz-body"><div class="cmplz-message" id="cmplz-message-1-optin">Pour offrir les meilleures expériences, nous utilisons des technologies telles que les cookies pour stocker et/ou accéder aux informations des appareils. Le fait de consentir à ces technologies nous permettra de traiter des données telles que le comportement de navigation ou les ID uniques sur ce site. Le fait de ne pas consentir ou de retirer son consentement peut avoir un effet négatif sur certaines caractéristiques et fonctions.</div></div>
<div class="cmplz-buttons"><button class="cmplz-btn cmplz-accept">Accepter</button><button class="cmplz-btn cmplz-deny">Refuser</button><button class="cmplz-btn cmplz-view-preferences">Voir les préférences</button></div>
<div class="cmplz-links cmplz-documents"><ul><li><a href="/cookies/" class="cmplz-link cookie-statement">Politique de cookies</a></li><li><a href="/confidentialite/" class="cmplz-link privacy-statement">Déclaration de confidentialité</a></li></ul></div></div></div>
<script type="text/javascript" src="/wp-content/plugins/td-composer/legacy/Newspaper/js/tagdiv_theme.min.js?ver=12.6.3" id="td-site-min-js"></script>
</body>
</html>
"""


def label(page):
    return [page["title"], page["dek"], page["featured"][1]] + blocks_label(page["blocks"])


P = "http://site.test/lecarnet/"
PAGES = []

AUTHORS = {
    "claire": ("Claire Dumont", "claire-dumont", "Journaliste depuis quinze ans, Claire écrit sur la ville, les jardins et celles et ceux qui les font vivre."),
    "yann": ("Yann Le Goff", "yann-le-goff", "Yann couvre les mobilités et l'habitat. Il se déplace à vélo par tous les temps, ou presque."),
    "sophie": ("Sophie Marchand", "sophie-marchand", "Sophie tient la rubrique culture et rencontre artisans, artistes et libraires partout en France."),
}
REL = [("jardins-partages", "Les jardins partagés redonnent vie aux quartiers"), ("velo-cargo", "Le vélo cargo, nouveau monospace des familles"),
       ("repassage", "Faut-il encore repasser son linge ?"), ("romans-ete", "Cinq romans pour l'été, choisis par des libraires"),
       ("ceramiste", "Rencontre avec une céramiste qui tourne à l'ancienne"), ("compost", "Composter en appartement : mode d'emploi")]


def mag(key, **kw):
    a = AUTHORS[key]
    kw.update(author=a[0], author_slug=a[1], author_bio=a[2], today="mardi 12 mars 2024",
              related=[r for r in REL if not kw["url"].rstrip("/").endswith(r[0])][:5])
    PAGES.append(kw)


mag("claire", file="jardins-partages.html", url=P + "societe/jardins-partages", pid=8812, cat="Société",
    date="2024-03-08T07:30:00+01:00", date_text="8 mars 2024", views="3 412", minutes=5,
    title="Les jardins partagés redonnent vie aux quartiers",
    dek="Sur une friche, au pied d'un immeuble ou dans une cour d'école, des habitants cultivent ensemble. Et récoltent bien plus que des légumes.",
    featured=("/wp-content/uploads/2024/03/jardin-partage.jpg", "Le jardin des Tilleuls occupe une ancienne friche de huit cents mètres carrés."),
    tags=["jardin", "quartier", "vie locale"], prev=("compost", "Composter en appartement : mode d'emploi"), next=("velo-cargo", "Le vélo cargo, nouveau monospace des familles"),
    body="""
Il y a cinq ans, le terrain qui s'étend derrière la médiathèque n'était qu'un rectangle de ronces et de gravats. Aujourd'hui, une trentaine de parcelles y alternent tomates, fèves et capucines, séparées par des allées de copeaux de bois. Le samedi matin, on y croise des retraités, des familles, des étudiants et quelques chats du voisinage.

« Au début, on venait pour cultiver. Maintenant, on vient surtout pour se voir », sourit Martine, qui a planté ses premiers poireaux ici à l'ouverture du jardin. Comme elle, beaucoup de membres habitent les immeubles voisins et n'avaient jamais disposé du moindre coin de terre.

!ad

## Un fonctionnement collectif

Le jardin est géré par une association qui loue le terrain à la commune pour un euro symbolique par an. Chaque adhérent dispose d'une petite parcelle individuelle, mais une partie du terrain est cultivée en commun : les aromatiques, un carré de fraisiers et un verger d'une dizaine d'arbres encore jeunes.

Les règles tiennent sur une page, affichée à l'entrée de la cabane à outils :

- pas de pesticides ni d'engrais chimiques ;
- chacun participe à l'arrosage des parties communes pendant l'été ;
- les outils sont partagés et rangés après usage ;
- les récoltes des parties communes sont ouvertes à tous les adhérents.

!also Composter en appartement : mode d'emploi | /compost/

## Bien plus que des légumes

Pour les chercheurs qui étudient ces lieux, le potager n'est souvent qu'un prétexte. Les jardins partagés créent des occasions de rencontre entre des personnes qui ne se seraient jamais parlé. On s'échange des graines, des conseils et, parfois, des services bien éloignés du jardinage.

> Quand mon mari est tombé malade, ce sont les gens du jardin qui sont venus m'aider pour les courses. Je ne connaissais personne dans l'immeuble avant.
> -- Fatima, adhérente depuis 2020

!newsletter

## Des projets qui se multiplient

De nombreuses communes accompagnent désormais ces initiatives, en mettant à disposition des terrains, des bacs ou un accès à l'eau. Les bailleurs sociaux s'y intéressent aussi, convaincus qu'un jardin au pied des immeubles améliore la vie des résidents.

Au jardin des Tilleuls, la liste d'attente compte déjà une quarantaine de noms. L'association espère obtenir un second terrain l'an prochain, de l'autre côté de la voie ferrée.
""",
    comments=[("Bernard", "8 mars 2024 à 9 h 12", "Même chose dans notre quartier : le jardin a changé l'ambiance de toute la rue."),
              ("Léa R.", "8 mars 2024 à 14 h 40", "Comment trouver un jardin partagé près de chez soi ? Existe-t-il une carte ?")])

mag("yann", file="velo-cargo.html", url=P + "mobilite/velo-cargo", pid=8790, cat="Mobilité",
    date="2024-03-01T08:00:00+01:00", date_text="1 mars 2024", views="5 108", minutes=6,
    title="Le vélo cargo, nouveau monospace des familles",
    dek="Il transporte deux enfants, les courses de la semaine et parfois le chien. En ville, le vélo cargo séduit de plus en plus de parents.",
    featured=("/wp-content/uploads/2024/03/velo-cargo.jpg", "Devant une école, les vélos cargos occupent désormais une bonne partie des arceaux."),
    tags=["vélo", "famille", "mobilité"], prev=("jardins-partages", "Les jardins partagés redonnent vie aux quartiers"), next=("repassage", "Faut-il encore repasser son linge ?"),
    body="""
À huit heures vingt, devant l'école élémentaire du quartier, la scène est devenue banale : une file de vélos aux caisses colorées dépose des enfants emmitouflés, cartable sur les genoux. Il y a dix ans, on n'en voyait presque aucun.

Le vélo cargo, ou vélo-cargo, désigne un vélo conçu pour transporter des charges lourdes ou encombrantes. Il en existe de plusieurs formes : à caisse à l'avant, à porte-bagages allongé à l'arrière, à deux ou à trois roues.

!ad

## Pourquoi les familles l'adoptent

Pour Julien et Amina, parents de deux enfants de trois et six ans, le choix s'est imposé lorsque leur vieille voiture a rendu l'âme. « On a fait le calcul : entre l'assurance, le carburant et le stationnement, la voiture nous coûtait plus de trois cents euros par mois pour des trajets de moins de cinq kilomètres », explique Amina.

Avec l'assistance électrique, les côtes ne font plus peur. La plupart des modèles familiaux en sont aujourd'hui équipés, ce qui explique en partie leur prix, souvent compris entre trois et six mille euros.

## Bien choisir son modèle

Avant d'acheter, les vendeurs conseillent d'en essayer plusieurs, et si possible de louer un modèle pendant une semaine. Quelques questions permettent de faire le tri :

1. Combien d'enfants faudra-t-il transporter, et jusqu'à quel âge ?
2. Où le vélo sera-t-il garé la nuit ? Un modèle à caisse avant mesure souvent plus de deux mètres et demi.
3. Le trajet comporte-t-il des côtes ou des rues étroites ?
4. Faut-il pouvoir le monter dans un ascenseur ou un train ?

!also Cinq romans pour l'été, choisis par des libraires | /romans-ete/

## Des aides à l'achat

De nombreuses collectivités proposent des aides pour l'achat d'un vélo cargo, parfois cumulables avec celles de l'État. Leurs montants et leurs conditions varient beaucoup d'une ville à l'autre : mieux vaut se renseigner auprès de sa mairie avant de passer commande.

Reste la question du stationnement. Les arceaux classiques sont mal adaptés à ces engins longs et lourds, et les locaux à vélos des immeubles anciens sont souvent trop petits. Plusieurs villes testent des emplacements réservés, sur d'anciennes places de voiture.
""",
    comments=[("Thomas", "1 mars 2024 à 10 h 02", "Nous avons franchi le pas l'an dernier, aucun regret. Par contre, prévoir une bonne bâche pour l'hiver !"),
              ("Mireille", "2 mars 2024 à 18 h 25", "Le vrai problème, c'est le vol. Il faut un antivol très solide.")])

mag("sophie", file="ceramiste.html", url=P + "portraits/ceramiste", pid=8741, cat="Portraits",
    date="2024-02-20T09:00:00+01:00", date_text="20 février 2024", views="2 077", minutes=5,
    title="Rencontre avec une céramiste qui tourne à l'ancienne",
    dek="Dans son atelier au bord de la Loire, Hélène façonne bols et pichets sur un tour à pied. Nous l'avons rencontrée entre deux cuissons.",
    featured=("/wp-content/uploads/2024/02/ceramiste-atelier.jpg", "Hélène à son tour à pied, dans l'atelier qu'elle a installé dans une ancienne grange."),
    tags=["artisanat", "céramique", "portrait"], prev=("repassage", "Faut-il encore repasser son linge ?"), next=("romans-ete", "Cinq romans pour l'été, choisis par des libraires"),
    body="""
L'atelier sent la terre mouillée et le bois. Sur des étagères qui montent jusqu'au plafond, des dizaines de bols attendent leur émail. Au centre, un lourd tour en bois tourne sans bruit sous le pied d'Hélène, qui remonte d'un geste une motte d'argile en un cylindre parfaitement droit.

Ancienne comptable, elle a découvert la céramique lors d'un stage d'été, il y a douze ans. Elle a quitté son emploi trois ans plus tard pour apprendre le métier auprès d'un potier de la région.

**Pourquoi un tour à pied plutôt qu'un tour électrique ?**

> Le tour à pied m'oblige à ralentir. C'est mon corps qui donne la vitesse, et la pièce le sent. Je fais moins de bols par jour, mais je crois qu'ils sont plus vivants.

!ad

**Comment se passe une journée à l'atelier ?**

> Il n'y a pas de journée type, parce que la terre décide beaucoup. Un bol tourné le matin doit sécher jusqu'au lendemain avant que je puisse le retourner et creuser son pied. Ensuite viennent la première cuisson, l'émaillage, puis la seconde cuisson. Entre le moment où je tourne une pièce et celui où je peux la vendre, il s'écoule souvent trois semaines.

**D'où viennent vos terres et vos émaux ?**

> J'utilise une argile d'une carrière à quarante kilomètres d'ici. Pour les émaux, je fais mes propres mélanges avec des cendres de bois de mon poêle. Chaque fournée est un peu différente, et c'est ce que mes clients aiment.

!newsletter

Hélène vend ses pièces sur les marchés de la région et dans sa boutique, ouverte le samedi. Elle accueille aussi, quelques week-ends par an, des stagiaires débutants : « Je leur dis toujours la même chose : le premier bol est raté, le centième commence à ressembler à quelque chose. »
""",
    comments=[("Agnès", "21 février 2024 à 8 h 50", "J'ai fait un stage chez elle l'été dernier, c'était merveilleux.")])

mag("claire", file="repassage.html", url=P + "maison/repassage", pid=8765, cat="Maison & Jardin",
    date="2024-02-26T07:00:00+01:00", date_text="26 février 2024", views="7 930", minutes=4,
    title="Faut-il encore repasser son linge ?",
    dek="Corvée pour les uns, moment de calme pour les autres : le repassage recule dans les foyers. Nos astuces pour s'en passer sans avoir l'air froissé.",
    featured=("/wp-content/uploads/2024/02/linge-seche.jpg", "Bien étendu, le linge sèche presque sans plis."),
    tags=["maison", "astuces", "linge"], prev=("velo-cargo", "Le vélo cargo, nouveau monospace des familles"), next=("ceramiste", "Rencontre avec une céramiste qui tourne à l'ancienne"),
    body="""
Le fer à repasser n'a pas disparu, mais il sort de moins en moins souvent du placard. Vêtements plus souples, télétravail, envie de gagner du temps : nombreux sont ceux qui ne repassent plus que quelques chemises, et encore.

Bonne nouvelle, quelques gestes simples suffisent à limiter les plis.

## Avant le lavage

Ne surchargez pas la machine : le linge tassé ressort froissé. Pour les chemises et les tissus délicats, choisissez un programme à essorage doux.

## Au moment d'étendre

C'est l'étape décisive. Secouez chaque pièce d'un coup sec avant de l'étendre, tirez doucement sur les coutures et suspendez les chemises sur un cintre, boutonnées au col. Les pantalons s'étendent par le bas, pli marqué.

## Les alternatives au fer

- Le défroisseur vapeur, pratique pour les vêtements suspendus.
- La salle de bains après une douche chaude : la vapeur détend les fibres.
- Le sèche-linge, à condition de sortir le linge dès la fin du cycle.

!ad

Quant aux draps, la plupart des lecteurs que nous avons interrogés ont renoncé à les repasser depuis longtemps. Pliés encore tièdes et rangés sous une pile, ils finissent presque aussi lisses.
""",
    comments=[("Paul", "26 février 2024 à 12 h 14", "Je n'ai pas repassé depuis 2015 et personne ne s'en est jamais aperçu."),
              ("Nadine", "26 février 2024 à 13 h 02", "Moi j'aime repasser en écoutant la radio, c'est mon moment à moi !"),
              ("Éric", "27 février 2024 à 7 h 45", "L'astuce du col boutonné sur le cintre marche très bien.")])

mag("sophie", file="romans-ete.html", url=P + "culture/romans-ete", pid=8702, cat="Culture",
    date="2024-02-12T10:00:00+01:00", date_text="12 février 2024", views="4 551", minutes=6,
    title="Cinq romans pour l'été, choisis par des libraires",
    dek="Nous avons demandé à cinq libraires indépendants le livre qu'ils glisseraient dans une valise. Leurs choix, et leurs raisons.",
    featured=("/wp-content/uploads/2024/02/librairie.jpg", "Dans une librairie indépendante, les tables d'été se préparent dès le printemps."),
    tags=["livres", "librairies", "été"], prev=("ceramiste", "Rencontre avec une céramiste qui tourne à l'ancienne"), next=("jardins-partages", "Les jardins partagés redonnent vie aux quartiers"),
    body="""
Pas de classement ni de palmarès ici : seulement cinq libraires, cinq romans et autant d'envies de lecture. Tous les livres présentés sont parus dans l'année, en grand format ou en poche.

## La Maison aux volets bleus

Marc, libraire à Nantes, a choisi ce roman familial qui se déroule sur trois étés dans une maison de vacances en Bretagne. « C'est le livre idéal pour une chaise longue : on croit lire une histoire légère, et on se retrouve bouleversé à la dernière page. »

## Le Cartographe du fleuve

Pour Inès, à Lyon, ce roman d'aventure suit un jeune géomètre chargé de dessiner le cours d'un fleuve inconnu au XIXe siècle. Elle y voit « un vrai livre d'évasion, avec des chapitres courts qui se lisent entre deux baignades ».

!ad

## Les Heures creuses

Ce court roman raconte une nuit dans un hôtel de gare, à travers les yeux du veilleur de nuit. « Deux cents pages, une seule nuit, et des personnages qu'on n'oublie pas », résume Hugo, libraire à Lille.

## Nos Jardins d'hiver

Le coup de cœur de Mathilde, à Bordeaux, est un roman épistolaire entre deux sœurs séparées par un océan. Elle le recommande « aux lecteurs qui aiment pleurer un peu en vacances ».

## La Course des lièvres

Enfin, Sylvain, à Strasbourg, a retenu un roman policier situé dans un village de montagne. « L'enquête est habile, mais ce qui m'a plu, c'est la description de la vie du village. On a envie d'y passer ses vacances, malgré le crime. »

!also Rencontre avec une céramiste qui tourne à l'ancienne | /ceramiste/
""",
    comments=[("Juliette", "12 février 2024 à 19 h 30", "Merci pour cette sélection, j'ai noté Les Heures creuses !")])
