import { headOf, headTags } from './head-tags';

describe("a built page's head tags", () => {
  it('reads each script and link with its attributes, quoted ">" included, and where it stands', () => {
    const head = `<meta charset="utf-8">
    <script type="module" crossorigin src="/assets/index-A1.js"></script>
    <link rel="stylesheet" data-note="a > b" href='/assets/style-B2.css'>
    <link rel=modulepreload href=/assets/jsx-C3.js crossorigin>`;
    const tags = headTags(head);
    expect(tags.map(({ name, attributes }) => [name, Object.fromEntries(attributes)])).toEqual([
      ['script', { type: 'module', crossorigin: '', src: '/assets/index-A1.js' }],
      ['link', { rel: 'stylesheet', 'data-note': 'a > b', href: '/assets/style-B2.css' }],
      ['link', { rel: 'modulepreload', href: '/assets/jsx-C3.js', crossorigin: '' }],
    ]);
    // A script's place takes in its end tag; a link's is the tag alone.
    expect(tags.map(({ start, end }) => head.slice(start, end))).toEqual([
      '<script type="module" crossorigin src="/assets/index-A1.js"></script>',
      `<link rel="stylesheet" data-note="a > b" href='/assets/style-B2.css'>`,
      '<link rel=modulepreload href=/assets/jsx-C3.js crossorigin>',
    ]);
  });

  it('never takes an end tag that belongs to something else', () => {
    const head = '<link rel="stylesheet" href="/a.css"></script>';
    const [link] = headTags(head);
    expect(head.slice(link.start, link.end)).toBe('<link rel="stylesheet" href="/a.css">');
  });

  it('is the text before </head>, or all of it without one', () => {
    expect(headOf('<title>x</title></HEAD><body><script src="/b.js"></script>')).toBe('<title>x</title>');
    expect(headOf('<title>x</title>')).toBe('<title>x</title>');
  });
});
