import { startTestServer, type TestServer } from '../../../test/support/test-server';

let server: TestServer;
let raw: string[] = [];
const lines = () => raw.map((line) => JSON.parse(line) as Record<string, any>);

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'debug' }, { logDestination: { write: (line: string) => raw.push(line) } });
});
afterAll(() => server?.close());
beforeEach(() => {
  raw = [];
});

describe("TypeORM's logger", () => {
  it('writes a failed query to the JSON log as a warning, with its code and without its parameters', async () => {
    await expect(
      server.dataSource.query('SELECT * FROM no_such_table WHERE email = $1', ['parent@example.com']),
    ).rejects.toThrow();
    const failed = lines().find((line) => line.msg === 'database query failed');
    expect(failed).toMatchObject({
      level: 'warn',
      error: { code: '42P01' },
      query: 'SELECT * FROM no_such_table WHERE email = $1',
      parameters: 1,
    });
    expect(raw.join('')).not.toContain('parent@example.com');
  });

  it('writes each query at debug', async () => {
    await server.dataSource.query('SELECT 41 + 1 AS answer');
    expect(lines()).toContainEqual(
      expect.objectContaining({ level: 'debug', msg: 'database query', query: 'SELECT 41 + 1 AS answer' }),
    );
  });

  it('writes a slow query as a warning', async () => {
    await server.dataSource.query('SELECT pg_sleep(1.1)');
    expect(lines()).toContainEqual(
      expect.objectContaining({ level: 'warn', msg: 'slow database query', query: 'SELECT pg_sleep(1.1)' }),
    );
  });
});
