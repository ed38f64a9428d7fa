"""A Spanish wiki on a MediaWiki-like skin (Vector 2022): header with search and user
links, table of contents, language dropdown, article/discussion tabs, page tools, a
hatnote, an infobox, section "[editar]" links, reference marks, thumbnails with
captions, wikitables, "see also", references, external links, a navbox, categories and
the footer. The article is the title, the lead and body sections with their captions
and tables; infobox, hatnote, TOC, reference marks and the appendix sections are not."""
import re
from gen import Renderer, esc, label as blocks_label

NAME = "wiki-es"
TEMPLATE = "wiki"
LANG = "es"

MAIN_MENU = ["Portada", "Portal de la comunidad", "Actualidad", "Cambios recientes", "Páginas nuevas", "Página aleatoria", "Ayuda", "Donaciones", "Notificar un error"]
LANGS = ["العربية", "Asturianu", "Català", "Čeština", "Dansk", "Deutsch", "English", "Esperanto", "Euskara", "فارسی", "Suomi", "Français", "Galego", "עברית",
         "Italiano", "日本語", "한국어", "Nederlands", "Polski", "Português", "Русский", "Svenska", "ไทย", "Türkçe", "Українська", "中文"]
TOOLS = [("Acciones", ["Leer", "Editar", "Ver historial"]),
         ("General", ["Lo que enlaza aquí", "Cambios en enlazadas", "Subir archivo", "Páginas especiales", "Enlace permanente", "Información de la página", "Citar esta página", "Obtener URL acortado", "Elemento de datos"]),
         ("Imprimir/exportar", ["Crear un libro", "Descargar como PDF", "Versión para imprimir"])]


def anchor(text):
    return re.sub(r"\s+", "_", text)


class R(Renderer):
    def h(self, level, text):
        return ('<h%d><span class="mw-headline" id="%s">%s</span><span class="mw-editsection"><span class="mw-editsection-bracket">[</span><a href="/w/index.php?action=edit&amp;section=%d" title="Editar sección: %s"><span>editar</span></a><span class="mw-editsection-bracket">]</span></span></h%d>'
                % (level, esc(anchor(text)), self.il(text), len(text) % 7 + 1, esc(text), level))

    def refmark(self, n):
        return '<sup id="cite_ref-%s" class="reference separada"><a href="#cite_note-%s"><span class="corchete-llamada">[</span>%s<span class="corchete-llamada">]</span></a></sup>' % (n, n, n)

    def link(self, href, inner):
        return '<a href="/wiki/%s" title="%s">%s</a>' % (esc(href), esc(href.replace("_", " ")), inner)

    def d_fig(self, src, alt="", caption="", credit=""):
        return ('<figure class="mw-default-size" typeof="mw:File/Thumb"><a href="/wiki/Archivo:%s" class="mw-file-description"><img alt="%s" src="/upload/thumb/%s/250px-%s" decoding="async" width="250" height="188" class="mw-file-element"></a><figcaption>%s</figcaption></figure>'
                % (esc(src), esc(alt), esc(src), esc(src), self.il(caption)))

    def table(self, rows):
        head = "".join("<th>%s</th>" % self.il(c) for c in rows[0])
        body = "".join("<tr>%s</tr>" % "".join("<td>%s</td>" % self.il(c) for c in r) for r in rows[1:])
        return '<table class="wikitable">\n<tbody><tr>\n%s</tr>\n%s</tbody></table>' % (head, body)


