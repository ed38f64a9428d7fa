export function meta() {
  return [{ title: 'About · Tide Watch' }];
}

export default function About() {
  return (
    <>
      <h1>About Tide Watch</h1>
      <p>
        Tide Watch began when a sailing club wanted to know how far the
        published tide tables could be trusted in their own creek. A member
        fixed a marked post to the jetty, another wrote the readings down, and
        within a year six other clubs along the coast were doing the same.
      </p>
    </>
  );
}
