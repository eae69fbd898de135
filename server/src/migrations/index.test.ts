import { migrations } from '.';

describe('the migration list', () => {
  it('is in the order TypeORM runs it, by timestamp, each once', () => {
    const timestamps = migrations.map((migration) => Number(/(\d{13})$/.exec(migration.name)![1]));
    expect(timestamps).toEqual([...timestamps].sort((a, b) => a - b));
    expect(new Set(timestamps).size).toBe(migrations.length);
  });
});