def render(page):
    r = R()
    body_blocks = page["blocks"]
    lead, rest = [], []
    seen_h = False
    for b in body_blocks:
        seen_h = seen_h or b[0] == "h"
        (rest if seen_h else lead).append(b)
    title = page["title"]
    heads = [b[2] for b in body_blocks if b[0] == "h" and b[1] == 2] + ["Véase también", "Referencias", "Enlaces externos"]
    toc = "".join('<li id="toc-%s" class="vector-toc-list-item vector-toc-level-1"><a class="vector-toc-link" href="#%s"><div class="vector-toc-text"><span class="vector-toc-numb">%d</span><span>%s</span></div></a></li>' % (esc(anchor(h)), esc(anchor(h)), i + 1, esc(h)) for i, h in enumerate(heads))
    langs = "".join('<li class="interlanguage-link mw-list-item"><a href="https://%d.example/wiki/x" class="interlanguage-link-target"><span>%s</span></a></li>' % (i, l) for i, l in enumerate(LANGS[:page["nlangs"]]))
    tools = "".join('<div class="vector-menu mw-portlet"><div class="vector-menu-heading">%s</div><div class="vector-menu-content"><ul class="vector-menu-content-list">%s</ul></div></div>' % (t, "".join('<li class="mw-list-item"><a href="/w/tool/%d"><span>%s</span></a></li>' % (j, x) for j, x in enumerate(xs))) for t, xs in TOOLS)
    menu = "".join('<li class="mw-list-item"><a href="/wiki/%s"><span>%s</span></a></li>' % (anchor(m), m) for m in MAIN_MENU)
    info = "".join('<tr><th scope="row" class="infobox-label">%s</th><td colspan="2" class="infobox-data">%s</td></tr>' % (esc(k), esc(v)) for k, v in page["infobox"])
    see = "".join('<li><a href="/wiki/%s" title="%s">%s</a></li>' % (anchor(s), esc(s), esc(s)) for s in page["see_also"])
    refs = "".join('<li id="cite_note-%d"><span class="mw-cite-backlink"><a href="#cite_ref-%d">↑</a></span> <span class="reference-text">%s</span></li>' % (i + 1, i + 1, esc(x)) for i, x in enumerate(page["refs"]))
    ext = "".join('<li><a rel="nofollow" class="external text" href="https://ext.example/%d">%s</a></li>' % (i, esc(x)) for i, x in enumerate(page["external"]))
    nav_title, nav_groups = page["navbox"]
    navbox = "".join('<tr><th scope="row" class="navbox-group">%s</th><td class="navbox-list navbox-odd"><div><ul>%s</ul></div></td></tr>' % (esc(g), "".join('<li><a href="/wiki/%s">%s</a></li>' % (anchor(x), esc(x)) for x in xs)) for g, xs in nav_groups)
    cats = "".join('<li><a href="/wiki/Categoría:%s" title="Categoría:%s">%s</a></li>' % (anchor(c), esc(c), esc(c)) for c in page["cats"])
    return f"""<!DOCTYPE html>
<html class="client-nojs vector-feature-language-in-header-enabled vector-feature-language-in-main-page-header-disabled vector-feature-sticky-header-disabled vector-feature-page-tools-pinned-disabled vector-feature-toc-pinned-clientpref-1 vector-feature-main-menu-pinned-disabled vector-feature-limited-width-clientpref-1 vector-feature-limited-width-content-enabled" lang="es" dir="ltr">
<head>
<meta charset="UTF-8">
<title>{esc(title)} - Enciclopedia Abierta</title>
<script>(function(){{var className="client-js vector-feature-language-in-header-enabled";document.documentElement.className=className;}}());RLCONF={{"wgPageName":"{anchor(title)}","wgTitle":"{esc(title)}","wgCurRevisionId":15893321,"wgContentLanguage":"es","wgUserLanguage":"es","wgArticleId":{page['aid']}}};</script>
<link rel="stylesheet" href="/w/load.php?lang=es&amp;modules=ext.cite.styles%7Cskins.vector.styles&amp;only=styles&amp;skin=vector-2022">
<meta name="generator" content="MediaWiki 1.42.0">
<meta name="viewport" content="width=1120">
<meta property="og:title" content="{esc(title)} - Enciclopedia Abierta">
<meta property="og:type" content="website">
<link rel="canonical" href="{page['url']}">
</head>
<body class="skin-vector skin-vector-search-vue mediawiki ltr sitedir-ltr mw-hide-empty-elt ns-0 ns-subject page-{anchor(title)} rootpage-{anchor(title)} skin-vector-2022 action-view">
<a class="mw-jump-link" href="#bodyContent">Ir al contenido</a>
<div class="vector-header-container"><header class="vector-header mw-header"><div class="vector-header-start">
<nav class="vector-main-menu-landmark" aria-label="Sitio"><div id="vector-main-menu-dropdown" class="vector-dropdown vector-main-menu-dropdown vector-button-flush-left vector-button-flush-right"><input type="checkbox" id="vector-main-menu-dropdown-checkbox" role="button" aria-haspopup="true" class="vector-dropdown-checkbox" aria-label="Menú principal"><label id="vector-main-menu-dropdown-label" for="vector-main-menu-dropdown-checkbox" class="vector-dropdown-label cdx-button cdx-button--fake-button cdx-button--fake-button--enabled cdx-button--weight-quiet cdx-button--icon-only" aria-hidden="true"><span class="vector-icon mw-ui-icon-menu mw-ui-icon-wikimedia-menu"></span><span class="vector-dropdown-label-text">Menú principal</span></label>
<div class="vector-dropdown-content"><div id="vector-main-menu" class="vector-main-menu vector-pinnable-element"><div class="vector-pinnable-header vector-main-menu-pinnable-header vector-pinnable-header-unpinned"><div class="vector-pinnable-header-label">Menú principal</div><button class="vector-pinnable-header-toggle-button vector-pinnable-header-pin-button">mover a la barra lateral</button><button class="vector-pinnable-header-toggle-button vector-pinnable-header-unpin-button">ocultar</button></div>
<div id="p-navigation" class="vector-menu mw-portlet mw-portlet-navigation"><div class="vector-menu-heading">Navegación</div><div class="vector-menu-content"><ul class="vector-menu-content-list">{menu}</ul></div></div></div></div></div></nav>
<a href="/wiki/Portada" class="mw-logo"><img class="mw-logo-icon" src="/static/images/icons/enciclopedia.svg" alt="" aria-hidden="true" height="50" width="50"><span class="mw-logo-container"><strong class="mw-logo-wordmark">Enciclopedia Abierta</strong><span class="mw-logo-tagline">La enciclopedia libre</span></span></a></div>
<div class="vector-header-end"><div id="p-search" role="search" class="vector-search-box-vue vector-search-box-collapses vector-search-box-show-thumbnail vector-search-box-auto-expand-width vector-search-box"><a href="/wiki/Especial:Buscar" class="cdx-button cdx-button--fake-button cdx-button--fake-button--enabled cdx-button--weight-quiet cdx-button--icon-only search-toggle" id="" title="Buscar en Enciclopedia Abierta [f]" accesskey="f"><span class="vector-icon mw-ui-icon-search mw-ui-icon-wikimedia-search"></span><span>Buscar</span></a>
<div class="vector-typeahead-search-container"><div class="cdx-typeahead-search cdx-typeahead-search--show-thumbnail cdx-typeahead-search--auto-expand-width"><form action="/w/index.php" id="searchform" class="cdx-search-input cdx-search-input--has-end-button"><div id="simpleSearch" class="cdx-search-input__input-wrapper" data-search-loc="header-moved"><div class="cdx-text-input cdx-text-input--has-start-icon"><input class="cdx-text-input__input" type="search" name="search" placeholder="Buscar en Enciclopedia Abierta" aria-label="Buscar en Enciclopedia Abierta" autocapitalize="sentences" title="Buscar en Enciclopedia Abierta [f]" accesskey="f" id="searchInput"><span class="cdx-text-input__icon cdx-text-input__start-icon"></span></div><input type="hidden" name="title" value="Especial:Buscar"></div><button class="cdx-button cdx-search-input__end-button">Buscar</button></form></div></div></div>
<nav class="vector-user-links vector-user-links-wide" aria-label="Herramientas personales"><div class="vector-user-links-main"><div id="p-vector-user-menu-preferences" class="vector-menu mw-portlet emptyPortlet"><div class="vector-menu-content"><ul class="vector-menu-content-list"></ul></div></div>
<div id="p-vector-user-menu-overflow" class="vector-menu mw-portlet mw-portlet-vector-user-menu-overflow"><div class="vector-menu-content"><ul class="vector-menu-content-list"><li id="pt-sitesupport-2" class="user-links-collapsible-item mw-list-item user-links-collapsible-item"><a data-mw="interface" href="/donar" class=""><span>Donaciones</span></a></li><li id="pt-createaccount-2" class="user-links-collapsible-item mw-list-item user-links-collapsible-item"><a data-mw="interface" href="/w/index.php?title=Especial:Crear_una_cuenta" title="Te recomendamos crear una cuenta e iniciar sesión; sin embargo, no es obligatorio" class=""><span>Crear una cuenta</span></a></li><li id="pt-login-2" class="user-links-collapsible-item mw-list-item user-links-collapsible-item"><a data-mw="interface" href="/w/index.php?title=Especial:Entrar" title="Te recomendamos iniciar sesión, aunque no es obligatorio [o]" accesskey="o" class=""><span>Acceder</span></a></li></ul></div></div></div></nav></div>
</header></div>
<div class="mw-page-container"><div class="mw-page-container-inner">
<div class="vector-main-menu-container"></div>
<div class="vector-sitenotice-container"><div id="siteNotice"><div id="localNotice" data-nosnippet=""><div class="anonnotice" lang="es" dir="ltr"><p>Este mes celebramos el concurso de artículos sobre patrimonio industrial. <a href="/wiki/Proyecto:Patrimonio">¡Participa!</a></p></div></div></div></div>
<div class="vector-column-start"><div class="vector-main-menu-container"></div><nav id="mw-panel-toc" aria-label="Contenidos" data-event-name="ui.sidebar-toc" class="mw-table-of-contents-container vector-toc-landmark"><div id="vector-toc-pinned-container" class="vector-pinned-container"><div id="vector-toc" class="vector-toc vector-pinnable-element"><div class="vector-pinnable-header vector-toc-pinnable-header vector-pinnable-header-pinned"><h2 class="vector-pinnable-header-label">Contenidos</h2><button class="vector-pinnable-header-toggle-button vector-pinnable-header-pin-button">mover a la barra lateral</button><button class="vector-pinnable-header-toggle-button vector-pinnable-header-unpin-button">ocultar</button></div>
<ul class="vector-toc-contents" id="mw-panel-toc-list"><li id="toc-mw-content-text" class="vector-toc-list-item vector-toc-level-1"><a href="#" class="vector-toc-link"><div class="vector-toc-text">Inicio</div></a></li>{toc}</ul></div></div></nav></div>
<div class="mw-content-container"><main id="content" class="mw-body">
<header class="mw-body-header vector-page-titlebar"><h1 id="firstHeading" class="firstHeading mw-first-heading"><span class="mw-page-title-main">{esc(title)}</span></h1>
<div id="p-lang-btn" class="vector-dropdown mw-portlet mw-portlet-lang"><input type="checkbox" id="p-lang-btn-checkbox" role="button" aria-haspopup="true" class="vector-dropdown-checkbox mw-interlanguage-selector" aria-label="Ir a un artículo en otro idioma. Disponible en {page['nlangs']} idiomas"><label id="p-lang-btn-label" for="p-lang-btn-checkbox" class="vector-dropdown-label cdx-button cdx-button--fake-button cdx-button--fake-button--enabled cdx-button--weight-quiet cdx-button--action-progressive mw-portlet-lang-heading-{page['nlangs']}" aria-hidden="true"><span class="vector-icon mw-ui-icon-language-progressive mw-ui-icon-wikimedia-language-progressive"></span><span class="vector-dropdown-label-text">{page['nlangs']} idiomas</span></label>
<div class="vector-dropdown-content"><div class="vector-menu-content"><ul class="vector-menu-content-list">{langs}</ul><div class="after-portlet after-portlet-lang"><span class="wb-langlinks-edit wb-langlinks-link"><a href="/wiki/Especial:EntityPage" title="Editar enlaces interlingüísticos" class="wbc-editpage">Editar enlaces</a></span></div></div></div></div>
</header>
<div class="vector-page-toolbar"><div class="vector-page-toolbar-container"><div id="left-navigation"><nav aria-label="Espacios de nombres"><div id="p-associated-pages" class="vector-menu vector-menu-tabs mw-portlet mw-portlet-associated-pages"><div class="vector-menu-content"><ul class="vector-menu-content-list"><li id="ca-nstab-main" class="selected vector-tab-noicon mw-list-item"><a href="/wiki/{anchor(title)}" title="Ver la página de contenido [c]" accesskey="c"><span>Artículo</span></a></li><li id="ca-talk" class="vector-tab-noicon mw-list-item"><a href="/wiki/Discusión:{anchor(title)}" rel="discussion" title="Discusión acerca de la página [t]" accesskey="t"><span>Discusión</span></a></li></ul></div></div></nav></div>
<div id="right-navigation" class="vector-collapsible"><nav aria-label="Vistas"><div id="p-views" class="vector-menu vector-menu-tabs mw-portlet mw-portlet-views"><div class="vector-menu-content"><ul class="vector-menu-content-list"><li id="ca-view" class="selected vector-tab-noicon mw-list-item"><a href="/wiki/{anchor(title)}"><span>Leer</span></a></li><li id="ca-edit" class="vector-tab-noicon mw-list-item"><a href="/w/index.php?title={anchor(title)}&amp;action=edit" title="Editar esta página [e]" accesskey="e"><span>Editar</span></a></li><li id="ca-history" class="vector-tab-noicon mw-list-item"><a href="/w/index.php?title={anchor(title)}&amp;action=history" title="Versiones anteriores de esta página [h]" accesskey="h"><span>Ver historial</span></a></li></ul></div></div></nav>
<nav class="vector-page-tools-landmark" aria-label="Herramientas de la página"><div id="vector-page-tools-dropdown" class="vector-dropdown vector-page-tools-dropdown"><input type="checkbox" id="vector-page-tools-dropdown-checkbox" role="button" aria-haspopup="true" class="vector-dropdown-checkbox" aria-label="Herramientas"><label id="vector-page-tools-dropdown-label" for="vector-page-tools-dropdown-checkbox" class="vector-dropdown-label cdx-button cdx-button--fake-button cdx-button--fake-button--enabled cdx-button--weight-quiet" aria-hidden="true"><span class="vector-dropdown-label-text">Herramientas</span></label><div class="vector-dropdown-content"><div id="vector-page-tools-unpinned-container" class="vector-unpinned-container"><div id="vector-page-tools" class="vector-page-tools vector-pinnable-element"><div class="vector-pinnable-header vector-page-tools-pinnable-header vector-pinnable-header-unpinned"><div class="vector-pinnable-header-label">Herramientas</div></div>{tools}</div></div></div></div></nav></div></div></div>
<div id="bodyContent" class="vector-body" aria-labelledby="firstHeading" data-mw-ve-target-container>
<div class="vector-body-before-content"><div class="mw-indicators"></div><div id="siteSub" class="noprint">De Enciclopedia Abierta, la enciclopedia libre</div></div>
<div id="contentSub"><div id="mw-content-subtitle"></div></div>
<div id="mw-content-text" class="mw-body-content"><div class="mw-content-ltr mw-parser-output" lang="es" dir="ltr">
<div class="rellink noprint hatnote">{esc(page['hatnote'])}</div>
<table class="infobox" style="width:22.7em; line-height: 1.4em; text-align:left; padding:.23em;"><tbody><tr><th colspan="3" class="cabecera" style="text-align:center;background-color:#d8e2e6;">{esc(title)}</th></tr>
<tr><td colspan="3" class="imagen" style="text-align:center;"><span class="mw-default-size"><a href="/wiki/Archivo:{page['img']}" class="mw-file-description"><img src="/upload/thumb/{page['img']}/250px-{page['img']}" decoding="async" width="250" height="180" class="mw-file-element"></a></span><br><span style="font-size:88%;">{esc(page['infobox_caption'])}</span></td></tr>
{info}
<tr><td colspan="3" style="text-align:center" class="noprint"><span typeof="mw:File"><span><img src="/static/images/icons/datos.svg" width="20" height="11" class="mw-file-element"></span></span> <a href="/wiki/Datos:{page['aid']}">Datos: Q{page['aid']}</a></td></tr></tbody></table>
{r.blocks(lead)}
<meta property="mw:PageProp/toc">
{r.blocks(rest)}
<h2><span class="mw-headline" id="Véase_también">Véase también</span><span class="mw-editsection"><span class="mw-editsection-bracket">[</span><a href="/w/index.php?action=edit&amp;section=20"><span>editar</span></a><span class="mw-editsection-bracket">]</span></span></h2>
<ul>{see}</ul>
<h2><span class="mw-headline" id="Referencias">Referencias</span><span class="mw-editsection"><span class="mw-editsection-bracket">[</span><a href="/w/index.php?action=edit&amp;section=21"><span>editar</span></a><span class="mw-editsection-bracket">]</span></span></h2>
<div class="listaref" style="list-style-type: decimal;"><div class="mw-references-wrap"><ol class="references">{refs}</ol></div></div>
<h2><span class="mw-headline" id="Enlaces_externos">Enlaces externos</span><span class="mw-editsection"><span class="mw-editsection-bracket">[</span><a href="/w/index.php?action=edit&amp;section=22"><span>editar</span></a><span class="mw-editsection-bracket">]</span></span></h2>
<ul>{ext}</ul>
<div role="navigation" class="navbox" aria-labelledby="{esc(anchor(nav_title))}" style="padding:3px"><table class="nowraplinks collapsible autocollapse navbox-inner" style="border-spacing:0;background:transparent;color:inherit"><tbody><tr><th scope="col" class="navbox-title" colspan="2"><div id="{esc(anchor(nav_title))}" style="font-size:114%;margin:0 4em">{esc(nav_title)}</div></th></tr>{navbox}</tbody></table></div>
<!--
NewPP limit report
Parsed by mw-web.codfw.main-6c8d8f5b8d-x2l9k
Cached time: 20240312103122
CPU time usage: 0.412 seconds
-->
</div>
<div class="printfooter" data-nosnippet="">Obtenido de «<a dir="ltr" href="{page['url']}?oldid=15893321">{page['url']}?oldid=15893321</a>»</div></div>
<div id="catlinks" class="catlinks" data-mw="interface"><div id="mw-normal-catlinks" class="mw-normal-catlinks"><a href="/wiki/Especial:Categorías" title="Especial:Categorías">Categorías</a>: <ul>{cats}</ul></div></div>
</div></main></div>
<div class="mw-footer-container"><footer id="footer" class="mw-footer" role="contentinfo"><ul id="footer-info"><li id="footer-info-lastmod"> Esta página se editó por última vez el {page['edited']}.</li>
<li id="footer-info-copyright">El texto está disponible bajo la <a rel="license" href="/licencia">Licencia Creative Commons Atribución Compartir Igual 4.0</a>; pueden aplicarse cláusulas adicionales. Al usar este sitio aceptas nuestros <a href="/terminos">términos de uso</a> y nuestra <a href="/privacidad">política de privacidad</a>.</li></ul>
<ul id="footer-places"><li id="footer-places-privacy"><a href="/privacidad">Política de privacidad</a></li><li id="footer-places-about"><a href="/wiki/Acerca_de">Acerca de Enciclopedia Abierta</a></li><li id="footer-places-disclaimers"><a href="/wiki/Limitación_general_de_responsabilidad">Limitación de responsabilidad</a></li><li><a href="/conducta">Código de conducta</a></li><li><a href="/desarrolladores">Desarrolladores</a></li><li><a href="/estadisticas">Estadísticas</a></li><li><a href="/cookies">Declaración de cookies</a></li><li><a href="{page['url']}?mobile=1">Versión para móviles</a></li></ul></footer></div>
</div></div>
<script>(RLQ=window.RLQ||[]).push(function(){{mw.config.set({{"wgBackendResponseTime":142}});}});</script>
</body>
</html>
"""


