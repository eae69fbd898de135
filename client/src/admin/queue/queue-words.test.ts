import { dueIn } from './queue-words';

describe('how far a due time is', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  it('says the largest whole unit, ahead or behind', () => {
    expect(dueIn('2026-11-26T17:30:00Z', now)).toBe('due in 5 h');
    expect(dueIn('2026-11-28T13:00:00Z', now)).toBe('due in 2 d');
    expect(dueIn('2026-11-26T11:15:00Z', now)).toBe('overdue by 45 min');
    expect(dueIn('2026-11-26T12:00:20Z', now)).toBe('due in 1 min');
  });
});
