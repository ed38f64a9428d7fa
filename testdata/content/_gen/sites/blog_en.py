"""A personal blog: a hand-rolled theme with microformats (h-entry), a sidebar of
archives, tags and a blogroll, an author box and a threaded comment section."""
from gen import Renderer, esc, inline_html

NAME = "blog-en"
TEMPLATE = "blog"
LANG = "en"

SITE_TITLE = "Margins &amp; Spokes"
TAGLINE = "Notes from a small workshop: bicycles, bread, and the slow fixing of things."

RECENT = [
    ("/maren/2024/03/a-long-winter-rebuilding-a-1978-road-bike/", "A long winter: rebuilding a 1978 road bike"),
    ("/maren/2024/02/on-keeping-a-paper-notebook/", "On keeping a paper notebook"),
    ("/maren/2024/01/my-sourdough-starter-keeps-dying/", "My sourdough starter keeps dying"),
    ("/maren/2023/11/what-goes-in-the-panniers/", "What goes in the panniers"),
    ("/maren/2023/10/leaving-the-big-platform/", "Leaving the big platform"),
]

MONTHS = ["March 2024 (2)", "February 2024 (3)", "January 2024 (1)", "December 2023 (2)", "November 2023 (4)",
          "October 2023 (2)", "September 2023 (1)", "August 2023 (3)", "July 2023 (2)", "June 2023 (1)",
          "May 2023 (2)", "April 2023 (1)", "March 2023 (2)"]

TAGS = [("bicycles", 31), ("repair", 24), ("bread", 9), ("touring", 12), ("notebooks", 5), ("self-hosting", 7),
        ("tools", 15), ("winter", 6), ("steel frames", 8), ("gardening", 4), ("reading", 11), ("workshop", 19),
        ("habits", 6), ("family", 3), ("maps", 5), ("camping", 7), ("writing", 10), ("coffee", 2)]

BLOGROLL = ["The Patient Mechanic", "Low Gear Diaries", "Crumb and Crust", "A Shed of One's Own",
            "Frame Builders' Almanac", "Quiet Web Weekly", "Northern Gravel", "Ink and Graphite"]


def sidebar():
    recent = "".join('<li><a href="%s">%s</a></li>' % (u, t) for u, t in RECENT)
    months = "".join('<li><a href="/maren/archive/%d/">%s</a></li>' % (i, m) for i, m in enumerate(MONTHS))
    tags = " ".join('<a class="tag-cloud-link" href="/maren/tag/%s/" style="font-size:%.1fpt">%s</a>' % (t.replace(" ", "-"), 8 + n / 4, t) for t, n in TAGS)
    roll = "".join('<li><a href="https://blogroll.example/%d" rel="noopener">%s</a></li>' % (i, b) for i, b in enumerate(BLOGROLL))
    return f"""<aside id="secondary" class="sidebar" role="complementary">
<section class="widget widget-about"><h2 class="widget-title">Hello, I'm Maren</h2>
<p>I fix old bicycles in a rented garage, bake more bread than two people can eat, and write here about both when the glue is drying. No ads, no tracking, just the occasional long post.</p></section>
<section class="widget widget-search"><form role="search" action="/maren/search"><label class="screen-reader-text" for="s">Search this blog</label><input type="search" id="s" name="q" placeholder="Search…"><button type="submit">Search</button></form></section>
<section class="widget widget-recent"><h2 class="widget-title">Recent posts</h2><ul>{recent}</ul></section>
<section class="widget widget-archive"><h2 class="widget-title">Archives</h2><ul>{months}</ul></section>
<section class="widget widget-tags"><h2 class="widget-title">Tags</h2><div class="tagcloud">{tags}</div></section>
<section class="widget widget-blogroll"><h2 class="widget-title">Blogs I read</h2><ul>{roll}</ul></section>
<section class="widget widget-subscribe"><h2 class="widget-title">Follow along</h2><p>New posts arrive about twice a month. Subscribe by <a href="/maren/feed.xml">RSS</a> or get them by email; I never share the list.</p><form action="/maren/subscribe" method="post"><input type="email" name="email" placeholder="you@example.com"><button>Subscribe</button></form></section>
</aside>"""