def label(page):
    return [page["title"]] + blocks_label(page["blocks"])


P = "http://site.test/enciclopedia/wiki/"
PAGES = []

PAGES.append(dict(
    file="molino-de-viento.html", url=P + "Molino_de_viento", aid=48211, nlangs=26, edited="12 feb 2024 a las 10:31",
    title="Molino de viento", img="Molino_de_La_Mancha.jpg", infobox_caption="Molinos de torre en una loma de La Mancha",
    hatnote="Para otros usos de este término, véase Molino (desambiguación).",
    infobox=[("Tipo", "Máquina motriz"), ("Fuente de energía", "Viento"), ("Usos", "Moler grano, bombear agua, aserrar"), ("Primeros registros", "Siglo IX, en Persia"), ("Sucesor", "Aerogenerador")],
    see_also=["Aerogenerador", "Molino de agua", "Energía eólica", "Noria"],
    refs=["Martín Calvo, A. (1998). Ingenios de viento y agua. Toledo: Ediciones del Campo. pp. 23-41.", "Rivas, L. (2010). «La técnica de los molinos manchegos». Revista de Patrimonio Industrial 14: 55-70.", "Ortega, M. (2015). Historia de la energía. Madrid: Alianza Técnica. p. 112."],
    external=["Asociación de Amigos de los Molinos", "Inventario de molinos de viento conservados"],
    navbox=("Máquinas tradicionales", [("Energía", ["Molino de viento", "Molino de agua", "Noria", "Aceña"]), ("Agricultura", ["Arado", "Trillo", "Aventadora"])]),
    cats=["Molinos", "Energía eólica", "Patrimonio industrial"],
    body="""
Un **molino de viento** es una máquina que transforma la fuerza del viento en movimiento mediante unas aspas o velas que giran alrededor de un eje. Durante siglos se utilizó sobre todo para moler grano, pero también para bombear agua, aserrar madera o prensar aceite.^[1]

Los molinos de viento fueron una de las principales fuentes de energía mecánica antes de la máquina de vapor, y en muchas regiones llanas y ventosas marcaron el paisaje rural. Hoy se conservan como patrimonio y su principio se aplica, con una técnica muy distinta, en los aerogeneradores modernos.

## Historia

Los primeros molinos de viento documentados aparecen en la región de Persia hacia el siglo IX. Tenían un eje vertical y velas de tela o de juncos que giraban en un plano horizontal, protegidas en parte por muros que dirigían el viento.^[3]

En Europa se difundieron a partir del siglo XII los molinos de eje horizontal, en los que las aspas giran en un plano vertical frente al viento. Los primeros fueron molinos de poste, en los que todo el cuerpo de madera gira sobre un poste central para orientarse. Más tarde aparecieron los molinos de torre, con un cuerpo fijo de piedra y solo la caperuza giratoria.

!fig Molino_de_torre_esquema.png | Esquema de un molino de torre | Esquema de un molino de torre: la caperuza gira para orientar las aspas hacia el viento

## Funcionamiento

El viento empuja las aspas, que hacen girar el eje principal. Este eje transmite el movimiento mediante un sistema de ruedas dentadas de madera a una piedra de moler, llamada volandera, que gira sobre otra piedra fija, la solera. El grano cae entre ambas piedras y sale convertido en harina.^[2]

El molinero debía orientar el molino según la dirección del viento y ajustar la superficie de las velas cuando soplaba con fuerza. Un molino mal atendido en una tormenta podía perder las aspas o incendiarse por el roce de las piezas.

## Tipos principales

| Tipo | Eje | Parte que gira para orientarse | Época de mayor uso |
|---|---|---|---|
| Molino de eje vertical | Vertical | Ninguna | Siglos IX a XIII |
| Molino de poste | Horizontal | Todo el cuerpo | Siglos XII a XVIII |
| Molino de torre | Horizontal | Solo la caperuza | Siglos XV a XIX |
| Bomba eólica de multipala | Horizontal | Rotor y veleta | Siglos XIX y XX |

## Conservación

Con la llegada de la electricidad, la mayoría de los molinos dejaron de usarse y muchos se arruinaron. Desde la segunda mitad del siglo XX, ayuntamientos y asociaciones han restaurado numerosos ejemplares, algunos de los cuales vuelven a moler en días de fiesta como demostración para los visitantes.
""",
))

