import { formatBytes, shortOrderId, storyType } from './order-format';

describe('order-format', () => {
  it('shows an order id as its first 8 characters and an ellipsis', () => {
    expect(shortOrderId('3f2a9c1e-7b44-4c1a-9f00-5e1d2c3b4a59')).toBe('3f2a9c1e...');
  });

  it('words the story type as format and life lesson', () => {
    expect(storyType({ bookFormat: 'digital', moral: 'Kindness' })).toBe('Digital · Kindness');
    expect(storyType({ bookFormat: 'printed', moral: 'Courage' })).toBe('Printed · Courage');
  });

  it('words byte limits as the server does', () => {
    expect(formatBytes(2 * 1024 ** 3)).toBe('2 GB');
    expect(formatBytes(500 * 1024 ** 2)).toBe('500 MB');
    expect(formatBytes(1.5 * 1024 ** 3)).toBe('1.5 GB');
  });
});
