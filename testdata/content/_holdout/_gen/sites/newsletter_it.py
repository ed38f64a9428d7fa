"""An Italian newsletter on a Substack-like platform: a top bar with the publication's
name and subscribe and sign-in buttons, the post's title and subtitle, the byline with
the author's picture, the date and a "listen" button, like, comment and share buttons
(with counts) above and below the post, the post's body with figures and captions and a
subscribe box in the middle of it, a share button inside the body, the comments with
their authors, dates and likes, "more from" cards and the platform's footer. The article
is the title, the subtitle, the body and the captions."""
from gen import Renderer, esc, parse, label as blocks_label

NAME = "newsletter-it"
TEMPLATE = "newsletter"
LANG = "it"

PUB = "Il Taccuino del Quartiere"


class R(Renderer):
    def h(self, level, text):
        return '<h%d class="header-anchor-post">%s<div class="pencraft header-anchor-parent"><div class="header-anchor-widget"><button class="header-anchor" aria-label="Link"></button></div></div></h%d>' % (level, self.il(text), level)

    def d_fig(self, src, alt="", caption="", credit=""):
        cap = ('<figcaption class="image-caption">%s</figcaption>' % self.il(caption)) if caption else ""
        return ('<div class="captioned-image-container"><figure><a class="image-link image2 is-viewable-img" target="_blank" href="%s">'
                '<div class="image2-inset"><picture><source type="image/webp" srcset="%s 424w, %s 848w" sizes="100vw">'
                '<img src="%s" width="1456" height="971" alt="%s" class="sizing-normal" loading="lazy"></picture>'
                '<div class="image-link-expand"><div class="pencraft"><button class="restack-image" tabindex="0" type="button">Condividi</button></div></div></div></a>%s</figure></div>'
                % (esc(src), esc(src), esc(src), esc(src), esc(alt), cap))

    def d_subscribe(self):
        return ('<div class="subscription-widget-wrap-editor" data-attrs="{&quot;url&quot;:&quot;/subscribe&quot;}"><div class="subscription-widget show-subscribe">'
                '<div class="preamble"><p class="cta-caption">%s è una newsletter gratuita. Per ricevere i nuovi post e sostenere il mio lavoro, iscriviti.</p></div>'
                '<form class="subscription-widget-subscribe"><input type="email" class="email-input" name="email" placeholder="Scrivi la tua email…" tabindex="-1">'
                '<input type="submit" class="button primary" value="Iscriviti"><div class="fake-input-wrapper"><div class="fake-input"></div><div class="fake-button"></div></div></form></div></div>' % esc(PUB))

    def d_share(self):
        return '<p class="button-wrapper" data-attrs="{&quot;url&quot;:&quot;?utm_source=substack&amp;utm_medium=email&amp;utm_content=share&quot;}"><a class="button primary" href="?utm_source=substack&amp;utm_medium=email&amp;utm_content=share"><span>Condividi</span></a></p>'


def post_actions(likes, comments, where):
    return f"""<div class="post-ufi style-{where} themed"><div class="like-button-container post-ufi-button"><a role="button" class="post-ufi-button style-button has-label with-border"><div class="label">{likes}</div></a></div>
<a role="button" href="#comments" class="post-ufi-button style-button post-ufi-comment-button has-label with-border"><div class="label">{comments}</div></a>
<a role="button" class="post-ufi-button style-button has-label with-border"><div class="label">Condividi</div></a></div>"""


