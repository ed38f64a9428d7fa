import { Link, useLoaderData } from 'react-router';

export async function clientLoader({ params }) {
  const res = await fetch('/data/stations.json');
  if (!res.ok) throw new Response('stations unavailable', { status: res.status });
  const { stations } = await res.json();
  const station = stations.find((s) => s.id === params.id);
  if (!station) throw new Response('no such station', { status: 404 });
  return station;
}

export function meta({ data }) {
  return [{ title: `${data?.name ?? 'Station'} · Tide Watch` }];
}

export default function Station() {
  const s = useLoaderData();
  return (
    <>
      <h1>{s.name}</h1>
      <p>{s.note}</p>
      <p>Last low water: {s.lastLow} m above the gauge's zero.</p>
      <p>
        <Link to="/stations">All stations</Link>
      </p>
    </>
  );
}
