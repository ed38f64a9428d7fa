// The docs page's chunk: its component sets the page's title and writes a
// line the server did not.
window.routeLoaded((helmet) => {
  helmet("First aid | Field guide");
  document.getElementById("doc").insertAdjacentHTML("beforeend", "<p>Hydrated by the page's own component.</p>");
});