PAGES.append(dict(
    file="papel.html", url=P + "Papel", aid=51007, nlangs=24, edited="3 mar 2024 a las 18:02",
    title="Papel", img="Hojas_de_papel.jpg", infobox_caption="Hojas de papel de distintos gramajes",
    hatnote="Este artículo trata sobre el material. Para otros usos, véase Papel (desambiguación).",
    infobox=[("Material", "Fibras de celulosa"), ("Origen", "China"), ("Medida habitual", "Gramaje en g/m²"), ("Usos", "Escritura, impresión, embalaje, higiene")],
    see_also=["Papiro", "Pergamino", "Reciclaje", "Imprenta"],
    refs=["Salas, E. (2004). El papel y su historia. Barcelona: Gremio. p. 9.", "Fernández, R. (2012). Tecnología de la celulosa. Valencia: Universidad Técnica. pp. 77-95.", "Guía de gramajes y formatos. Asociación Papelera, 2019."],
    external=["Museo del Papel", "Taller de papel hecho a mano"],
    navbox=("Soportes de escritura", [("Antiguos", ["Tablilla de arcilla", "Papiro", "Pergamino"]), ("Modernos", ["Papel", "Cartón", "Papel electrónico"])]),
    cats=["Papel", "Materiales", "Inventos de China"],
    body="""
El **papel** es una lámina delgada hecha con fibras vegetales de celulosa, entrelazadas y secadas. Se emplea para escribir, imprimir, envolver y limpiar, y es uno de los materiales más comunes de la vida cotidiana.^[1]

## Origen

El papel se inventó en China hace unos dos mil años. Las primeras hojas se fabricaban con corteza de morera, restos de tela y redes de pesca viejas, que se machacaban en agua hasta formar una pasta. Desde China, la técnica pasó a Corea y Japón y, a través del mundo islámico, llegó a la península ibérica en la Edad Media, donde se instalaron algunos de los primeros molinos papeleros de Europa.

## Fabricación

En la fabricación industrial, la madera se reduce a astillas y se trata para separar las fibras de celulosa de otras sustancias. La pasta resultante se diluye en mucha agua y se extiende sobre una malla en movimiento, por la que escurre el agua. Después, la lámina pasa por rodillos que la prensan y cilindros calientes que la secan.^[2]

El papel hecho a mano sigue el mismo principio: el papelero sumerge un marco con una malla en una tina de pasta, lo levanta con un movimiento regular para repartir las fibras y deja secar la hoja sobre un fieltro.

!fig Formacion_de_hoja.jpg | Papelero formando una hoja | Formación de una hoja de papel a mano con un marco de malla

## Gramaje

El grosor de un papel suele expresarse por su gramaje, es decir, la masa de un metro cuadrado de ese papel.^[3]

| Gramaje | Uso habitual |
|---|---|
| 60–80 g/m² | Papel de oficina y de impresión |
| 90–120 g/m² | Cartas, folletos y papel de dibujo ligero |
| 170–250 g/m² | Cubiertas, tarjetas y carteles |
| Más de 250 g/m² | Cartulina y cartón fino |

## Reciclaje

El papel puede reciclarse varias veces, aunque en cada ciclo las fibras se acortan y pierden resistencia. Por eso el papel reciclado suele mezclarse con una parte de fibra nueva. Reciclar reduce el consumo de madera y de agua, y disminuye la cantidad de residuos que llegan a los vertederos.
""",
))

