import { suggestEmail } from './email-suggestion';

describe('suggestEmail', () => {
  it.each([
    ['mia.parent@gmial.com', 'mia.parent@gmail.com'],
    ['mia.parent@gmail.con', 'mia.parent@gmail.com'],
    ['mia.parent@gnail.com', 'mia.parent@gmail.com'],
    ['Mia.Parent@GMAIL.CMO', 'Mia.Parent@gmail.com'],
    ['sam@yaho.com', 'sam@yahoo.com'],
    ['sam@hotmial.con', 'sam@hotmail.com'],
    ['sam@outlok.com', 'sam@outlook.com'],
    ['sam@icloud.co', 'sam@icloud.com'],
  ])('suggests %s -> %s', (typed, suggested) => {
    expect(suggestEmail(typed)).toBe(suggested);
  });

  it.each(['mia@gmail.com', 'mia@school.edu', 'mia@example.com', 'mia@', 'not an address', 'mia@mail.com', 'mia@me.com'])(
    'leaves %s alone',
    (typed) => {
      expect(suggestEmail(typed)).toBeNull();
    },
  );
});
