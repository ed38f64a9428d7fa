// The Astro fixture of webgraph: a long logbook with a client:visible
// island at its foot. Pages are files (logbook.html), served under
// /logbook by the host.
import { defineConfig } from 'astro/config';
import preact from '@astrojs/preact';

export default defineConfig({
  output: 'static',
  build: { format: 'file' },
  integrations: [preact()],
  devToolbar: { enabled: false },
  vite: { build: { sourcemap: false } },
});
