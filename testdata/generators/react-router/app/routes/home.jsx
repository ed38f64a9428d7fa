import { Link } from 'react-router';

export function meta() {
  return [{ title: 'Tide Watch' }];
}

export default function Home() {
  return (
    <>
      <h1>Tide Watch</h1>
      <p>
        Tide Watch lists the tide gauges along a stretch of coast and what each
        one last read. The gauges are run by volunteers, who check them at low
        water once a week and send their readings in by text message.
      </p>
      <p>
        <Link to="/stations">See the stations</Link>
      </p>
    </>
  );
}
