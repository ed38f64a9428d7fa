"""A Brazilian Portuguese gardening forum as Discourse serves it to a reader without
JavaScript (its crawler view): a logo header, the topic's title with its category badge
and tags, then each post with its author, date, position and like count, the post's
text as Discourse "cooks" it (paragraphs, lists, quotes of other posts as an aside with
the quoted user's name, code, tables), a list of suggested topics and a footer of
links. The article of a thread is its title and the text of its posts."""
from gen import Renderer, esc, block_label

NAME = "forum-pt"
TEMPLATE = "forum-discourse"
LANG = "pt"


class R(Renderer):
    def code(self, lang, lines):
        return '<pre><code class="lang-%s">%s</code></pre>' % (esc(lang or "auto"), esc("\n".join(lines)))

    def table(self, rows):
        head = "".join("<th>%s</th>" % self.il(c) for c in rows[0])
        body = "".join("<tr>%s</tr>" % "".join("<td>%s</td>" % self.il(c) for c in r) for r in rows[1:])
        return '<div class="md-table"><table><thead><tr>%s</tr></thead><tbody>%s</tbody></table></div>' % (head, body)

    def d_q(self, who, post, text):
        # A quote of another post: the quoted user's name is Discourse's, not the poster's words.
        return ('<aside class="quote no-group" data-username="%s" data-post="%s" data-topic="%s">\n<div class="title">\n<div class="quote-controls"></div>\n'
                '<img loading="lazy" alt="" width="24" height="24" src="/user_avatar/horta.example/%s/48/1.png" class="avatar"> %s:</div>\n<blockquote>\n<p>%s</p>\n</blockquote>\n</aside>'
                % (esc(who), esc(post), "0", esc(who), esc(who), self.il(text)))

    def d_img(self, src, alt):
        return ('<div class="lightbox-wrapper"><a class="lightbox" href="%s" title="%s"><img src="%s" alt="%s" width="500" height="375">'
                '<div class="meta"><span class="filename">%s</span><span class="informations">1024×768 180 KB</span></div></a></div>'
                % (esc(src), esc(alt), esc(src), esc(alt), esc(alt)))


def post_label(blocks):
    out = []
    for b in blocks:
        if b[0] == "dir" and b[1] == "q":
            out.append(b[2][2])
        elif b[0] == "dir" and b[1] == "img":
            continue
        else:
            out.extend(block_label(b))
    return out


SUGGESTED = [
    ("Adubo de casca de ovo funciona mesmo?", "Adubação", 14, "1,2 mil", "mar. 2024"),
    ("Manjericão florescendo: corto ou deixo?", "Ervas e temperos", 6, "530", "fev. 2024"),
    ("Como espantar pulgões sem veneno", "Pragas e doenças", 22, "2,8 mil", "jan. 2024"),
    ("Minha primeira colheita de alface no vaso", "Mostre sua horta", 9, "410", "abr. 2024"),
    ("Substrato caseiro para mudas: receitas", "Sementes e mudas", 17, "1,9 mil", "mar. 2024"),
]