def render(page):
    r = R()
    body = r.blocks(page["blocks"])
    comments = "".join(f"""<div class="comment"><div class="comment-content"><div class="profile-hover-card-target"><a href="/@{esc(c[0].lower().replace(' ', ''))}" class="comment-user-avatar"><img src="/img/avatar/{k}.png" alt=""></a></div>
<div class="comment-body"><div class="comment-meta"><span class="commenter-name"><a href="/@{esc(c[0].lower().replace(' ', ''))}">{esc(c[0])}</a></span><a href="#comment-{k}" class="comment-date">{esc(c[1])}</a></div>
<div class="comment-body-text"><p>{esc(c[2])}</p></div>
<div class="comment-actions"><button class="comment-action-like">Mi piace ({c[3]})</button><button class="comment-action-reply">Rispondi</button><button class="comment-action-share">Condividi</button></div></div></div></div>
""" for k, c in enumerate(page["comments"]))
    more = "".join(f"""<div class="portable-archive-post"><a href="/p/{k}" class="post-preview-title">{esc(t)}</a><div class="post-preview-description">{esc(d)}</div><div class="post-meta"><time>{esc(w)}</time><span>{n} mi piace</span></div></div>
""" for k, (t, d, w, n) in enumerate(page["more"]))
    return f"""<!DOCTYPE html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{esc(page['title'])} - by Chiara Benedetti - {esc(PUB)}</title>
<meta name="description" content="{esc(page['subtitle'])}">
<meta property="og:type" content="article">
<meta property="og:title" content="{esc(page['title'])}">
<meta property="og:description" content="{esc(page['subtitle'])}">
<meta name="author" content="Chiara Benedetti">
<link rel="canonical" href="{page['url']}">
<link rel="alternate" type="application/rss+xml" href="/feed" title="{esc(PUB)}">
<link rel="stylesheet" href="/static/css/main.5a1f.css">
<script>window._preloads = {{"pub": {{"name": "{esc(PUB)}", "subdomain": "taccuino"}}, "post": {{"id": {page['id']}, "audience": "everyone"}}}}</script>
</head>
<body class="pc-root">
<div id="entry"><div id="main" class="main typography use-theme-bg">
<div class="main-menu"><div class="topbar-content"><div class="navbar-left"><a href="/" class="navbar-logo-container"><img class="navbar-logo" src="/img/logo.png" alt=""></a>
<h1 class="navbar-title"><a class="navbar-title-link" href="/">{esc(PUB)}</a></h1></div>
<div class="navbar-buttons"><button class="button primary subscribe-cta">Iscriviti</button><a class="button sign-in-link" href="/sign-in">Accedi</a></div></div></div>
<div class="single-post-container"><div class="container"><div class="single-post"><article class="typography newsletter-post post">
<div class="post-header">
<h1 class="post-title published title-X77sOw" dir="auto">{esc(page['title'])}</h1>
<h3 class="subtitle subtitle-HEEcLo" dir="auto">{esc(page['subtitle'])}</h3>
<div class="post-meta-header"><div class="byline-wrapper"><div class="profile-hover-card-target"><a href="/@chiarabenedetti"><img src="/img/avatar/chiara.png" alt="Chiara Benedetti's avatar" width="36" height="36"></a></div>
<div class="meta-EgzBVA"><div class="profile-hover-card-target"><a href="/@chiarabenedetti" class="pencraft frontend-pencraft-Text-module__decoration-hover-underline">Chiara Benedetti</a></div>
<div class="pencraft pc-reset color-pub-secondary-text"><time>{esc(page['date'])}</time></div></div></div>
<div class="post-audio"><button class="audio-button">Ascolta</button><span class="duration">{page['minutes']} min</span></div>
{post_actions(page['likes'], len(page['comments']), 'top')}
</div></div>
<div class="available-content"><div dir="auto" class="body markup">
{body}
</div></div>
<div class="post-footer">{post_actions(page['likes'], len(page['comments']), 'bottom')}
<div class="subscribe-footer"><p>Grazie per aver letto {esc(PUB)}! Iscriviti gratuitamente per ricevere i nuovi post.</p><form><input type="email" placeholder="Scrivi la tua email…"><button>Iscriviti</button></form></div></div>
</article>
<div id="comments" class="comments-section"><div class="comments-heading"><h4>Discussione su questo post</h4></div>
<div class="comment-input"><textarea placeholder="Scrivi un commento…"></textarea></div>
<div class="comment-list">{comments}</div></div>
<div class="more-from"><h4>Altri post da {esc(PUB)}</h4>{more}</div>
</div></div></div>
<div class="footer-wrap"><div class="footer"><div class="footer-terms"><span class="copyright">© 2024 Chiara Benedetti</span> · <a href="/privacy">Privacy</a> ∙ <a href="/tos">Termini</a> ∙ <a href="/collection-notice">Avviso sulla raccolta dei dati</a></div>
<div class="footer-slogan"><a href="/publish" class="footer-substack-cta">Inizia a scrivere</a><a href="/app">Scarica l'app</a></div>
<p class="footer-promo">La piattaforma che permette a chi scrive di costruire un pubblico e di vivere del proprio lavoro.</p></div></div>
</div></div>
<script src="/static/js/main.9f3c2.js" defer></script>
</body>
</html>
"""