def comments_html(comments):
    if not comments:
        return """<section id="comments" class="comments-area"><h2 class="comments-title">No comments yet</h2>"""+FORM+"</section>"
    def one(c, depth=1):
        kids = ""
        if c.get("replies"):
            kids = '<ol class="children">' + "".join(one(r, depth + 1) for r in c["replies"]) + "</ol>"
        return f"""<li id="comment-{c['id']}" class="comment depth-{depth}"><article class="comment-body h-cite">
<footer class="comment-meta"><div class="comment-author vcard"><img class="avatar" src="/maren/avatars/{c['id']}.png" alt="" width="40" height="40"><b class="fn">{esc(c['who'])}</b> <span class="says">says:</span></div>
<div class="comment-metadata"><a href="#comment-{c['id']}"><time datetime="{c['when']}">{c['when_text']}</time></a></div></footer>
<div class="comment-content">{"".join("<p>%s</p>" % inline_html(p) for p in c['text'].split(chr(10)+chr(10)))}</div>
<div class="reply"><a class="comment-reply-link" href="#respond" rel="nofollow">Reply</a></div></article>{kids}</li>"""
    n = count(comments)
    return f"""<section id="comments" class="comments-area"><h2 class="comments-title">{n} thoughts on this post</h2>
<ol class="comment-list">{"".join(one(c) for c in comments)}</ol>{FORM}</section>"""


def count(cs):
    return sum(1 + count(c.get("replies", [])) for c in cs)


FORM = """<div id="respond" class="comment-respond"><h3 class="comment-reply-title">Leave a reply</h3>
<form action="/maren/comments" method="post" class="comment-form"><p class="comment-notes">Your email address will not be published. Comments are read by a human before they appear, usually within a day.</p>
<p class="comment-form-comment"><label for="comment">Comment</label><textarea id="comment" name="comment" rows="6"></textarea></p>
<p class="comment-form-author"><label for="author">Name</label><input id="author" name="author" type="text"></p>
<p class="comment-form-email"><label for="email">Email</label><input id="email" name="email" type="email"></p>
<p class="form-submit"><input name="submit" type="submit" class="submit" value="Post comment"></p></form></div>"""


def render(page):
    r = Renderer()
    body = r.blocks(page["blocks"])
    tags = ", ".join('<a class="p-category" href="/maren/tag/%s/" rel="tag">%s</a>' % (t.replace(" ", "-"), t) for t in page["tags"])
    prev_next = ""
    if page.get("prev"):
        prev_next += '<div class="nav-previous"><a href="%s" rel="prev"><span class="meta-nav">Previous post</span> %s</a></div>' % page["prev"]
    if page.get("next"):
        prev_next += '<div class="nav-next"><a href="%s" rel="next"><span class="meta-nav">Next post</span> %s</a></div>' % page["next"]
    return f"""<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{esc(page['title'])} – Margins &amp; Spokes</title>
<meta name="description" content="{esc(page['summary'])}">
<meta name="author" content="Maren Holt">
<link rel="canonical" href="{page['url']}">
<link rel="alternate" type="application/rss+xml" title="Margins &amp; Spokes" href="/maren/feed.xml">
<link rel="stylesheet" href="/maren/theme/style.css?v=3.2">
<meta property="og:title" content="{esc(page['title'])}">
<meta property="og:type" content="article">
<meta property="og:description" content="{esc(page['summary'])}">
</head>
<body class="post-template-default single single-post">
<a class="skip-link screen-reader-text" href="#content">Skip to content</a>
<div id="page" class="site">
<header id="masthead" class="site-header">
<div class="site-branding"><p class="site-title"><a href="/maren/" rel="home">{SITE_TITLE}</a></p><p class="site-description">{TAGLINE}</p></div>
<nav id="site-navigation" class="main-navigation"><button class="menu-toggle" aria-controls="primary-menu" aria-expanded="false">Menu</button>
<ul id="primary-menu" class="menu"><li><a href="/maren/">Home</a></li><li><a href="/maren/archive/">Archive</a></li><li><a href="/maren/projects/">Projects</a></li><li><a href="/maren/now/">Now</a></li><li><a href="/maren/about/">About</a></li><li><a href="/maren/feed.xml">RSS</a></li></ul></nav>
</header>
<div id="content" class="site-content">
<main id="primary" class="site-main">
<article id="post-{page['id']}" class="post h-entry">
<header class="entry-header"><h1 class="entry-title p-name">{esc(page['title'])}</h1>
<div class="entry-meta"><span class="posted-on">Posted on <a href="{page['url']}" rel="bookmark"><time class="dt-published" datetime="{page['date']}">{page['date_text']}</time></a></span> <span class="byline">by <span class="author vcard p-author h-card"><a class="url fn n" href="/maren/about/">Maren Holt</a></span></span> <span class="reading-time">· {page['minutes']} min read</span></div>
</header>
<div class="entry-content e-content">
{body}
</div>
<footer class="entry-footer"><span class="tags-links">Tagged {tags}</span> <span class="comments-link"><a href="#comments">{count(page.get('comments', []))} comments</a></span></footer>
</article>
<div class="author-info"><img class="avatar" src="/maren/me.jpg" alt="" width="80" height="80"><div class="author-description"><h2 class="author-title">Written by Maren Holt</h2><p class="author-bio">Maren restores steel bicycles, bakes sourdough with mixed success, and has kept a paper diary since she was eleven. She lives near the coast with one partner, two cats and far too many inner tubes.</p><a class="author-link" href="/maren/about/" rel="author">More about Maren</a></div></div>
<nav class="navigation post-navigation" aria-label="Posts"><h2 class="screen-reader-text">Post navigation</h2><div class="nav-links">{prev_next}</div></nav>
{comments_html(page.get('comments', []))}
</main>
{sidebar()}
</div>
<footer id="colophon" class="site-footer"><div class="site-info"><p>© 2016–2024 Maren Holt. Words and photographs are mine unless a caption says otherwise; please ask before you reuse them.</p>
<p>This site is a member of the <a href="https://ring.example/">Slow Web Ring</a>: <a href="https://ring.example/prev">← previous site</a> · <a href="https://ring.example/random">random</a> · <a href="https://ring.example/next">next site →</a></p>
<p>Proudly made by hand with a static site generator and too much coffee. <a href="/maren/colophon/">Colophon</a> · <a href="/maren/privacy/">Privacy</a> · <a href="/maren/contact/">Contact</a></p></div></footer>
</div>
<script src="/maren/theme/navigation.js?v=3.2" defer></script>
</body>
</html>
"""


