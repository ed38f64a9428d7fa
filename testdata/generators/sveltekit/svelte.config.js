// The SvelteKit fixture of webgraph: every page prerendered by
// adapter-static (crossings.html, served under /crossings by the host),
// links followed by SvelteKit's client-side router, and a 404.html shell
// that renders the error page in the browser.
import adapter from '@sveltejs/adapter-static';

/** @type {import('@sveltejs/kit').Config} */
const config = {
  kit: {
    adapter: adapter({ pages: 'build', assets: 'build', fallback: '404.html', precompress: false, strict: true }),
  },
};

export default config;
