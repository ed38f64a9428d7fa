"""Polish documentation of a made-up backup tool, built the way MkDocs with the Material
theme builds a site: a header with the site's name, search and the repository's star
count, navigation tabs, a primary sidebar of every page, a secondary sidebar with the
page's table of contents, the article with "¶" permalinks on its headings, admonitions
(plain and collapsible), code blocks from Pygments (some with a line-number column, as
a table), tables, a "last updated" line and a "was this page helpful?" widget, then the
footer with previous and next links. The article is the page's title and its body."""
from gen import Renderer, esc, label as blocks_label, highlight
import re

NAME = "docs-mkdocs-pl"
TEMPLATE = "docs-mkdocs"
LANG = "pl"

NAV = [
    ("Wprowadzenie", "/"),
    ("Instalacja", "/instalacja/"),
    ("Pierwsza kopia", "/pierwsza-kopia/"),
    ("Konfiguracja", "/konfiguracja/"),
    ("Harmonogram", "/harmonogram/"),
    ("Przywracanie danych", "/przywracanie/"),
    ("Szyfrowanie", "/szyfrowanie/"),
    ("Repozytoria zdalne", "/zdalne/"),
    ("Rozwiązywanie problemów", "/problemy/"),
    ("Najczęstsze pytania", "/faq/"),
    ("Lista zmian", "/zmiany/"),
]
TABS = [("Dokumentacja", "/"), ("Poradniki", "/poradniki/"), ("Dokumentacja CLI", "/cli/"), ("Blog", "/blog/")]

PYG = {"comment": "c1", "string": "s2", "number": "mi", "keyword": "k", "punct": "p"}


def slug(s):
    s = s.lower()
    s = re.sub(r"[^\w\s-]", "", s)
    return re.sub(r"\s+", "-", s).strip("-")


class R(Renderer):
    def __init__(self):
        super().__init__()
        self.code_n = 0
        self.toc = []

    def h(self, level, text):
        sid = slug(text)
        if level == 2:
            self.toc.append((sid, text))
        return '<h%d id="%s">%s<a class="headerlink" href="#%s" title="Permanent link">&para;</a></h%d>' % (level, sid, self.il(text), sid, level)

    def inline_code(self, code):
        return "<code>%s</code>" % esc(code)

    def code(self, lang, lines):
        n = self.code_n
        self.code_n += 1
        numbered = lang.endswith("+n")
        lang = lang[:-2] if numbered else lang
        spans = []
        for i, line in enumerate(lines):
            toks = "".join(('<span class="%s">%s</span>' % (PYG[k], esc(t))) if k else esc(t) for k, t in highlight(lang, line))
            spans.append('<span id="__span-%d-%d"><a id="__codelineno-%d-%d" name="__codelineno-%d-%d"></a>%s\n</span>' % (n, i + 1, n, i + 1, n, i + 1, toks))
        code = '<pre><span></span><code>%s</code></pre>' % "".join(spans)
        if not numbered:
            return '<div class="language-%s highlight">%s</div>' % (esc(lang), code)
        nos = "\n".join('<span class="normal"><a href="#__codelineno-%d-%d">%d</a></span>' % (n, i + 1, i + 1) for i in range(len(lines)))
        return ('<div class="language-%s highlight"><table class="highlighttable"><tr><td class="linenos"><div class="linenodiv"><pre><span></span>%s</pre></div></td>'
                '<td class="code"><div>%s</div></td></tr></table></div>') % (esc(lang), nos, code)

    def table(self, rows):
        head = "".join("<th>%s</th>" % self.il(c) for c in rows[0])
        body = "".join("<tr>%s</tr>" % "".join("<td>%s</td>" % self.il(c) for c in r) for r in rows[1:])
        return '<div class="md-typeset__scrollwrap"><div class="md-typeset__table"><table><thead><tr>%s</tr></thead><tbody>%s</tbody></table></div></div>' % (head, body)

    def d_note(self, kind, title, text):
        return '<div class="admonition %s"><p class="admonition-title">%s</p><p>%s</p></div>' % (esc(kind), self.il(title), self.il(text))

    def d_fold(self, kind, title, text):
        return '<details class="%s"><summary>%s</summary><p>%s</p></details>' % (esc(kind), self.il(title), self.il(text))