def render(page):
    r = R()
    t = page["topic"]
    posts = []
    for k, post in enumerate(page["posts"]):
        body = r.blocks(post["blocks"])
        likes = post.get("likes", 0)
        role = '' if k == 0 else ' itemprop="comment" itemscope itemtype="http://schema.org/Comment"'
        like_html = ('<div itemprop="interactionStatistic" itemscope itemtype="http://schema.org/InteractionCounter">\n'
                     '<meta itemprop="interactionType" content="http://schema.org/LikeAction"/>\n'
                     '<meta itemprop="userInteractionCount" content="%d" />\n<span class=\'post-likes\'>%d curtidas</span>\n</div>' % (likes, likes)) if likes else ""
        posts.append(f"""<div id="post_{k + 1}"{role} class="topic-body crawler-post">
  <div class='crawler-post-meta'>
    <span class="creator" itemprop="author" itemscope itemtype="http://schema.org/Person">
      <a itemprop="url" rel="nofollow" href='/u/{esc(post['who'])}'><span itemprop='name'>{esc(post['who'])}</span></a>
      {('(' + esc(post['full']) + ')') if post.get('full') else ''}
    </span>
    <link itemprop="mainEntityOfPage" href="{page['url']}">
    <span class="crawler-post-infos">
        <time itemprop='datePublished' datetime='{post['iso']}' class='post-time'>{esc(post['date'])}</time>
        <meta itemprop='dateModified' content='{post['iso']}'>
      <span itemprop='position'>{k + 1}</span>
    </span>
  </div>
  <div class='post' itemprop='text'>
{body}
  </div>
  {like_html}
</div>
""")
    sugg = "".join(f"""<tr class="topic-list-item">
<td class="main-link"><a href="/t/{i}/{2000 + i}" class="title raw-link raw-topic-link">{esc(s[0])}</a>
<div class="link-bottom-line"><a href="/c/{i}" class="badge-category__wrapper"><span class="badge-category__name">{esc(s[1])}</span></a></div></td>
<td class="replies"><span class="posts">{s[2]}</span></td><td class="views"><span class="views">{s[3]}</span></td><td class="age">{s[4]}</td></tr>
""" for i, s in enumerate(SUGGESTED))
    tags = ", ".join('<a href="/tag/%s" class="discourse-tag" rel="tag">%s</a>' % (esc(x), esc(x)) for x in page["tags"])
    return f"""<!DOCTYPE html>
<html lang="pt-BR">
  <head>
    <meta charset="utf-8">
    <title>{esc(page['title'])} - {esc(page['category'])} - Fórum Horta na Varanda</title>
    <meta name="description" content="{esc(page['description'])}">
    <meta name="generator" content="Discourse 3.2.1 - https://github.com/discourse/discourse version 3.2.1">
    <link rel="icon" type="image/png" href="/uploads/default/optimized/1X/favicon_32x32.png">
    <meta name="theme-color" media="all" content="#ffffff">
    <meta name="viewport" content="width=device-width, initial-scale=1.0, minimum-scale=1.0, user-scalable=yes, viewport-fit=cover">
    <link rel="canonical" href="{page['url']}" />
    <link rel="search" type="application/opensearchdescription+xml" href="/opensearch.xml" title="Fórum Horta na Varanda Search">
    <link href="/stylesheets/color_definitions_base__1.css" media="all" rel="stylesheet" data-scheme-id="1"/>
    <link href="/stylesheets/desktop.css" media="all" rel="stylesheet" data-target="desktop"  />
    <meta property="og:site_name" content="Fórum Horta na Varanda" />
    <meta property="og:type" content="website" />
    <meta property="og:title" content="{esc(page['title'])}" />
    <meta property="og:description" content="{esc(page['description'])}" />
    <meta property="article:published_time" content="{page['posts'][0]['iso']}" />
  </head>
  <body class="crawler ">
    <header>
  <a href="/">
    <img src="/uploads/default/original/1X/logo-horta.png" alt="Fórum Horta na Varanda" id="site-logo" style="max-width: 150px;">
  </a>
</header>

    <div id="main-outlet" class="wrap" role="main">
      <div class="custom-banner"><p>Bem-vindo! Antes de abrir um tópico, leia as <a href="/guidelines">diretrizes da comunidade</a> e use a busca: muitas dúvidas já foram respondidas.</p></div>
      <div id="topic-title">
    <h1>
      <a href="/t/{page['slug']}/{t}">{esc(page['title'])}</a>
    </h1>

      <div class="topic-category" itemscope itemtype="http://schema.org/BreadcrumbList">
          <span itemprop="itemListElement" itemscope itemtype="http://schema.org/ListItem">
            <a href="/c/{page['cat_slug']}/{page['cat_id']}" class="badge-wrapper bullet" itemprop="item">
              <span class='badge-category-bg' style='background-color: #3AB54A'></span>
              <span class='badge-category clear-badge'>
                <span class='category-name' itemprop='name'>{esc(page['category'])}</span>
              </span>
            </a>
            <meta itemprop="position" content="1" />
          </span>
      </div>

      <div class="topic-category">
        <div class='discourse-tags list-tags'>
          {tags}
        </div>
      </div>
  </div>

  <div itemscope itemtype='http://schema.org/DiscussionForumPosting'>
    <meta itemprop='headline' content='{esc(page['title'])}'>
    <link itemprop='url' href='{page['url']}'>
    <meta itemprop='datePublished' content='{page['posts'][0]['iso']}'>
    <meta itemprop='articleSection' content='{esc(page['category'])}'>
    <meta itemprop='keywords' content='{esc(", ".join(page['tags']))}'>
    <div itemprop='publisher' itemscope itemtype="http://schema.org/Organization">
      <meta itemprop='name' content='Fórum Horta na Varanda'>
    </div>

{"".join(posts)}
  </div>

    <div id="related-topics" class="more-topics__list " role="complementary" aria-labelledby="related-topics-title">
      <h3 id="related-topics-title" class="more-topics__list-title">
        Tópicos relacionados
      </h3>
      <div class="topic-list-container" itemscope itemtype='http://schema.org/ItemList'>
        <meta itemprop='itemListOrder' content='http://schema.org/ItemListOrderDescending'>
        <table class='topic-list'>
          <thead>
            <tr>
              <th>Tópico</th>
              <th></th>
              <th class="replies">Respostas</th>
              <th class="views">Visualizações</th>
              <th>Atividade</th>
            </tr>
          </thead>
          <tbody>
{sugg}
          </tbody>
        </table>
      </div>
    </div>

    </div>
    <footer class="container wrap">
      <nav class='crawler-nav'>
        <ul>
        <li itemscope itemtype='http://schema.org/SiteNavigationElement'>
          <span itemprop='name'>
            <a href='/' itemprop="url">Início </a>
          </span>
        </li>
        <li itemscope itemtype='http://schema.org/SiteNavigationElement'>
          <span itemprop='name'>
            <a href='/categories' itemprop="url">Categorias </a>
          </span>
        </li>
        <li itemscope itemtype='http://schema.org/SiteNavigationElement'>
          <span itemprop='name'>
            <a href='/guidelines' itemprop="url">Diretrizes </a>
          </span>
        </li>
          <li itemscope itemtype='http://schema.org/SiteNavigationElement'>
            <span itemprop='name'>
              <a href='/tos' itemprop="url">Termos de Serviço </a>
            </span>
          </li>
          <li itemscope itemtype='http://schema.org/SiteNavigationElement'>
            <span itemprop='name'>
              <a href='/privacy' itemprop="url">Política de Privacidade </a>
            </span>
          </li>
        </ul>
      </nav>
      <p class='powered-by-link'>Fórum mantido por voluntários com software livre. Ative o JavaScript para responder, curtir e seguir tópicos.</p>
    </footer>
  </body>
</html>
"""


