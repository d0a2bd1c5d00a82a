export default {
  title: 'Tidewater',
  description: 'A small library for tide tables',
  cleanUrls: false,
  themeConfig: {
    nav: [{ text: 'Guide', link: '/guide' }, { text: 'Reference', link: '/reference' }],
    sidebar: [
      { text: 'Introduction', items: [{ text: 'What is Tidewater?', link: '/' }, { text: 'User guide', link: '/guide' }] },
      { text: 'API', items: [{ text: 'Reference', link: '/reference' }] },
    ],
    outline: { level: [2, 2], label: 'On this page' },
    search: undefined,
  },
}