def code_label(lines):
    return [l.rstrip() for l in lines if l.strip()]


def label(page):
    out = [page["title"]]
    for b in page["blocks"]:
        if b[0] == "dir" and b[1] == "fold":
            out.extend([b[2][1], b[2][2]])
        else:
            out.extend(blocks_label([b]))
    return out


def render(page):
    r = R()
    body = r.blocks(page["blocks"])
    here = page["path"]
    nav = "".join(
        ('<li class="md-nav__item md-nav__item--active"><input class="md-nav__toggle md-toggle" type="checkbox" id="__toc">'
         '<a href="%s" class="md-nav__link md-nav__link--active"><span class="md-ellipsis">%s</span></a></li>' % (u, esc(t)))
        if u == here else
        '<li class="md-nav__item"><a href="%s" class="md-nav__link"><span class="md-ellipsis">%s</span></a></li>' % (u, esc(t))
        for t, u in NAV)
    tabs = "".join('<li class="md-tabs__item%s"><a href="%s" class="md-tabs__link">%s</a></li>' % (" md-tabs__item--active" if i == 0 else "", u, esc(t)) for i, (t, u) in enumerate(TABS))
    toc = "".join('<li class="md-nav__item"><a href="#%s" class="md-nav__link"><span class="md-ellipsis">%s</span></a></li>' % (sid, esc(t)) for sid, t in r.toc)
    idx = [u for _, u in NAV].index(here)
    prev_t, prev_u = NAV[idx - 1]
    next_t, next_u = NAV[idx + 1]
    return f"""<!doctype html>
<html lang="pl" class="no-js">
  <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width,initial-scale=1">
        <meta name="description" content="Dokumentacja programu Zapas: kopie zapasowe plików, które da się przywrócić.">
        <link rel="canonical" href="{page['url']}">
        <link rel="prev" href="{prev_u}">
        <link rel="next" href="{next_u}">
      <link rel="icon" href="../assets/images/favicon.png">
      <meta name="generator" content="mkdocs-1.5.3, mkdocs-material-9.5.17">
        <title>{esc(page['title'])} - Zapas</title>
      <link rel="stylesheet" href="../assets/stylesheets/main.bcfcd587.min.css">
      <link rel="stylesheet" href="../assets/stylesheets/palette.06af60db.min.css">
      <script>__md_scope=new URL("..",location),__md_hash=e=>[...e].reduce((e,_)=>(e<<5)-e+_.charCodeAt(0),0),__md_get=(e,_=localStorage,t=__md_scope)=>JSON.parse(_.getItem(t.pathname+"."+e)),__md_set=(e,_,t=localStorage,a=__md_scope)=>{{try{{_.setItem(a.pathname+"."+e,JSON.stringify(_))}}catch(e){{}}}}</script>
  </head>
  <body dir="ltr" data-md-color-scheme="default" data-md-color-primary="teal" data-md-color-accent="teal">
    <input class="md-toggle" data-md-toggle="drawer" type="checkbox" id="__drawer" autocomplete="off">
    <input class="md-toggle" data-md-toggle="search" type="checkbox" id="__search" autocomplete="off">
    <label class="md-overlay" for="__drawer"></label>
    <div data-md-component="skip">
        <a href="#{slug(page['title'])}" class="md-skip">Przejdź do treści</a>
    </div>
    <div data-md-component="announce">
      <aside class="md-banner"><div class="md-banner__inner md-grid md-typeset">Zapas 3.0 jest już dostępny. <a href="/zmiany/">Zobacz, co nowego</a>.</div></aside>
    </div>
<header class="md-header md-header--shadow md-header--lifted" data-md-component="header">
  <nav class="md-header__inner md-grid" aria-label="Nagłówek">
    <a href="/" title="Zapas" class="md-header__button md-logo" aria-label="Zapas" data-md-component="logo">
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M12 8a3 3 0 0 0 3-3 3 3 0 0 0-3-3 3 3 0 0 0-3 3 3 3 0 0 0 3 3m0 3.54C9.64 9.35 6.5 8 3 8v11c3.5 0 6.64 1.35 9 3.54 2.36-2.19 5.5-3.54 9-3.54V8c-3.5 0-6.64 1.35-9 3.54Z"/></svg>
    </a>
    <label class="md-header__button md-icon" for="__drawer">
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M3 6h18v2H3V6m0 5h18v2H3v-2m0 5h18v2H3v-2Z"/></svg>
    </label>
    <div class="md-header__title" data-md-component="header-title">
      <div class="md-header__ellipsis">
        <div class="md-header__topic">
          <span class="md-ellipsis">Zapas</span>
        </div>
        <div class="md-header__topic" data-md-component="header-topic">
          <span class="md-ellipsis">{esc(page['title'])}</span>
        </div>
      </div>
    </div>
    <form class="md-header__option" data-md-component="palette">
      <input class="md-option" data-md-color-media="" data-md-color-scheme="default" type="radio" name="__palette" id="__palette_0">
      <label class="md-header__button md-icon" title="Przełącz na tryb ciemny" for="__palette_1" hidden></label>
    </form>
    <label class="md-header__button md-icon" for="__search"></label>
    <div class="md-search" data-md-component="search" role="dialog">
      <label class="md-search__overlay" for="__search"></label>
      <div class="md-search__inner" role="search">
        <form class="md-search__form" name="search">
          <input type="text" class="md-search__input" name="query" aria-label="Szukaj" placeholder="Szukaj" autocapitalize="off" autocorrect="off" autocomplete="off" spellcheck="false" data-md-component="search-query" required>
        </form>
        <div class="md-search__output">
          <div class="md-search__scrollwrap" data-md-scrollfix>
            <div class="md-search-result" data-md-component="search-result">
              <div class="md-search-result__meta">Inicjowanie wyszukiwania</div>
              <ol class="md-search-result__list" role="presentation"></ol>
            </div>
          </div>
        </div>
      </div>
    </div>
      <div class="md-header__source">
        <a href="https://git.example.org/zapas/zapas" title="Przejdź do repozytorium" class="md-source" data-md-component="source">
  <div class="md-source__icon md-icon"></div>
  <div class="md-source__repository">
    zapas/zapas
    <ul class="md-source__facts"><li class="md-source__fact md-source__fact--version">v3.0.2</li><li class="md-source__fact md-source__fact--stars">1,4 tys.</li><li class="md-source__fact md-source__fact--forks">112</li></ul>
  </div>
</a>
      </div>
  </nav>
</header>
    <div class="md-container" data-md-component="container">
<nav class="md-tabs" aria-label="Karty" data-md-component="tabs">
  <div class="md-grid">
    <ul class="md-tabs__list">
{tabs}
    </ul>
  </div>
</nav>
      <main class="md-main" data-md-component="main">
        <div class="md-main__inner md-grid">
            <div class="md-sidebar md-sidebar--primary" data-md-component="sidebar" data-md-type="navigation">
              <div class="md-sidebar__scrollwrap">
                <div class="md-sidebar__inner">
<nav class="md-nav md-nav--primary md-nav--lifted" aria-label="Nawigacja" data-md-level="0">
  <label class="md-nav__title" for="__drawer">Zapas</label>
  <ul class="md-nav__list" data-md-scrollfix>
{nav}
  </ul>
</nav>
                </div>
              </div>
            </div>
            <div class="md-sidebar md-sidebar--secondary" data-md-component="sidebar" data-md-type="toc">
              <div class="md-sidebar__scrollwrap">
                <div class="md-sidebar__inner">
<nav class="md-nav md-nav--secondary" aria-label="Spis treści">
    <label class="md-nav__title" for="__toc"><span class="md-nav__icon md-icon"></span>Spis treści</label>
    <ul class="md-nav__list" data-md-component="toc" data-md-scrollfix>
{toc}
    </ul>
</nav>
                </div>
              </div>
            </div>
          <div class="md-content" data-md-component="content">
            <article class="md-content__inner md-typeset">
  <a href="https://git.example.org/zapas/zapas/edit/main/docs{here}index.md" title="Edytuj tę stronę" class="md-content__button md-icon">
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M10 20H6V4h7v5h5v3.1l2-2V8l-6-6H6c-1.1 0-2 .9-2 2v16c0 1.1.9 2 2 2h4v-2m10.2-7c.1 0 .3.1.4.2l1.3 1.3c.2.2.2.6 0 .8l-1 1-2.1-2.1 1-1c.1-.1.2-.2.4-.2m0 3.9L14.1 23H12v-2.1l6.1-6.1 2.1 2.1Z"/></svg>
  </a>
<h1 id="{slug(page['title'])}">{esc(page['title'])}</h1>
{body}
  <aside class="md-source-file">
      <span class="md-source-file__fact">
        <span class="md-icon" title="Ostatnia aktualizacja"></span>
        <span class="git-revision-date-localized-plugin git-revision-date-localized-plugin-date">{esc(page['updated'])}</span>
      </span>
  </aside>
<form class="md-feedback" name="feedback" hidden>
  <fieldset>
    <legend class="md-feedback__title">Czy ta strona była pomocna?</legend>
    <div class="md-feedback__inner">
      <div class="md-feedback__list">
          <button class="md-feedback__icon md-icon" type="submit" title="Ta strona była pomocna" data-md-value="1"></button>
          <button class="md-feedback__icon md-icon" type="submit" title="Tę stronę można poprawić" data-md-value="0"></button>
      </div>
      <div class="md-feedback__note">
          <div data-md-value="1" hidden>Dziękujemy za opinię!</div>
          <div data-md-value="0" hidden>Dziękujemy! Napisz nam, czego brakuje, w <a href="https://git.example.org/zapas/zapas/issues/new" target="_blank" rel="noopener">zgłoszeniu</a>.</div>
      </div>
    </div>
  </fieldset>
</form>
            </article>
          </div>
        </div>
        <button type="button" class="md-top md-icon" data-md-component="top" hidden>Powrót na górę</button>
      </main>
<footer class="md-footer">
    <nav class="md-footer__inner md-grid" aria-label="Stopka">
        <a href="{prev_u}" class="md-footer__link md-footer__link--prev" aria-label="Poprzednia: {esc(prev_t)}">
          <div class="md-footer__button md-icon"></div>
          <div class="md-footer__title">
            <span class="md-footer__direction">Poprzednia</span>
            <div class="md-ellipsis">{esc(prev_t)}</div>
          </div>
        </a>
        <a href="{next_u}" class="md-footer__link md-footer__link--next" aria-label="Następna: {esc(next_t)}">
          <div class="md-footer__title">
            <span class="md-footer__direction">Następna</span>
            <div class="md-ellipsis">{esc(next_t)}</div>
          </div>
          <div class="md-footer__button md-icon"></div>
        </a>
    </nav>
  <div class="md-footer-meta md-typeset">
    <div class="md-footer-meta__inner md-grid">
      <div class="md-copyright">
  <div class="md-copyright__highlight">Copyright &copy; 2019–2024 Zespół Zapas. Treść na licencji CC BY 4.0.</div>
    Zbudowano za pomocą MkDocs i motywu Material.
</div>
        <div class="md-social">
    <a href="https://git.example.org/zapas" target="_blank" rel="noopener" title="git.example.org" class="md-social__link">Repozytorium</a>
    <a href="https://matrix.example.org/#/#zapas:example.org" target="_blank" rel="noopener" title="Matrix" class="md-social__link">Czat</a>
</div>
    </div>
  </div>
</footer>
    </div>
    <div class="md-dialog" data-md-component="dialog">
      <div class="md-dialog__inner md-typeset"></div>
    </div>
    <script id="__config" type="application/json">{{"base": "..", "features": ["navigation.tabs", "content.code.copy", "navigation.footer"], "search": "../assets/javascripts/workers/search.b8dbb3d2.min.js", "translations": {{"clipboard.copied": "Skopiowano do schowka", "clipboard.copy": "Kopiuj do schowka", "search.result.none": "Brak wyników"}}}}</script>
      <script src="../assets/javascripts/bundle.1e8ae164.min.js"></script>
  </body>
</html>
"""


