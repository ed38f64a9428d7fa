import { useEffect, useState } from 'preact/hooks';

// Renders nothing on the server: its text and link exist only once the
// island has hydrated, which client:visible does when it scrolls into view.
export default function HiddenGem() {
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(true), []);
  if (!shown) return <div class="hidden-gem" />;
  return (
    <div class="hidden-gem">
      <p>
        You read the whole log, so here is the keeper's secret: the best view
        of the breakwater is from the old net loft, at low water on a still
        evening.
      </p>
      <p>
        <a href="/hidden-gem">Find the hidden gem</a>
      </p>
    </div>
  );
}