PAGES.append(dict(
    file="cafe.html", url=P + "Café_(bebida)", aid=30225, nlangs=26, edited="28 feb 2024 a las 07:45",
    title="Café (bebida)", img="Taza_de_cafe.jpg", infobox_caption="Una taza de café solo",
    hatnote="Este artículo trata sobre la bebida. Para la planta, véase Cafeto.",
    infobox=[("Tipo", "Bebida caliente o fría"), ("Origen", "Etiopía y Yemen"), ("Ingrediente principal", "Semillas tostadas del cafeto"), ("Principio activo", "Cafeína")],
    see_also=["Cafeto", "Cafetería", "Té", "Espresso"],
    refs=["Gómez Aranda, P. (2008). El café: historia de una bebida. Sevilla: Algaida Técnica. pp. 12-30.", "Lozano, I. (2017). Química del tostado. Madrid: Ciencia Hoy. p. 64."],
    external=["Organización de productores de café", "Guía de métodos de preparación"],
    navbox=("Bebidas calientes", [("Con cafeína", ["Café", "Té", "Mate", "Chocolate"]), ("Sin cafeína", ["Infusión", "Caldo"])]),
    cats=["Café", "Bebidas calientes"],
    body="""
El **café** es una bebida que se obtiene a partir de las semillas tostadas y molidas del cafeto. Es una de las bebidas más consumidas del mundo, apreciada por su aroma y por el efecto estimulante de la cafeína.

## Historia

Según una leyenda muy difundida, un pastor de Etiopía observó que sus cabras se volvían inquietas después de comer los frutos de cierto arbusto. Más allá de la leyenda, se sabe que en el siglo XV el café ya se bebía en los monasterios sufíes de Yemen, donde ayudaba a mantenerse despierto durante las oraciones nocturnas.^[1]

Desde la península arábiga, el consumo se extendió por el Imperio otomano y llegó a Europa en el siglo XVII. Las cafeterías se convirtieron pronto en lugares de reunión, de lectura de periódicos y de discusión política.

## Del fruto a la taza

El fruto del cafeto, llamado cereza, contiene normalmente dos semillas. Tras la cosecha, las semillas se separan de la pulpa, se secan y se almacenan como café verde. El tostado transforma su color, su sabor y su aroma: durante este proceso se forman cientos de compuestos aromáticos.^[2]

## Métodos de preparación

- Por infusión, como en la prensa francesa, donde el café molido reposa en agua caliente y luego se filtra.
- Por goteo o filtrado, en el que el agua atraviesa lentamente una capa de café sobre un filtro.
- A presión, como el espresso, en el que el agua caliente atraviesa el café muy molido a alta presión durante pocos segundos.
- Por decocción, como el café turco, que se hierve junto con el agua y se sirve sin filtrar.

!fig Cafetera_italiana.jpg | Cafetera italiana | La cafetera italiana prepara el café con el vapor que empuja el agua a través del filtro

## Consumo

El café se toma solo, con leche o con azúcar, y cada región tiene sus costumbres. En muchos países el café de media mañana es una pausa social tan importante como la bebida misma.
""",
))

