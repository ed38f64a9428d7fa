import { Links, Meta, NavLink, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse } from 'react-router';

export function Layout({ children }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

// What the served index.html holds for every path until the app has loaded.
export function HydrateFallback() {
  return <p>Loading…</p>;
}

export default function App() {
  return (
    <>
      <nav>
        <NavLink to="/">Tide Watch</NavLink> · <NavLink to="/stations">Stations</NavLink> ·{' '}
        <NavLink to="/about">About</NavLink>
      </nav>
      <main>
        <Outlet />
      </main>
    </>
  );
}

export function ErrorBoundary({ error }) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main>
      <title>{missing ? 'Not found · Tide Watch' : 'Error · Tide Watch'}</title>
      <h1>{missing ? 'No such page' : 'Something went wrong'}</h1>
      <p>{missing ? 'Tide Watch has no page at this address.' : 'The page could not be shown.'}</p>
      <p>
        <a href="/">Back to Tide Watch</a>
      </p>
    </main>
  );
}
