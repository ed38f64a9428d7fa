// The Docusaurus fixture of webgraph: docs with a sidebar, a blog, a page
// in Chinese, the generated 404 page and a sitemap. Built into
// testdata/sites/gen-docusaurus by scripts/build-fixtures.sh.

/** @type {import('@docusaurus/types').Config} */
const config = {
  title: 'Harbour Handbook',
  tagline: 'Notes for the volunteers of a small harbour',
  url: 'http://harbour.test',
  baseUrl: '/',
  // Pages are folders (/docs/first-aid/index.html) and every link ends in
  // a slash, as a static host serves them without a redirect.
  trailingSlash: true,
  onBrokenLinks: 'throw',
  favicon: undefined,
  i18n: { defaultLocale: 'en', locales: ['en'] },
  presets: [
    [
      'classic',
      /** @type {import('@docusaurus/preset-classic').Options} */
      ({
        docs: {
          sidebarPath: './sidebars.js',
        },
        blog: {
          showReadingTime: false,
          onInlineAuthors: 'ignore',
          onUntruncatedBlogPosts: 'ignore',
        },
        theme: {
          customCss: './src/css/custom.css',
        },
        sitemap: {
          changefreq: 'weekly',
          priority: 0.5,
        },
      }),
    ],
  ],
  themeConfig:
    /** @type {import('@docusaurus/preset-classic').ThemeConfig} */
    ({
      colorMode: { respectPrefersColorScheme: false },
      navbar: {
        title: 'Harbour Handbook',
        items: [
          { type: 'docSidebar', sidebarId: 'handbook', position: 'left', label: 'Handbook' },
          { to: '/blog/', label: 'Log', position: 'left' },
        ],
      },
      footer: {
        style: 'light',
        copyright: 'Written for webgraph\'s tests. Not a real harbour.',
      },
    }),
};

module.exports = config;
