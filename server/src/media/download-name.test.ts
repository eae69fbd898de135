import { bookFileName, downloadUrl, requestedName, slug } from './download-name';

describe('download names', () => {
  it("names a book's files after the child and the lesson, in plain letters", () => {
    expect(bookFileName('Mia', 'Kindness')).toBe('mia-kindness-storybook');
    expect(bookFileName('Léa-Marie', 'Courage')).toBe('lea-marie-courage-storybook');
    expect(bookFileName('Maximilian-Alexander Christopher', 'Perseverance')).toBe(
      'maximilian-alexander-christopher-perseverance-storybook',
    );
    expect(bookFileName(null, 'Kindness')).toBe('kindness-storybook');
    expect(bookFileName('李', 'Kindness')).toBe('kindness-storybook');
  });

  it('keeps a name to 80 characters with no dash at either end', () => {
    expect(slug(`${'a'.repeat(79)} b`)).toBe('a'.repeat(79));
    expect(slug('  --Mia!!  ')).toBe('mia');
  });

  it('puts the name on the link, and accepts back only a name the shop could have made', () => {
    expect(downloadUrl('/media/videos/x.mp4?exp=1&sig=s', 'Mia Kindness storybook')).toBe(
      '/media/videos/x.mp4?exp=1&sig=s&download=1&name=mia-kindness-storybook',
    );
    expect(requestedName('mia-kindness-storybook')).toBe('mia-kindness-storybook');
    for (const bad of ['../etc/passwd', 'mia.exe', 'Mia', 'mia"; x', '', 'a'.repeat(81), ['mia'], undefined]) {
      expect(requestedName(bad)).toBeNull();
    }
  });
});
