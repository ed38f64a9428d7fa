'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';

// Shown only once the page has hydrated: the served HTML holds none of it.
export default function CrewNotes() {
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(true), []);
  if (!shown) return null;
  return (
    <section>
      <h2 id="crew-notes">Crew notes</h2>
      <p>
        The crew notes are written on the evening of every open day by
        whoever locked the tower door. They record how many visitors climbed
        to the lamp room, what needed mending and who volunteered to mend it.
      </p>
      <p>
        <Link href="/team">Meet the team that keeps the lamp</Link>
      </p>
    </section>
  );
}