def label(page):
    from gen import label as blocks_label
    return [page["title"]] + blocks_label(page["blocks"])


P = "http://site.test/maren/"

PAGES = []

PAGES.append(dict(
    file="rebuilding-a-1978-road-bike.html",
    url=P + "2024/03/a-long-winter-rebuilding-a-1978-road-bike/",
    id=812, date="2024-03-09", date_text="9 March 2024", minutes=11,
    title="A long winter: rebuilding a 1978 road bike",
    summary="Four months, one rusty frame and a box of mystery parts: how an old steel road bike came back to life.",
    tags=["bicycles", "repair", "steel frames", "winter"],
    next=("/maren/2024/02/on-keeping-a-paper-notebook/", "On keeping a paper notebook"),
    body="""
In November a neighbour knocked on the garage door with a bicycle she had found in her late father's shed. It had flat tyres, a saddle split like an old loaf, and a frame the colour of dried tomato soup under a coat of dust. She wanted to know whether it was worth saving. I said I would have a look, which is how most of my winters begin.

This is the long account of those four months. It is partly a record for myself, because I forget what I learned by the next project, and partly an answer to the question I am asked most often: how do you know where to start? The honest answer is that you start by looking, slowly, and by writing down what you see.

## The first evening: looking before touching

Before I pick up a single spanner I photograph the bicycle from both sides and make notes on paper. The notes for this one began like this: lugged steel frame, probably late seventies; forged dropouts with a derailleur hanger; brazed-on bosses for a bottle cage but nothing else; sew-up rims; friction shifters clamped to the down tube; a cotterless crankset with a single chainring bolt missing. The serial number was stamped under the bottom bracket shell, and the tubing sticker on the seat tube was half peeled but still readable.

The point of the first evening is to avoid two mistakes. The first is taking everything apart at once and then discovering that you cannot remember how a part went together. The second is falling in love too early. A bicycle can look charming and still be unsafe to ride, and a cracked frame or a bent fork is a reason to stop, however nice the paint is.

So I checked the frame with my fingers and a torch. I ran a thumbnail along every joint, looking for paint that had cracked in a ring, which can mean a tube has cracked underneath. I sighted along the fork blades to see whether they were straight and parallel. I put a long straight edge against the head tube and down tube to check for the ripple that a front-end crash leaves behind. Everything was straight. The rust was on the surface, apart from one patch inside the bottom bracket shell that made me hold my breath until I had cleaned it out.

## Taking it apart

Once I knew the frame was sound, I took the bicycle down to its bare parts over two evenings. I work in a fixed order so that nothing is forgotten: wheels out, then the chain, then the derailleurs and cables, then the brakes, then the cranks and bottom bracket, then the headset and fork, and the seat post last. Each part goes into its own labelled bag with its bolts, and each bag goes into a crate with a sheet of paper on top that lists what is inside.

A few parts fought back. The seat post had rusted into the seat tube, as they so often have on bicycles that lived outdoors. I soaked the joint with penetrating oil every night for a week, turning the frame upside down so the oil could creep in from the bottom bracket side. On the eighth evening I clamped the saddle rails in a bench vice and turned the whole frame by hand, slowly, like opening a stubborn jar. It came free with a noise I felt in my teeth.

The fixed cup of the bottom bracket was worse. It is threaded into the shell, and on this frame the thread was the older English standard, which tightens the wrong way on the drive side. I knew that, and I still spent ten minutes pushing in the wrong direction before I remembered. A proper fixed-cup spanner, a long bar and a lot of patience did the rest.

## The frame: cleaning, not restoring

There is a choice to make with an old frame. You can strip it to bare metal and have it painted again, or you can clean it and keep the paint it has. A fresh coat makes a bicycle look new; keeping the original paint keeps its history, scratches and all. I asked my neighbour which she wanted. She said she wanted it to look like the bicycle her father rode, so we kept the paint.

Cleaning a painted frame takes longer than you would think. I washed it with warm water and a little washing-up liquid, then went over the rusty spots with fine steel wool and oil, which lifts the rust without scratching much paint. Where the paint had chipped to bare metal I dabbed on a touch-up colour mixed from two small model paint pots. It is not invisible, but from a metre away you cannot find the repairs. Then I gave the whole frame two coats of hard wax and buffed it until the tomato soup colour turned out to be a rather nice deep red.

Inside the tubes I sprayed a rust inhibitor through every opening, turning the frame in every direction so that the spray reached the ends of the tubes. This is the part nobody sees and the part that decides whether the frame lasts another forty years.

## Bearings: the heart of an old bicycle

Almost every bearing on a bicycle of this age is a cup-and-cone bearing: loose steel balls running between a cup and a cone, held in grease, adjusted by hand. The hubs, the headset, the bottom bracket and the pedals all work this way. They are simple, they last a very long time when they are looked after, and they are ruined surprisingly quickly when they are not.

I cleaned every cup, cone and ball in a tray of citrus degreaser and looked at the surfaces under a bright lamp. What you are looking for is pitting: small dull craters in the polished track where the balls run. The front hub was perfect. The rear hub had light pitting on the drive-side cone, so I found a replacement cone of the same size in my box of spares. The headset cups were fine, which was a relief, because matching an old headset can take weeks.

I threw away every old ball, because new balls cost almost nothing and old ones are never quite round any more. Then I packed each bearing with fresh grease and adjusted it. Adjusting a cup-and-cone bearing is a feel you learn over time: tight enough that the axle has no play when you rock it, loose enough that it turns smoothly without a gritty or notchy feeling. On a hub with a quick-release skewer you leave a hair of play, because the skewer squeezes the bearing a little when you close it.

## Wheels

The rims were for tubular tyres, the kind that are glued onto the rim rather than held by a bead. I like tubulars, but they are expensive and fiddly for someone who wants to ride to the market, so after a long talk with my neighbour we decided on new clincher rims laced to the original hubs. Keeping the hubs meant the wheels still carried the old maker's name, which mattered to her.

Building a wheel is one of my favourite jobs. I laced each wheel in a three-cross pattern with new stainless spokes, then brought the tension up evenly, a quarter turn at a time, going round and round the wheel. Truing is the slow part: first making the rim run straight from side to side, then making it round, then centring it between the locknuts, and then checking all three again, because fixing one disturbs the others. I stress-relieved the spokes by squeezing pairs of them together with my hands, which makes them settle, and then trued the wheels once more.

## Drivetrain and shifting

The derailleurs were good parts from a good decade, just filthy. I took them apart as far as they would go, cleaned them, and put them back together with a drop of oil on each pivot. The jockey wheels were worn into little stars, so I replaced them. The chain was stretched beyond saving, which I checked with a chain gauge, and the smallest sprockets on the freewheel were worn to match. A new chain on old sprockets will skip under load, so the freewheel had to go as well.

Finding a freewheel with the same number of sprockets and the same spacing took more searching than anything else in the project. In the end a small shop two towns away had one left in a drawer, still in its cardboard box, and the owner seemed pleased that somebody wanted it.

The friction shifters need no adjustment at all, which is part of their charm. You move the lever until the chain runs quietly, and that is it. My neighbour had never used friction shifting; after ten minutes in the car park she said it felt like tuning a radio, and that she liked it.

## Brakes

Old side-pull calliper brakes can be surprisingly good if the pads are new and the cables run freely. The original pads had gone as hard as plastic, and hard pads on a wet steel rim barely slow you down. I fitted modern pads in holders that fit the old callipers, so the look is unchanged and the stopping distance is not a gamble.

New cables and housing made the biggest difference. Old housing is often kinked, rusty inside, or simply dry, and a brake lever that feels spongy is usually telling you about the housing rather than the calliper. I cut every piece of housing to length with a proper cutter, filed the ends flat, and fitted new ferrules. The levers got new rubber hoods, the only parts of the bicycle that look brand new.

## Contact points

The saddle was beyond repair, so I found a leather saddle of a similar shape and treated it with a little leather dressing. The handlebar tape was replaced with cotton tape and finished with two coats of shellac, which is how tape was often finished when the bicycle was made. Shellac turns the cotton a warm honey colour and hardens it just enough. The pedals were rebuilt with new balls and fitted with toe clips, though I left the straps loose so that she could ride in ordinary shoes.

## Putting it together

Assembly goes in the reverse order of taking it apart, and it goes quickly when every part is clean, labelled and already adjusted. I greased every thread and every part that slides into the frame, including the seat post, so that nobody will have to repeat my week of penetrating oil. I torqued the bolts by feel on the old parts and with a torque wrench on the new ones.

The first ride is always a little frightening. I rode slowly up and down the lane behind the garage, listening for ticks and creaks and testing the brakes at walking pace before trusting them at speed. There was one creak, from the seat post binder bolt, which needed a drop of grease under its head. After that the bicycle was quiet, which is the best thing you can say about one.

## What it cost

People often assume that restoring an old bicycle is cheap. It can be, if you count only the parts, but it rarely is if you count the hours. For this bicycle the parts came to about the price of a modest new bicycle from a department store, mostly because of the rims, the freewheel and the saddle. The hours I stopped counting at sixty. I do not regret any of them, but it is worth being honest about them before you begin a project like this.

## What I would tell someone starting out

If you want to try this yourself, here is what I wish someone had told me before my first rebuild.

- Look for a sound frame first. Everything else can be replaced.
- Photograph everything before you take it apart, from several sides.
- Keep each part and its bolts together, labelled.
- Buy the special tools for the jobs you will do more than once, and borrow the rest.
- Replace cables, housing, brake pads, chain and bearing balls as a matter of course.
- Do not rush the first ride.

> I did not expect to cry over a bicycle, but there it was, leaning against the fence, looking exactly as it did when he rode it to work.
> -- My neighbour, when she came to collect it

She rides it to the market on Saturdays now. I see her pass the garage at about ten, her basket full of leeks, and every week she rings the bell twice as she goes by. That is the whole reward, and it is plenty.
""",
    comments=[
        dict(id=4411, who="Tomasz", when="2024-03-09T18:02", when_text="9 March 2024 at 6:02 pm",
             text="Lovely write-up. The tip about turning the frame upside down so the oil creeps in from the bottom bracket is exactly what I needed for the stuck post on my own old tourer."),
        dict(id=4412, who="Ruth K.", when="2024-03-10T08:45", when_text="10 March 2024 at 8:45 am",
             text="Shellac on cotton tape! I had forgotten that. My uncle did it on all his bikes and the garage smelled of it every spring.",
             replies=[dict(id=4415, who="Maren Holt", when="2024-03-10T09:30", when_text="10 March 2024 at 9:30 am",
                           text="The smell is half the point, Ruth. Three thin coats, a day apart, and it lasts for years.")]),
    ],
))

