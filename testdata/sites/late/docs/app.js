// A single-page docs app: the navigation and the page come from JSON, the
// renderer is a module loaded on demand, and the page is drawn after a
// scheduled tick, as a framework would.
const nav = await (await fetch("nav.json")).json();
document.getElementById("nav").innerHTML = nav.map((p) => `<a href="#/${p.id}">${p.title}</a>`).join(" · ");
const { render } = await import("./render.js");
await new Promise((resolve) => setTimeout(resolve, 200));
const id = location.hash.slice(2) || nav[0].id;
const page = await (await fetch(`pages/${id}.json`)).json();
document.getElementById("main").innerHTML = render(page);
document.title = `${page.title} — Docs`;
history.replaceState(null, "", `#/${id}`);
