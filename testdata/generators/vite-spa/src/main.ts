// A router of a dozen lines: each route is a function that writes the page
// into #app; links marked data-route change the URL with history.pushState
// instead of loading a new document.

type Page = { title: string; html: string };

const routes: Record<string, () => Page> = {
  '/': () => ({
    title: 'Lantern Walks',
    html: `<h1>Lantern walks by the harbour</h1>
      <p>On winter evenings a small group walks the old harbour with paper
      lanterns, stopping at the net lofts, the lifeboat house and the end of
      the pier to hear a story about each. The walks are free and take about
      an hour; bring warm clothes and sensible shoes.</p>
      <p><a href="/walks" data-route>See this winter's walks</a></p>`,
  }),
  '/walks': () => ({
    title: 'Walks · Lantern Walks',
    html: `<h1>This winter's walks</h1>
      <p>Walks start at the lifeboat house at six o'clock on the first and
      third Fridays of each month from November to February. If the wind is
      too strong for the lanterns the walk goes ahead with torches instead.</p>
      <ul>
        <li>The net lofts and the rope walk</li>
        <li>The lifeboat house and its launches</li>
        <li>The pier and the old signal station</li>
      </ul>
      <p><a href="/join" data-route>Join a walk</a></p>`,
  }),
  '/join': () => ({
    title: 'Join · Lantern Walks',
    html: `<h1>Join a walk</h1>
      <p>There is no need to book. Turn up at the lifeboat house a few minutes
      before six and a guide will hand you a lantern. Children are welcome
      with an adult, and dogs on short leads are welcome too.</p>`,
  }),
};

function notFound(): Page {
  return {
    title: 'Not found · Lantern Walks',
    html: `<h1>No walk goes here</h1><p>Lantern Walks has no page at this address.</p>
      <p><a href="/" data-route>Back to the start</a></p>`,
  };
}

function render(): void {
  const page = (routes[location.pathname] ?? notFound)();
  document.title = page.title;
  document.getElementById('app')!.innerHTML = page.html;
}

document.addEventListener('click', (ev) => {
  const a = (ev.target as Element).closest('a[data-route]') as HTMLAnchorElement | null;
  if (!a || ev.defaultPrevented || ev.button !== 0 || ev.metaKey || ev.ctrlKey || ev.shiftKey) return;
  ev.preventDefault();
  if (a.pathname !== location.pathname) history.pushState(null, '', a.pathname);
  render();
  window.scrollTo(0, 0);
});
window.addEventListener('popstate', render);
render();