PAGES.append(dict(
    file="on-keeping-a-paper-notebook.html",
    url=P + "2024/02/on-keeping-a-paper-notebook/",
    id=807, date="2024-02-18", date_text="18 February 2024", minutes=4,
    title="On keeping a paper notebook",
    summary="Why a cheap paper notebook has outlived every note-taking app I have tried.",
    tags=["notebooks", "habits", "writing"],
    prev=("/maren/2024/03/a-long-winter-rebuilding-a-1978-road-bike/", "A long winter: rebuilding a 1978 road bike"),
    next=("/maren/2024/01/my-sourdough-starter-keeps-dying/", "My sourdough starter keeps dying"),
    body="""
I have tried most of the note-taking apps. Some of them were very clever, and one of them I paid for every year until the company was bought and the app was quietly switched off. Through all of it, a cheap paper notebook has sat on my workbench, and it is still there.

The notebook wins on three counts. It starts instantly, it never asks me to update it, and it does not care whether my hands are covered in grease. When I am halfway through adjusting a headset I do not want to unlock a phone; I want to write down a number before I forget it.

My grandmother kept a notebook for the whole of her working life as a seamstress. When we cleared her flat we found forty of them in a suitcase, and in the first one she had written a kind of instruction to herself:

> Write it down the day it happens. Tomorrow you will remember it better than it was.
>
> Keep the old books. You will not read them, but you will be glad they are there.

I did not understand the second part until I started keeping my own. I almost never read the old notebooks. But once or twice a year a customer brings back a bicycle I worked on long ago, and the notebook tells me exactly which bottom bracket I fitted and why. Those evenings feel like a conversation with a younger, more careful version of myself.

A friend who works in software put it differently when I told her about this:

> Your notebook is a log file with no retention policy. That is the best kind.

I keep a few simple rules. Every page gets a date. Every bicycle gets its own heading, with the owner's first name. Measurements are written with their units, because a number without a unit is a puzzle in six months. And when a notebook is full, it goes into a box with the others, labelled with the months it covers.

That is all there is to it. No tags, no search, no sync. It has worked for fifteen years, and I expect it to work for fifteen more.
""",
    comments=[
        dict(id=4390, who="Ines", when="2024-02-18T21:14", when_text="18 February 2024 at 9:14 pm",
             text="Your grandmother's second rule is going on a card above my desk."),
    ],
))

