// npm test: the jest suite (unit and API tests), then the browser tests (Playwright) against the
// built shop. `npm test -- <jest args>` runs jest only; `npm test -- test/e2e/...` Playwright only.
// TEST_RESULTS_DIR=<dir> also writes jest.json and e2e.json there (CI's summary reads them), and
// the browser tests' failures leave their artifacts in <dir>/e2e-artifacts (playwright.config.ts).
// TEST_SCOPE=database runs the tests whose outcome depends on the database: the server's jest
// project (its API tests, and the unit tests that open a database), and of the browser tests only
// the checkout's (DATABASE_SMOKE), which pay through the compiled shop as it runs in production.
// The other browser tests drive the client through the same API, and their cost is the browser's,
// the same on either database. CI's second run, on PostgreSQL, uses it; the first, on PGlite, runs
// everything.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const e2eArgs = args.filter((a) => a.includes('test/e2e') || a.endsWith('.spec.ts'));
const runJest = args.length === 0 || e2eArgs.length === 0;
const results = process.env.TEST_RESULTS_DIR;
const databaseScope = process.env.TEST_SCOPE === 'database';
if (process.env.TEST_SCOPE && !databaseScope) {
  console.error(`TEST_SCOPE=${process.env.TEST_SCOPE} is not known: leave it unset, or set it to 'database'.`);
  process.exit(2);
}
/** The browser tests TEST_SCOPE=database runs: the parent's checkout, through the compiled shop. */
const DATABASE_SMOKE = ['test/e2e/checkout.spec.ts'];
if (databaseScope && e2eArgs.length > 0) {
  console.error(`TEST_SCOPE=database runs its own browser tests (${DATABASE_SMOKE.join(', ')}): leave it unset to choose them.`);
  process.exit(2);
}
const runE2e = args.length === 0 || e2eArgs.length > 0;
const e2eFiles = databaseScope ? DATABASE_SMOKE : e2eArgs;

/** What a test that reaches a database mentions: a test server or process, a data source, the database's own names. */
const OPENS_A_DATABASE = /support\/|DataSource|DATABASE_URL|pglite|PGlite|from 'pg'|openDatabase/;

/**
 * The server's unit tests that never open a database (pure functions, templates, parsers): their
 * outcome is the same on either, so TEST_SCOPE=database leaves them to the first run.
 */
function testsWithoutADatabase() {
  const root = path.join(process.cwd(), 'server', 'src');
  return readdirSync(root, { recursive: true })
    .filter((file) => file.endsWith('.test.ts'))
    .filter((file) => !OPENS_A_DATABASE.test(readFileSync(path.join(root, file), 'utf8')))
    .map((file) => path.join('server', 'src', file));
}

/**
 * Tests that start the shop but whose subject is not its database: the lint rules (CI's guards, the
 * layering, the client's formatters), the HTTP plumbing (health, the access log, proxies, upload
 * limits, the client's files, GraphiQL), tracing, file storage and the compose file. The first run
 * checks them on PGlite; TEST_SCOPE=database does not run them again on PostgreSQL.
 */
const SAME_ON_EITHER_DATABASE = [
  'test/api/ci-guards.test.ts',
  'test/api/server-layers.test.ts',
  'test/api/client-intl-lint.test.ts',
  'test/api/http.test.ts',
  'test/api/access-log.test.ts',
  'test/api/trust-proxy.test.ts',
  'test/api/upload-limits.test.ts',
  'test/api/client-hosting.test.ts',
  'test/api/graphiql.test.ts',
  'test/api/tracing.test.ts',
  'test/api/s3-storage.test.ts',
  'test/api/docker-compose.test.ts',
  'test/api/runtime.test.ts',
  'server/src/media/storage.test.ts',
];

/**
 * Tests of the embedded database itself, which open it whatever DATABASE_URL says (the process on a
 * data folder, PGlite's own set-up): a run on PostgreSQL would repeat them as they are.
 */
const EMBEDDED_DATABASE_ONLY = ['test/api/embedded-process.test.ts', 'server/src/db/database.test.ts'];

function run(command, commandArgs, env = {}) {
  const { status } = spawnSync(command, commandArgs, { stdio: 'inherit', env: { ...process.env, ...env } });
  return status ?? 1;
}

let failed = 0;
if (runJest) {
  const jestArgs = [
    ...(results ? ['--json', `--outputFile=${path.join(results, 'jest.json')}`] : []),
    ...(databaseScope
      ? [
          '--selectProjects',
          'server',
          ...[...testsWithoutADatabase(), ...SAME_ON_EITHER_DATABASE, ...EMBEDDED_DATABASE_ONLY].flatMap((file) => [
            '--testPathIgnorePatterns',
            `/${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`,
          ]),
        ]
      : []),
    ...args,
  ];
  failed += run(process.execPath, [
    // The embedded database's WebAssembly on V8's baseline code only (workers inherit it): V8
    // otherwise compiles its hot functions again, optimised, on a background thread, which the
    // tests' databases (one a file, in memory) pay for more than they gain. Six API test files took
    // 56-60 s of CPU and 31-33 s before, 50-51 s and 28-30 s after (scripts/server-script.mjs).
    '--liftoff-only',
    '--experimental-vm-modules',
    '--no-warnings=ExperimentalWarning',
    'node_modules/jest/bin/jest.js',
    ...jestArgs,
  ]);
}
if (runE2e) {
  // The browser tests drive the built shop: build what changed since the last build (nothing
  // when the build is current, as in CI right after its build step).
  failed += run(process.execPath, ['scripts/build-if-stale.mjs']);
  failed += run(
    'npx',
    ['playwright', 'test', ...e2eFiles],
    results ? { PLAYWRIGHT_JSON_OUTPUT: path.join(results, 'e2e.json') } : {},
  );
}
process.exit(failed ? 1 : 0);
