import { Link, useLoaderData } from 'react-router';

// The list comes from a JSON file the browser fetches when the route loads.
export async function clientLoader() {
  const res = await fetch('/data/stations.json');
  if (!res.ok) throw new Response('stations unavailable', { status: res.status });
  return res.json();
}

export function meta() {
  return [{ title: 'Stations · Tide Watch' }];
}

export default function Stations() {
  const { stations } = useLoaderData();
  return (
    <>
      <h1>Stations</h1>
      <p>Each gauge, with the height it showed at the last low water reported.</p>
      <ul>
        {stations.map((s) => (
          <li key={s.id}>
            <Link to={`/stations/${s.id}`}>{s.name}</Link>: {s.lastLow} m
          </li>
        ))}
      </ul>
    </>
  );
}