PAGES.append(dict(
    file="my-sourdough-starter-keeps-dying.html",
    url=P + "2024/01/my-sourdough-starter-keeps-dying/",
    id=801, date="2024-01-21", date_text="21 January 2024", minutes=1,
    title="My sourdough starter keeps dying",
    summary="A short plea for help from a baker whose starter gives up every January.",
    tags=["bread", "winter"],
    prev=("/maren/2024/02/on-keeping-a-paper-notebook/", "On keeping a paper notebook"),
    next=("/maren/2023/11/what-goes-in-the-panniers/", "What goes in the panniers"),
    body="""
Every January my sourdough starter gives up. It bubbles happily from spring to autumn, then the garage gets cold, the kitchen gets only a little warmer, and within two weeks it smells of nail varnish and refuses to rise.

This year I tried feeding it twice a day, moving it next to the radiator, and switching to wholemeal rye flour. None of it helped for long. I suspect the problem is simply temperature, but I would love to hear how other bakers keep a starter alive through a cold winter without heating the house for the sake of a jar of paste.

Tell me your tricks in the comments. The best suggestion wins a loaf, once I can bake one again.
""",
    comments=[
        dict(id=4301, who="Pieter van Dam", when="2024-01-21T10:12", when_text="21 January 2024 at 10:12 am",
             text="The nail varnish smell is acetone-like compounds from a hungry, stressed culture. It is not dead, it is starving. In the cold it eats slowly, so feeding more often does not help; what helps is a bigger feed. Try one part starter to five parts flour and five parts water, and leave it longer between feeds.\n\nAlso, put the jar in the oven with only the oven light switched on. In most ovens the bulb keeps the inside at about twenty-six degrees, which is perfect."),
        dict(id=4302, who="Ayesha", when="2024-01-21T11:40", when_text="21 January 2024 at 11:40 am",
             text="I keep mine in a small picnic cool box with a bottle of warm water that I refill morning and evening. It sounds silly, but the box holds the heat for hours and the starter has been lively all winter.",
             replies=[dict(id=4305, who="Maren Holt", when="2024-01-21T12:05", when_text="21 January 2024 at 12:05 pm",
                           text="A cool box used to keep things warm. I love this and I have one in the loft.")]),
        dict(id=4303, who="Jonas", when="2024-01-21T14:22", when_text="21 January 2024 at 2:22 pm",
             text="Honestly, I stopped fighting it. In winter I keep the starter in the fridge and feed it once a week, and the day before I bake I take some out and give it two warm feeds. The fridge is a steady temperature, which the kitchen is not, and a steady cold is kinder than a cold that comes and goes."),
        dict(id=4304, who="Old Baker Bill", when="2024-01-22T07:03", when_text="22 January 2024 at 7:03 am",
             text="Forty years of baking here. Three things. First, use water that has stood overnight if your tap water is heavily treated. Second, rye is good but it ferments fast and runs out of food fast; mix it half and half with strong white flour. Third, dry some of your starter when it is healthy. Smear a thin layer on baking paper, let it dry for two days, crumble it into a jar, and you will never lose it again. I have revived mine from flakes more times than I can count.",
             replies=[dict(id=4306, who="Pieter van Dam", when="2024-01-22T09:15", when_text="22 January 2024 at 9:15 am",
                           text="The dried flakes trick is excellent insurance. I send them to friends in envelopes."),
                      dict(id=4307, who="Maren Holt", when="2024-01-22T09:48", when_text="22 January 2024 at 9:48 am",
                           text="Bill, I think you have just won the loaf. Drying a backup this weekend.")]),
        dict(id=4308, who="Clara", when="2024-01-23T19:31", when_text="23 January 2024 at 7:31 pm",
             text="Seedling heat mat from the garden centre, the cheap kind, with the jar on a folded tea towel so it does not get too hot. I use it for yoghurt as well. It costs almost nothing to run and the starter has doubled reliably every day since December."),
    ],
))

