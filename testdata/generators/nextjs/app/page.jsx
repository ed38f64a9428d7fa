import Link from 'next/link';

export default function Home() {
  return (
    <>
      <h1>The lighthouse on the point</h1>
      <p>
        The society looks after the old lighthouse on the point: its lamp room,
        its logbooks and the path that leads to it along the cliff. Members
        meet on the first Sunday of every month to paint, mend and open the
        tower to visitors for the afternoon.
      </p>
      <ul>
        <li>
          <Link href="/about">About the society</Link>
        </li>
        <li>
          <Link href="/about#crew-notes">The crew notes</Link>
        </li>
      </ul>
    </>
  );
}
