// The client component: its paragraph, a heading a link can point into, and
// its only link to another page exist only once it has run.
const root = document.getElementById("client");
root.innerHTML = `<h2 id="team">The team</h2>
<p>Written by the client component once the page has hydrated: a reader always sees it.</p>
<p><a href="/people.html">Meet the people</a></p>`;
