import CrewNotes from './crew-notes';

export const metadata = { title: 'About the society' };

export default function About() {
  return (
    <>
      <h1>About the society</h1>
      <p>
        The society was founded by people who grew up within sight of the lamp
        and did not want to see the tower fall into the sea. It raises money
        for repairs, keeps the visitors' book, and trains new members to climb
        the stairs safely and to tell the tower's story to the people who
        visit it.
      </p>
      <CrewNotes />
    </>
  );
}