def label(page):
    out = [page["title"]]
    for post in page["posts"]:
        out.extend(post_label(post["blocks"]))
    return out


def P(who, date, iso, body, likes=0, full=None):
    from gen import parse
    return dict(who=who, date=date, iso=iso, blocks=parse(body), likes=likes, full=full)


B = "http://site.test/t/"
PAGES = []

PAGES.append(dict(
    file="tomateiro-folhas-amarelas.html", url=B + "tomateiro-folhas-amarelando-de-baixo-para-cima/4172",
    slug="tomateiro-folhas-amarelando-de-baixo-para-cima", topic=4172, title="Tomateiro com folhas amarelando de baixo para cima",
    description="Meu tomateiro cereja no vaso está com as folhas de baixo amarelas e secando.",
    category="Pragas e doenças", cat_slug="pragas-e-doencas", cat_id=7, tags=["tomate", "vaso", "adubação"],
    posts=[
        P("renata.vasos", "12 de março de 2024, 09:14", "2024-03-12T12:14:07Z", """
Oi, pessoal. Tenho um tomateiro cereja num vaso de 20 litros na varanda, que pega sol das 8h até umas 13h. Ele está com uns dois meses e já deu os primeiros cachos, mas de uns dez dias para cá as folhas de baixo começaram a ficar amarelas, depois secam e caem. As folhas novas, lá em cima, estão verdes e bonitas.

Eu rego todo dia de manhã, mais ou menos meio litro. Adubei só uma vez, com húmus de minhoca, quando plantei a muda. Não vi bichinho nenhum embaixo das folhas.

!img /uploads/default/original/2X/tomateiro-varanda.jpeg | tomateiro-varanda.jpeg

É alguma doença? Devo arrancar as folhas amarelas?
""", likes=2, full="Renata Quaresma"),
        P("seu_aristides", "12 de março de 2024, 10:02", "2024-03-12T13:02:51Z", """
Pelo que você descreveu, de baixo para cima e as novas verdinhas, tem muita cara de falta de nitrogênio. A planta tira o nitrogênio das folhas velhas para mandar para as novas e para os frutos. Em vaso isso acontece rápido, porque a terra é pouca e a rega lava os nutrientes.

Húmus só no plantio não segura um tomateiro em produção por dois meses. Eu faria assim:

- uma cobertura de húmus ou composto, uns dois dedos, por cima da terra do vaso
- adubo líquido a cada quinze dias (chá de composto ou biofertilizante diluído)
- quando os frutos engrossarem, um pouco de cinza de madeira ou farinha de ossos, por causa do potássio e do cálcio

Pode tirar as folhas amarelas, sim. Elas não voltam a ficar verdes e ainda ficam encostando na terra molhada.
""", likes=9),
        P("marcia_permacultura", "12 de março de 2024, 11:40", "2024-03-12T14:40:19Z", """
Concordo com o Aristides. Só acrescento uma coisa: olhe se as folhas amarelas têm manchas escuras com anéis, tipo um alvo. Se tiver, aí é pinta-preta, que é fungo e também começa pelas folhas de baixo. Nesse caso tem que tirar as folhas e jogar no lixo, não na composteira.

Se for só amarelo uniforme, sem mancha, é adubo mesmo.
""", likes=5),
        P("renata.vasos", "12 de março de 2024, 19:26", "2024-03-12T22:26:33Z", """
!q marcia_permacultura | 3 | olhe se as folhas amarelas têm manchas escuras com anéis, tipo um alvo

Olhei com calma agora à noite, com a lanterna do celular. Não tem mancha nenhuma, é um amarelo por igual, começando pela ponta da folha. Então deve ser fome mesmo, coitado.

Tenho biofertilizante que uso nas suculentas. Qual diluição vocês usam no tomate?
""", likes=1),
        P("seu_aristides", "13 de março de 2024, 07:55", "2024-03-13T10:55:02Z", """
Eu uso um copo (200 ml) para cada cinco litros de água e rego o vaso com essa mistura no lugar de uma rega normal. Não passe disso, que queima a raiz. Em uma semana você já deve ver as folhas novas mais escuras.
""", likes=6),
        P("renata.vasos", "27 de março de 2024, 18:03", "2024-03-27T21:03:44Z", """
Voltando para contar: fiz a cobertura com húmus e duas regas com biofertilizante. Parou de amarelar, e as folhas novas estão bem mais escuras. Já colhi um pote de tomatinhos. Obrigada a todos!
""", likes=12),
    ],
))