B = "http://site.test/"
PAGES = []

PAGES.append(dict(
    file="instalacja.html", url=B + "instalacja/", path="/instalacja/", title="Instalacja", updated="14 marca 2024",
    body="""
Zapas działa w systemach Linux, macOS i Windows. To jeden plik wykonywalny bez zależności: wystarczy go pobrać i umieścić w katalogu, który jest w zmiennej `PATH`.

## Wymagania

- 64-bitowy procesor x86 lub ARM
- około 30 MB wolnego miejsca na dysku na sam program
- dostęp do miejsca, w którym mają leżeć kopie: dysk zewnętrzny, serwer SFTP albo zasobnik zgodny z S3

## Linux i macOS

Najprościej użyć skryptu instalacyjnego, który pobiera właściwą wersję i sprawdza jej sumę kontrolną:

```bash
curl -fsSL https://zapas.example.org/install.sh | sh
zapas version
```

Jeśli wolisz menedżer pakietów, Zapas jest w repozytoriach Debiana i Fedory oraz w Homebrew:

```bash
sudo apt install zapas        # Debian, Ubuntu
sudo dnf install zapas        # Fedora
brew install zapas            # macOS
```

!note warning | Uwaga | Wersje z repozytoriów dystrybucji bywają starsze o kilka miesięcy. Opcja `zapas self-update` nie działa w wersji zainstalowanej z pakietu: aktualizuj ją menedżerem pakietów.

## Windows

Pobierz archiwum ZIP ze strony wydań, rozpakuj je i dodaj katalog z plikiem `zapas.exe` do zmiennej `PATH`. Można też użyć menedżera Scoop:

```powershell
scoop install zapas
```

!fold tip | Instalacja bez uprawnień administratora | Zapas nie potrzebuje uprawnień administratora. Możesz go rozpakować do katalogu w swoim profilu i dodać ten katalog do zmiennej `PATH` tylko dla swojego konta.

## Sprawdzenie instalacji

Po instalacji uruchom `zapas doctor`. Polecenie sprawdza, czy program ma dostęp do katalogu tymczasowego, czy zegar systemowy jest poprawny i czy obsługuje szyfrowanie sprzętowe procesora. Wynik powinien wyglądać mniej więcej tak:

```text
zapas 3.0.2 (linux/amd64)
katalog tymczasowy: /tmp .......... OK
zegar systemowy ................... OK
AES-NI ............................ dostępne
```
""",
))

