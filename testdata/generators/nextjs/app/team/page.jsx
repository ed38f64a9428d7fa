import Link from 'next/link';

export const metadata = { title: 'The team' };

export default function Team() {
  return (
    <>
      <h1>The team</h1>
      <p>
        Five members hold keys to the tower. Between them they cover every
        open day of the year, and each of them has climbed the one hundred and
        twelve steps to the lamp room more times than they can count.
      </p>
      <p>
        <Link href="/">Back to the lighthouse</Link>
      </p>
    </>
  );
}