PAGES.append(dict(
    file="minhocario-apartamento.html", url=B + "vale-a-pena-ter-minhocario-em-apartamento/3981",
    slug="vale-a-pena-ter-minhocario-em-apartamento", topic=3981, title="Vale a pena ter minhocário em apartamento?",
    description="Moro num apartamento pequeno e queria compostar os restos da cozinha.",
    category="Compostagem", cat_slug="compostagem", cat_id=4, tags=["minhocário", "apartamento", "compostagem"],
    posts=[
        P("lucas_no_9andar", "2 de fevereiro de 2024, 21:37", "2024-02-03T00:37:10Z", """
Moro com minha esposa num apartamento de 50 m², sem área externa, só uma varanda pequena. A gente joga fora muita casca de fruta e de legume e eu queria transformar isso em adubo para os vasos. Fiquei na dúvida entre minhocário e composteira comum.

Minhas dúvidas:

1. Tem cheiro?
2. Aparece mosquito ou barata?
3. Dá conta do lixo de duas pessoas?

Quem tem em apartamento, conta como é o dia a dia.
""", likes=3),
        P("dona.ivete", "2 de fevereiro de 2024, 22:10", "2024-02-03T01:10:42Z", """
Tenho minhocário há seis anos, na área de serviço do apartamento. Não tem cheiro nenhum quando está equilibrado. Cheiro ruim é sinal de que está molhado demais ou que você pôs coisa que não devia, como carne, laticínio ou muita comida cozida.

O segredo é sempre cobrir o resto de comida com material seco: serragem, folha seca ou papelão picado. Eu guardo um balde de serragem do lado.
""", likes=11),
        P("fabio_compostagem", "3 de fevereiro de 2024, 08:21", "2024-02-03T11:21:05Z", """
Para duas pessoas, um kit de três caixas de uns 40 litros dá conta, desde que vocês não cozinhem para muita gente. Uma tabela rápida do que vai e do que não vai:

| Pode | Com moderação | Não pode |
|---|---|---|
| cascas de frutas e legumes | cascas de cítricos | carne e peixe |
| borra de café e filtro | alho e cebola | laticínios |
| folhas secas e papelão | pão e arroz | óleo e fezes de animais |

Mosquitinho de fruta aparece às vezes, principalmente no verão. Resolve enterrando bem os restos e deixando a tampa fechada.
""", likes=15),
        P("lucas_no_9andar", "3 de fevereiro de 2024, 12:48", "2024-02-03T15:48:30Z", """
!q dona.ivete | 2 | O segredo é sempre cobrir o resto de comida com material seco

Boa, isso eu não sabia. E o chorume, o líquido que sai embaixo, faço o quê com ele?
""", likes=0),
        P("dona.ivete", "3 de fevereiro de 2024, 14:05", "2024-02-03T17:05:56Z", """
O chorume é ótimo adubo, mas forte. Dilua uma parte para dez de água e use para regar os vasos. Se sair muito chorume é porque está úmido demais: ponha mais material seco.
""", likes=7),
        P("paulinha_suculentas", "4 de fevereiro de 2024, 10:33", "2024-02-04T13:33:12Z", """
Só um contraponto, para ninguém achar que é perfeito: no meu primeiro ano eu exagerei na casca de melancia e apareceu muita mosquinha, e uma vez as minhocas tentaram fugir pela tampa depois de um dia muito quente. Hoje deixo a caixa longe do sol e está tudo bem, mas tem uma fase de aprendizado.
""", likes=8),
        P("lucas_no_9andar", "4 de fevereiro de 2024, 19:12", "2024-02-04T22:12:48Z", """
Obrigado, gente. Encomendei um kit de três caixas e vou começar com pouca coisa, como vocês disseram. Depois conto aqui como foi.
""", likes=2),
    ],
))