PAGES.append(dict(
    file="konfiguracja.html", url=B + "konfiguracja/", path="/konfiguracja/", title="Konfiguracja", updated="2 kwietnia 2024",
    body="""
Zapas czyta ustawienia z pliku `zapas.yaml`. Program szuka go najpierw w bieżącym katalogu, potem w `~/.config/zapas/`, a na końcu w `/etc/zapas/`. Każde ustawienie można też podać jako opcję wiersza poleceń; opcja ma pierwszeństwo przed plikiem.

## Przykładowy plik

Poniższy plik tworzy jedno repozytorium na dysku zewnętrznym i kopiuje do niego katalog domowy bez plików tymczasowych:

```yaml+n
repozytorium: /media/dysk-kopii/zapas
haslo_z_pliku: ~/.config/zapas/haslo
zrodla:
  - ~/
wykluczenia:
  - ~/.cache
  - ~/Pobrane
  - "*.tmp"
zachowaj:
  dzienne: 7
  tygodniowe: 4
  miesieczne: 12
```

## Opcje

| Opcja | Domyślnie | Znaczenie |
|---|---|---|
| `repozytorium` | brak | ścieżka lub adres repozytorium kopii |
| `haslo_z_pliku` | brak | plik z hasłem do szyfrowania kopii |
| `zrodla` | brak | lista katalogów do skopiowania |
| `wykluczenia` | pusta lista | wzorce plików i katalogów pomijanych |
| `kompresja` | `auto` | `auto`, `max` albo `brak` |
| `limit_wysylania` | bez limitu | największa prędkość wysyłania w KiB/s |

!note danger | Nie trzymaj hasła w pliku konfiguracyjnym | Plik `zapas.yaml` często trafia do kopii innych programów albo do repozytorium z ustawieniami. Hasło zapisz w osobnym pliku, dostępnym tylko dla twojego konta, i wskaż go opcją `haslo_z_pliku`.

## Zasady przechowywania

Sekcja `zachowaj` mówi, ile kopii zostawić po uruchomieniu `zapas przytnij`. Kopie są liczone od najnowszej: przy ustawieniach z przykładu zostaje ostatnia kopia z każdego z siedmiu ostatnich dni, z każdego z czterech ostatnich tygodni i z każdego z dwunastu ostatnich miesięcy. Jedna kopia może należeć do kilku grup naraz.

!note info | Wskazówka | Polecenie `zapas przytnij --na-sucho` pokazuje, które kopie zostałyby usunięte, niczego nie usuwając.

## Zmienne środowiskowe

Wartości z pliku można nadpisać zmiennymi środowiskowymi z przedrostkiem `ZAPAS_`, na przykład `ZAPAS_REPOZYTORIUM`. Przydaje się to w skryptach i kontenerach, gdzie nie chcesz tworzyć pliku.
""",
))