def label(page):
    return [page["title"], page["subtitle"]] + blocks_label(page["blocks"])


B = "http://site.test/p/"
MORE = [
    ("Il mercato coperto riapre, ma non per tutti", "I banchi storici tornano in piazza. Quelli nuovi aspettano ancora.", "12 mar 2024", 41),
    ("La biblioteca che presta attrezzi", "Trapani, scale e macchine da cucire: come funziona lo scaffale più strano del quartiere.", "27 feb 2024", 88),
    ("Una mattina con chi pulisce i giardini", "Tre ore con i volontari del sabato, dal cancello alla fontana.", "9 feb 2024", 35),
]
PAGES = []

PAGES.append(dict(
    file="cortile-condiviso.html", url=B + "il-cortile-che-abbiamo-ripreso", id=140223117,
    title="Il cortile che abbiamo ripreso",
    subtitle="Per vent'anni è stato un parcheggio abusivo. Ora ci sono un orto, due panchine e un calendario di turni appeso al portone.",
    date="3 apr 2024", minutes=7, likes=126,
    comments=[
        ("Giulio Ferraris", "3 apr", "Abito due portoni più in là e confermo: d'estate il cortile è il posto più fresco del quartiere. Complimenti a tutti quelli che ci hanno lavorato.", 14),
        ("Marta Sala", "4 apr", "Bellissimo pezzo. Da noi l'amministratore dice che l'assicurazione non copre le attività dei condomini nel cortile: voi come avete risolto?", 6),
        ("Chiara Benedetti", "4 apr", "Marta, abbiamo fatto una polizza a parte per l'associazione, costa poco più di cento euro l'anno. Ne scrivo meglio in un prossimo numero.", 9),
    ],
    more=MORE,
    body="""
Quando mi sono trasferita in via Pastrengo, nel 2015, il cortile dietro il nostro palazzo era pieno di macchine. Nessuno sapeva bene di chi fossero: qualcuna dei condomini, molte di gente che lavorava in zona e aveva scoperto che il cancello restava sempre aperto. Nessuno ci faceva caso, perché un cortile, in città, serve a questo.

Poi, nella primavera del 2022, il cancello si è rotto per davvero, e per tre settimane nessuno è riuscito a entrare con l'auto. In quelle tre settimane è successa una cosa piccola: i bambini del terzo piano hanno cominciato a giocare a pallone sull'asfalto vuoto, e la signora Rina del piano terra ha portato fuori una sedia.

!fig https://cdn.taccuino.example/img/cortile-prima.jpg | Il cortile pieno di auto | Il cortile nel 2021, in una foto scattata dal quarto piano. | Foto di Chiara Benedetti

## Un'assemblea lunga

L'assemblea di condominio che ne è seguita è durata quasi quattro ore. Chi aveva un posto auto non voleva perderlo; chi non l'aveva non capiva perché dovesse pagare la manutenzione di un parcheggio per altri. Alla fine è passata una proposta di compromesso: sei posti auto numerati lungo il muro, e il resto del cortile libero.

Il resto, però, era un rettangolo di asfalto grigio. Lo abbiamo trasformato un pezzo alla volta:

- a maggio abbiamo tolto l'asfalto in un angolo e fatto quattro aiuole rialzate con bancali recuperati
- a giugno il falegname del civico 12 ci ha regalato due panchine
- a settembre abbiamo piantato un glicine contro il muro del palazzo accanto, con il permesso scritto dei vicini

!subscribe

## Le regole, scritte a mano

Un orto condiviso funziona solo se qualcuno lo annaffia. Sul portone c'è un foglio con i turni della settimana, scritto a mano e riscritto ogni mese. Le regole sono poche:

1. chi semina si segna sul foglio cosa e dove
2. si annaffia la sera, tranne ad agosto, quando si annaffia anche all'alba
3. quello che matura si raccoglie per tutti e si lascia in una cassetta vicino alle cassette della posta

> All'inizio pensavo che la cassetta sarebbe rimasta sempre vuota, o che qualcuno si sarebbe preso tutto. Invece la gente lascia anche un biglietto per dire cosa ha preso.
> -- Rina, 84 anni, piano terra

!fig https://cdn.taccuino.example/img/cortile-oggi.jpg | Aiuole e panchine nel cortile | Le aiuole rialzate a fine settembre: pomodori, basilico e una zucca che nessuno ha piantato. | Foto di Luca Rinaldi

## Cosa non ha funzionato

Non tutto è andato bene. Le fragole sono state mangiate dai merli prima che qualcuno riuscisse a vederle rosse. La compostiera, messa troppo vicino alle finestre, ha fatto litigare mezza scala per un'estate intera. E ogni tanto una macchina parcheggia ancora nel posto sbagliato, davanti alle aiuole.

Ma la sera, adesso, nel cortile c'è sempre qualcuno. Ed è una cosa che in otto anni in questo palazzo non avevo mai visto.

!share
""",
))