PAGES.append(dict(
    file="bicicleta.html", url=P + "Bicicleta", aid=11309, nlangs=26, edited="9 mar 2024 a las 21:14",
    title="Bicicleta", img="Bicicleta_de_paseo.jpg", infobox_caption="Bicicleta de paseo con cuadro de acero",
    hatnote="Para el ejercicio físico, véase Ciclismo.",
    infobox=[("Tipo", "Vehículo de propulsión humana"), ("Ruedas", "Dos"), ("Transmisión", "Cadena y piñones"), ("Precursor", "Draisiana")],
    see_also=["Ciclismo", "Draisiana", "Bicicleta eléctrica", "Carril bici"],
    refs=["Herrero, J. (2011). Dos ruedas: historia de la bicicleta. Bilbao: Ediciones Pedal. pp. 5-48.", "Manual de mecánica de bicicletas (2016). Zaragoza: Taller Abierto. p. 21.", "Navarro, C. (2019). Movilidad urbana sostenible. Madrid: Ciudad. p. 140."],
    external=["Federación de ciclistas urbanos", "Museo de la bicicleta"],
    navbox=("Vehículos de propulsión humana", [("Terrestres", ["Bicicleta", "Triciclo", "Patinete", "Draisiana"]), ("Acuáticos", ["Piragua", "Bote de remos"])]),
    cats=["Bicicletas", "Vehículos", "Inventos del siglo XIX"],
    body="""
La **bicicleta** es un vehículo de dos ruedas en línea que se mueve gracias a la fuerza de quien la conduce, transmitida desde los pedales a la rueda trasera mediante una cadena.^[1] Es un medio de transporte barato, silencioso y eficiente, y también se utiliza para el deporte y el ocio.

## Historia

El antecedente más directo de la bicicleta es la draisiana, presentada en 1817, un vehículo de madera sin pedales que se impulsaba empujando el suelo con los pies. En la década de 1860 se añadieron pedales directamente a la rueda delantera, y poco después aparecieron los velocípedos de rueda delantera muy grande, rápidos pero peligrosos.

La llamada bicicleta de seguridad, con dos ruedas de tamaño similar y transmisión por cadena a la rueda trasera, se impuso a finales del siglo XIX. Junto con el neumático con cámara de aire, dio lugar a una forma que apenas ha cambiado desde entonces.

## Partes principales

| Parte | Función |
|---|---|
| Cuadro | Estructura que une todas las piezas |
| Horquilla | Sujeta la rueda delantera y permite girar |
| Transmisión | Pedales, platos, cadena y piñones que mueven la rueda trasera |
| Frenos | Detienen las ruedas por fricción sobre la llanta o un disco |
| Ruedas | Llanta, radios, buje y neumático |

El cambio de marchas permite mantener una cadencia de pedaleo cómoda tanto en subidas como en llano.^[2]

## Tipos

- Bicicletas de carretera, ligeras y con neumáticos estrechos.
- Bicicletas de montaña, con neumáticos anchos y a menudo con suspensión.
- Bicicletas urbanas y de paseo, con guardabarros, luces y portabultos.
- Bicicletas de carga, preparadas para transportar mercancías o niños.
- Bicicletas eléctricas, que añaden un motor de asistencia al pedaleo.

## La bicicleta en la ciudad

Muchas ciudades han construido carriles bici y sistemas de préstamo de bicicletas para reducir el tráfico y la contaminación.^[3] Los estudios de movilidad muestran que, en trayectos urbanos de hasta cinco kilómetros, la bicicleta suele ser tan rápida como el coche.
""",
))