PAGES.append(dict(
    file="harmonogram.html", url=B + "harmonogram/", path="/harmonogram/", title="Harmonogram", updated="9 kwietnia 2024",
    body="""
Kopia zapasowa ma sens tylko wtedy, gdy powstaje regularnie. Zapas nie ma własnego demona: uruchamiaj go harmonogramem systemu, czyli usługą systemd, programem cron albo Harmonogramem zadań w Windows.

## systemd

W systemach z systemd utwórz dwie jednostki w katalogu `~/.config/systemd/user/`. Pierwsza opisuje, co uruchomić:

```ini+n
[Unit]
Description=Kopia zapasowa katalogu domowego

[Service]
Type=oneshot
ExecStart=/usr/local/bin/zapas kopia --cicho
ExecStartPost=/usr/local/bin/zapas przytnij --cicho
```

Druga mówi, kiedy to zrobić:

```ini+n
[Unit]
Description=Codzienna kopia zapasowa

[Timer]
OnCalendar=*-*-* 21:30
Persistent=true

[Install]
WantedBy=timers.target
```

Następnie włącz licznik poleceniem `systemctl --user enable --now zapas.timer`. Dzięki opcji `Persistent=true` kopia, która nie powstała, bo komputer był wyłączony, zostanie wykonana zaraz po jego włączeniu.

## cron

Jeśli nie używasz systemd, dopisz wiersz do tablicy cron poleceniem `crontab -e`:

```text
30 21 * * * /usr/local/bin/zapas kopia --cicho && /usr/local/bin/zapas przytnij --cicho
```

!fold warning | Laptopy i cron | Cron nie nadrabia zadań, które przypadły na czas, gdy komputer spał. Na laptopie lepiej użyć systemd albo programu anacron.

## Windows

W Harmonogramie zadań utwórz zadanie podstawowe, które codziennie uruchamia `zapas.exe` z argumentami `kopia --cicho`. Zaznacz opcję uruchamiania zadania jak najszybciej po pominięciu zaplanowanego startu.

## Powiadomienia

Zapas kończy pracę kodem 0, gdy kopia się udała, i kodem większym od zera, gdy nie. Harmonogram może na tej podstawie wysłać powiadomienie:

| Kod wyjścia | Znaczenie |
|---|---|
| 0 | kopia wykonana |
| 1 | błąd konfiguracji |
| 3 | część plików pominięto (brak dostępu) |
| 4 | repozytorium niedostępne |
""",
))