PAGES.append(dict(
    file="bottega-riparazioni.html", url=B + "la-bottega-che-ripara-tutto", id=141008932,
    title="La bottega che ripara tutto (tranne i telefoni)",
    subtitle="Ernesto Caldarola aggiusta radio, tostapane e macinacaffè da quarantun anni. Il suo segreto è un quaderno di schemi disegnati a matita.",
    date="17 apr 2024", minutes=6, likes=203,
    comments=[
        ("Paola Mezzanotte", "17 apr", "Mi ha riparato la lampada di mia nonna chiedendomi otto euro. Quando gli ho detto che era troppo poco mi ha risposto che la lampada era bella e che bastava quello.", 31),
        ("Davide R.", "18 apr", "Bisognerebbe fotografare tutto il quaderno prima che vada perso. Se serve una mano con lo scanner ci sono.", 12),
        ("Stefano Onorato", "18 apr", "Ci sono cresciuto davanti a quella vetrina. La radio rossa esposta a sinistra c'è da quando avevo sei anni, e non credo sia in vendita.", 17),
        ("Chiara Benedetti", "19 apr", "Davide, ne ho parlato con Ernesto e ha detto di sì: ti scrivo in privato.", 8),
    ],
    more=MORE,
    body="""
La bottega di Ernesto Caldarola è larga poco più di due metri e profonda cinque. Sugli scaffali, fino al soffitto, ci sono scatole di cartone con scritto a pennarello il nome del proprietario e la data: «Ferri, tostapane, 2 aprile». Alcune scatole hanno date di anni fa.

«Sono quelli che non sono più tornati a prenderli», mi spiega. «Non li butto. Prima o poi qualcuno torna.»

## Quarantun anni di schemi

Ernesto ha aperto nel 1983, quando in via Nizza c'erano ancora quattro riparatori di elettrodomestici. Oggi è rimasto solo lui. Non ripara telefoni e computer, e lo dice un cartello sulla porta, ma tutto il resto sì: radio, giradischi, frullatori, ventilatori, macchine da cucire, perfino un proiettore di diapositive che gli hanno portato la settimana scorsa.

Il suo strumento più prezioso è un quaderno a quadretti, ormai al sesto volume, dove disegna a matita lo schema di ogni apparecchio che apre per la prima volta.

!fig https://cdn.taccuino.example/img/quaderno-schemi.jpg | Il quaderno degli schemi aperto sul banco | Uno schema del 1987: l'alimentatore di una radio a transistor, con le correzioni aggiunte in rosso anni dopo. | Foto di Chiara Benedetti

«I manuali non li danno più, e su internet trovi lo schema del modello americano, che è diverso. Allora lo disegno io. La seconda volta che mi arriva lo stesso apparecchio ci metto la metà del tempo.»

!subscribe

## Perché le cose si rompono

Gli ho chiesto che cosa si rompe più spesso. La risposta è stata immediata:

- i condensatori degli alimentatori, che dopo dieci o quindici anni si gonfiano
- le cinghie di gomma dei giradischi e dei mangianastri, che si seccano
- gli interruttori dei tostapane, perché li premiamo con troppa forza

Quasi mai, dice, si rompe davvero la parte costosa. Il problema è che spesso non si riesce ad aprire l'apparecchio senza spezzarlo, perché è incollato invece che avvitato.

## Chi viene dopo

Ernesto ha settantadue anni e nessun apprendista. Due ragazzi dell'istituto tecnico passano il giovedì pomeriggio a guardarlo lavorare, e lui lascia che provino sugli apparecchi abbandonati delle scatole. Il quaderno, dice, sarà loro: «Se sanno leggerlo».
""",
))