PAGES.append(dict(
    file="faro.html", url=P + "Faro", aid=9930, nlangs=25, edited="17 ene 2024 a las 12:09",
    title="Faro", img="Faro_costero.jpg", infobox_caption="Faro costero al atardecer",
    hatnote="Para el elemento de un vehículo, véase Faro (automóvil).",
    infobox=[("Tipo", "Ayuda a la navegación"), ("Función", "Señalización marítima"), ("Fuente de luz", "Fuego, aceite, gas, electricidad"), ("Óptica característica", "Lente de Fresnel")],
    see_also=["Lente de Fresnel", "Boya", "Navegación marítima", "Torre de vigilancia"],
    refs=["Castro, F. (2006). Luces de la costa. A Coruña: Ediciones Atlánticas. pp. 33-59.", "Reglamento de señalización marítima (2014), capítulo 3."],
    external=["Asociación de amigos de los faros", "Catálogo de faros históricos"],
    navbox=("Señalización marítima", [("Luces", ["Faro", "Baliza", "Luz de enfilación"]), ("Señales flotantes", ["Boya", "Barco faro"])]),
    cats=["Faros", "Navegación", "Arquitectura costera"],
    body="""
Un **faro** es una torre situada en la costa o en una isla que emite una luz visible desde el mar, para que los barcos puedan orientarse de noche y evitar peligros como rocas, bajíos o la entrada de un puerto.

## Historia

En la Antigüedad se encendían hogueras en lo alto de colinas o torres para guiar a los navegantes. Algunos faros antiguos alcanzaron una gran altura y fama, y su recuerdo llegó hasta nuestros días en el nombre de estas construcciones en varias lenguas.

Durante siglos la luz se obtuvo quemando leña, carbón o aceite. En el siglo XIX se generalizó el uso de lámparas de aceite y, más tarde, de gas y de electricidad, lo que permitió luces mucho más intensas y fiables.^[1]

## La lente de Fresnel

El gran avance técnico de los faros fue la lente de Fresnel, formada por anillos de vidrio escalonados que concentran la luz en un haz estrecho y potente. Con esta lente, una lámpara relativamente pequeña puede verse a decenas de kilómetros de distancia.

!fig Lente_Fresnel_faro.jpg | Lente de Fresnel | Lente de Fresnel de un faro, formada por anillos de vidrio escalonados

## Características de la luz

Cada faro tiene una característica propia, es decir, un ritmo de destellos y ocultaciones que permite identificarlo. Un navegante que ve una luz en la costa puede consultar la lista oficial de faros y saber exactamente cuál está viendo.^[2]

- Luz fija, que brilla de forma continua.
- Luz de destellos, con periodos de luz más cortos que los de oscuridad.
- Luz de ocultaciones, con periodos de oscuridad más cortos que los de luz.
- Luz isofase, con periodos iguales de luz y oscuridad.

## Los fareros

Hasta la segunda mitad del siglo XX, la mayoría de los faros estaban atendidos por fareros que vivían junto a la torre con sus familias. Se encargaban de encender la luz, limpiar la óptica y dar la rotación a la lente. La automatización hizo desaparecer casi por completo este oficio, y muchas casas de fareros se han convertido en museos o alojamientos.
""",
))