PAGES.append(dict(
    file="what-goes-in-the-panniers.html",
    url=P + "2023/11/what-goes-in-the-panniers/",
    id=790, date="2023-11-12", date_text="12 November 2023", minutes=5,
    title="What goes in the panniers",
    summary="My packing list for a week of bicycle touring and camping, sorted by bag.",
    tags=["touring", "camping", "bicycles"],
    prev=("/maren/2024/01/my-sourdough-starter-keeps-dying/", "My sourdough starter keeps dying"),
    next=("/maren/2023/10/leaving-the-big-platform/", "Leaving the big platform"),
    body="""
After every tour I rewrite my packing list, crossing out what I carried and never used and adding what I wished I had brought. This is the version after a week on the coast road in September, eight days, five nights in a tent and two in guest houses. It is sorted by bag, because that is how I pack and unpack.

## Left rear pannier: sleeping

- Tent, packed in two parts
  - Inner and fly together in one stuff sack
  - Poles and pegs in a separate bag, so wet pegs stay away from the inner
- Sleeping bag rated to five degrees
- Inflatable mat and its repair patches
- A silk liner, which adds a little warmth and keeps the bag clean

## Right rear pannier: clothes

- Riding clothes
  - Two pairs of padded shorts, one worn, one drying
  - Three merino tops, which can be worn for days without smelling
  - Arm warmers and a thin wind jacket
- Evening clothes
  - Light trousers and a long-sleeved shirt
  - A down jacket that packs into its own pocket
  - Sandals, which double as shower shoes
- A waterproof jacket and overtrousers, packed on top where they can be reached in a hurry

## Front bag: the things I reach for all day

- Phone, wallet and a paper map of the region
- Sun cream and lip balm
- Snacks for the next two hours, which in practice means oat bars and a bag of salted nuts
- My notebook and a pencil

## Under the saddle: repairs

1. Two spare inner tubes and a small patch kit
2. Tyre levers and a mini pump
3. A multi-tool with a chain breaker
4. Spare parts that weigh almost nothing
   - Two quick links for the chain
   - A spare brake cable and a gear cable
   - A handful of spare bolts and a few zip ties
5. A small rag and a tiny bottle of chain oil

## What I stopped carrying

- The camping stove. On this coast there was a café or a bakery every twenty kilometres, and cold suppers were fine.
- A second book. I read one chapter a night and never finished the first.
- The big lock. A light cable lock is enough when the bicycle never leaves my sight for long.

The whole load came to about fourteen kilograms without water. It could be lighter, but every item on the list earned its place at least once, which is the only test I still use.
""",
    comments=[
        dict(id=4201, who="Sam", when="2023-11-12T17:20", when_text="12 November 2023 at 5:20 pm",
             text="Poles and pegs in a separate bag is such a simple idea. No more muddy inner tent."),
        dict(id=4202, who="Hanne", when="2023-11-13T08:02", when_text="13 November 2023 at 8:02 am",
             text="Fourteen kilograms is very reasonable for a tent tour. Did you miss the stove on the cold mornings?",
             replies=[dict(id=4203, who="Maren Holt", when="2023-11-13T08:50", when_text="13 November 2023 at 8:50 am",
                           text="Once, on a foggy morning before the café opened. Once in eight days is a price I will pay.")]),
    ],
))

