import { decodeCursor, encodeCursor } from './order-cursor';

describe('order cursors', () => {
  it('round-trip the creation time to the millisecond and the id', () => {
    const cursor = { createdAt: new Date('2026-03-04T05:06:07.089Z'), id: '3f2b8c1e-0d4a-4e6f-9a7b-1c2d3e4f5a6b' };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
  });

  it('reject anything that is not one of ours', () => {
    expect(decodeCursor('garbage')).toBeNull();
    expect(decodeCursor(Buffer.from('2026-01-01T00:00:00Z|not-a-uuid').toString('base64url'))).toBeNull();
    expect(decodeCursor(Buffer.from('yesterday|3f2b8c1e-0d4a-4e6f-9a7b-1c2d3e4f5a6b').toString('base64url'))).toBeNull();
  });
});
