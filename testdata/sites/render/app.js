// The app's text comes from three calls to its API, made at once, each
// answered after 600 ms (a server-side delay). A browser sends at most six
// requests to one host at a time, for all its tabs: with a few such pages
// rendered at once, some calls wait for a connection before they are sent.
const call = (name) => fetch(`api/${name}.json?delay=600&r=${Math.random()}`).then((r) => r.json());

const fill = (id, part) => {
  const root = document.getElementById(id);
  root.textContent = "";
  if (part.title) {
    const h = document.createElement("h2");
    h.textContent = part.title;
    root.append(h);
  }
  for (const text of part.paragraphs || []) {
    const p = document.createElement("p");
    p.textContent = text;
    root.append(p);
  }
  for (const link of part.links || []) {
    const a = document.createElement("a");
    a.href = link.href;
    a.textContent = link.text;
    root.append(a, " ");
  }
};

for (const id of ["nav", "notes", "related"]) call(id).then((part) => fill(id, part));