PAGES.append(dict(
    file="leaving-the-big-platform.html",
    url=P + "2023/10/leaving-the-big-platform/",
    id=781, date="2023-10-02", date_text="2 October 2023", minutes=6,
    title="Leaving the big platform",
    summary="Why this blog moved from a hosted platform to a small static site, and what it costs now.",
    tags=["self-hosting", "writing"],
    prev=("/maren/2023/11/what-goes-in-the-panniers/", "What goes in the panniers"),
    body="""
For seven years this blog lived on a large hosted platform. It was easy to start, and for a long time it was easy to keep. Then, one plan change at a time, it stopped being either. This summer I moved everything to a small static site that I build on my own laptop, and I want to write down why, and what it costs, for anyone considering the same.

## Why I left

There was no single reason. The editor became slower each year and began to suggest headlines for me. Advertisements appeared beneath my posts unless I paid for a higher plan. And my readers kept telling me about pop-ups asking them to sign in before they could read a post I had written for anyone.

None of these things was a disaster on its own. Together they made the blog feel like a shop window I was renting rather than a notebook I owned.

## What it costs now

I kept a simple record of the monthly costs before and after the move. The figures are rounded to the nearest euro.

| Item | Hosted platform | Static site |
|---|---|---|
| Plan or hosting | 13 | 4 |
| Custom domain | 2 | 2 |
| Removing advertisements | 8 | 0 |
| Email newsletter | 9 | 3 |
| Total per month | 32 | 9 |

The static site is cheaper, but it is not free of work. I now spend perhaps an hour a month on updates and on the newsletter, which the platform used to do for me.

## How the site is built

Each post is a plain text file with a few lines of settings at the top. A small program turns the folder of files into a folder of web pages, and a short script copies them to the server. The whole publishing step is three commands:

```bash
# build the pages into the public folder
sitegen build --source posts --out public
# check every link before anything goes live
sitegen check-links public
# copy only what changed to the server
rsync -av --delete public/ maren@web.example:/var/www/blog/
```

If the server disappeared tomorrow I would still have every post on my laptop, in a format any text editor can open. That, more than the money, is why I moved.

## What I miss

I miss the statistics a little, and I miss the comments arriving without moderation. I do not miss anything else.
""",
    comments=[
        dict(id=4150, who="Kofi", when="2023-10-02T20:41", when_text="2 October 2023 at 8:41 pm",
             text="The shop window line is exactly how it felt for me too. Welcome to the small web."),
    ],
))

PAGES.append(dict(
    file="now.html",
    url=P + "now/",
    id=12, date="2024-03-12", date_text="12 March 2024", minutes=1,
    title="What I'm doing now",
    summary="What Maren is busy with at the moment.",
    tags=["habits"],
    body="""
This is a now page: a short note about what occupies my days at the moment, updated whenever that changes.

- Finishing a set of wheels for a friend's touring bicycle.
- Drying a backup of my sourdough starter, on the advice of a kind reader.
- Reading slowly through a history of the postal bicycle.
- Planning a spring ride along the river, three days, no tent.

If you want to know what I was doing before, older versions of this page live in the archive.
""",
    comments=[],
))