PAGES.append(dict(
    file="gotejamento-timer.html", url=B + "irrigacao-por-gotejamento-com-timer-na-varanda/4390",
    slug="irrigacao-por-gotejamento-com-timer-na-varanda", topic=4390, title="Irrigação por gotejamento com timer na varanda",
    description="Montei um gotejamento com Arduino para os vasos da varanda e quero saber se dá para melhorar.",
    category="Ferramentas e irrigação", cat_slug="ferramentas-e-irrigacao", cat_id=9, tags=["irrigação", "arduino", "viagem"],
    posts=[
        P("thiago.faz.tudo", "20 de abril de 2024, 16:45", "2024-04-20T19:45:00Z", """
Vou viajar por três semanas e não tenho quem regue as plantas. Montei um gotejamento simples: uma bomba de aquário num balde de 20 litros, mangueirinha de 4 mm com gotejadores em cada vaso e um Arduino ligando a bomba por um relé. O código está assim:

```cpp
const int RELE = 7;
const unsigned long MINUTO = 60UL * 1000UL;

void setup() {
  pinMode(RELE, OUTPUT);
}

void loop() {
  digitalWrite(RELE, HIGH);   // liga a bomba
  delay(2 * MINUTO);
  digitalWrite(RELE, LOW);    // desliga
  delay(12UL * 60 * MINUTO);  // espera 12 horas
}
```

Funcionou no teste de dois dias, mas o balde baixou mais rápido do que eu esperava. Alguém já fez algo parecido?
""", likes=4),
        P("eng_rosangela", "20 de abril de 2024, 18:02", "2024-04-20T21:02:37Z", """
Fiz uma parecida. Três dicas:

- o `delay` de doze horas vai acumulando erro; para três semanas não tem problema, mas um módulo de relógio (RTC) deixa a rega sempre no mesmo horário, de manhã cedo, que é o melhor
- coloque um sensor de nível no balde e não deixe a bomba ligar a seco, porque bomba de aquário queima rápido assim
- meça a vazão de cada gotejador antes: os do começo da mangueira costumam pingar mais que os do fim
""", likes=10),
        P("seu_aristides", "21 de abril de 2024, 07:30", "2024-04-21T10:30:12Z", """
E cubra a terra dos vasos com palha ou casca de pinus antes de viajar. A evaporação cai pela metade, e aí o balde dura bem mais.
""", likes=6),
        P("thiago.faz.tudo", "21 de abril de 2024, 11:18", "2024-04-21T14:18:49Z", """
Medi a vazão com um copinho durante dois minutos, como a Rosângela sugeriu. O primeiro vaso recebia quase o dobro do último. Troquei para gotejadores autocompensantes e cobri os vasos com palha. Agora o balde de 20 litros deve durar uns dez dias; vou pôr um segundo balde ligado ao primeiro.
""", likes=3),
    ],
))
