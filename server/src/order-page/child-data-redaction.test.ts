import { REDACTED, redactorFor } from './child-data-redaction';

describe('redactorFor', () => {
  it('replaces whole words in any case, the longest value first', () => {
    const redact = redactorFor(['Portland', '12 Oak Street, Portland', 'Mia']);
    expect(redact('Ship to 12 oak street, PORTLAND for mia.')).toBe(`Ship to ${REDACTED} for ${REDACTED}.`);
  });

  it('leaves a value that is only part of another word', () => {
    expect(redactorFor(['Mia'])('Miami and Jemia stay, Mia goes')).toBe(`Miami and Jemia stay, ${REDACTED} goes`);
  });

  it('matches the HTML-escaped form the e-mails hold', () => {
    const redact = redactorFor(['Tom & Jerry', 'Tom &amp; Jerry']);
    expect(redact('<p>For Tom &amp; Jerry</p>')).toBe(`<p>For ${REDACTED}</p>`);
  });

  it('treats the values as text, not as patterns', () => {
    expect(redactorFor(['a.b (c)'])('x a.b (c) y axb (c)')).toBe(`x ${REDACTED} y axb (c)`);
  });

  it('changes nothing without values', () => {
    expect(redactorFor([])('Mia')).toBe('Mia');
  });
});
