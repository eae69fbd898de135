import { proofShown } from './proof-shown';

const proof = { version: 1 } as Parameters<typeof proofShown>[0]['proof'];

describe('when the order page shows the proof', () => {
  it.each([
    ['Paid', 'digital'],
    ['Paid', 'printed'],
    ['Completed', 'printed'],
  ] as const)('shows it for a %s %s book', (status, bookFormat) => {
    expect(proofShown({ status, bookFormat, proof })).toBe(true);
  });

  it.each([
    ['Completed', 'digital'],
    ['Shipped', 'printed'],
    ['Pending', 'printed'],
    ['Cancelled', 'printed'],
    ['Refunded', 'digital'],
  ] as const)('not for a %s %s book', (status, bookFormat) => {
    expect(proofShown({ status, bookFormat, proof })).toBe(false);
  });

  it('not without a proof', () => {
    expect(proofShown({ status: 'Paid', bookFormat: 'printed', proof: null })).toBe(false);
  });
});
