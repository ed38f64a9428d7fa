// The VitePress fixture of webgraph: a guide whose H1s repeat their sidebar
// items, a page in Chinese, the pager, a code block. Built into
// testdata/sites/gen-vitepress by scripts/build-fixtures.sh.
import { defineConfig } from 'vitepress'

export default defineConfig({
  title: 'Quayside Guide',
  description: 'How the quay works, for new volunteers',
  // Links and files end in .html (/guide/mooring.html), the default.
  cleanUrls: false,
  lastUpdated: false,
  locales: {
    root: {
      label: 'English',
      lang: 'en',
      themeConfig: {
        nav: [{ text: 'Guide', link: '/guide/' }],
        sidebar: {
          '/guide/': [
            {
              text: 'Guide',
              items: [
                { text: 'Getting started', link: '/guide/' },
                { text: 'Mooring a visiting boat', link: '/guide/mooring' },
                { text: 'Harbour dues', link: '/guide/dues' },
              ],
            },
          ],
        },
      },
    },
    zh: {
      label: '简体中文',
      lang: 'zh-CN',
      link: '/zh/',
      title: '码头指南',
      themeConfig: {
        nav: [{ text: '指南', link: '/zh/' }],
        sidebar: {
          '/zh/': [
            {
              text: '指南',
              items: [
                { text: '入门', link: '/zh/' },
                { text: '安全须知', link: '/zh/safety' },
              ],
            },
          ],
        },
        docFooter: { prev: '上一页', next: '下一页' },
      },
    },
  },
  themeConfig: {
    i18nRouting: false, // the language menu links to each language's home page
    search: undefined,
    socialLinks: [],
  },
})