PAGES.append(dict(
    file="autobus-notturno.html", url=B + "sul-notturno-delle-due", id=142551870,
    title="Sul notturno delle due",
    subtitle="Una notte sulla linea N4, dal capolinea della stazione al deposito, con chi torna dal turno e chi ci va.",
    date="2 mag 2024", minutes=5, likes=94,
    comments=[
        ("Irene Bosco", "2 mag", "Prendo la N4 tre notti a settimana, dopo il turno in ospedale. Grazie per averla raccontata così com'è: è esattamente questa.", 22),
        ("Franco", "3 mag", "Bel pezzo, ma la fermata di corso Regina non è stata spostata per i lavori? L'ultima volta l'autista non si è fermato.", 2),
    ],
    more=MORE,
    body="""
Il notturno N4 parte dal piazzale della stazione alle due e cinque. A quell'ora il piazzale è quasi vuoto: un taxi con il motore acceso, due ragazzi seduti sul muretto, un addetto delle pulizie che spinge un carrello verso l'ingresso laterale.

Sull'autobus salgono in sette. Conto con l'autista, Samuele, che guida i notturni da nove anni e riconosce quasi tutti.

## Chi prende il notturno

Ci sono quelli che tornano: la cameriera di un ristorante del centro, ancora con il grembiule nella borsa, e due infermieri che hanno finito il turno della sera. E ci sono quelli che vanno: un fornaio che deve essere al laboratorio alle due e mezza, un uomo in tuta arancione diretto al deposito dei rifiuti.

> Di notte la gente parla di più. Di giorno nessuno mi saluta, di notte mi raccontano tutta la settimana.
> -- Samuele, autista della N4

!fig https://cdn.taccuino.example/img/n4-interno.jpg | L'interno dell'autobus notturno quasi vuoto | Alle due e venti, dopo la fermata dell'ospedale, a bordo restano in tre. | Foto di Chiara Benedetti

## Una linea che nessuno vuole tagliare

Ogni due o tre anni, quando l'azienda dei trasporti rivede i conti, qualcuno propone di sopprimere una parte dei notturni. La N4 è sempre sopravvissuta, per una ragione semplice: è l'unico modo per arrivare di notte all'ospedale e al deposito senza un'auto.

I passeggeri sono pochi, in media dodici per corsa secondo i dati dell'azienda, ma sono sempre gli stessi, e il loro lavoro serve alla città di giorno.

!subscribe

Alle due e cinquantuno l'autobus arriva al deposito. Samuele spegne le luci interne, scende a fumare una sigaretta e dopo dieci minuti riparte verso la stazione, vuoto.
""",
))
