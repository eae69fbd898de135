/**
 * One jest run for the whole repo: server unit tests (next to the code) and API tests that
 * start the real server over HTTP (test/api). SWC compiles TypeScript with decorator
 * metadata, which TypeGraphQL and TypeORM read; graphql-upload is ESM-only, so SWC also turns
 * it (and fs-capacitor) into CommonJS for jest.
 */
const swcTs = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const swcJs = ['@swc/jest', { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } }];
const swcTsx = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/server/src', '<rootDir>/test/api'],
      testMatch: ['**/*.test.ts'],
      moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
      transform: { '^.+\\.ts$': swcTs, '^.+\\.m?js$': swcJs },
      transformIgnorePatterns: ['/node_modules/(?!(graphql-upload|fs-capacitor)/)'],
      setupFiles: ['<rootDir>/test/support/setup-env.ts'],
    },
    {
      // Client components with Testing Library in jsdom.
      displayName: 'client',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/client/src'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      moduleFileExtensions: ['tsx', 'ts', 'js', 'mjs', 'cjs', 'json'],
      transform: { '^.+\\.tsx?$': swcTsx, '^.+\\.m?js$': swcJs },
      // apollo-upload-client and extract-files ship ESM only.
      transformIgnorePatterns: ['/node_modules/(?!(apollo-upload-client|extract-files|is-plain-obj)/)'],
      moduleNameMapper: {
        '\\.(css|svg|png|jpe?g|mp4)$': '<rootDir>/test/support/file-stub.js',
        // The app's renderer, as the build has it (client/vite.config.ts, PREACT_COMPAT); Testing
        // Library's act() is Preact's.
        '^react-dom/client$': 'preact/compat/client',
        '^react-dom/test-utils$': 'preact/test-utils',
        '^react/jsx-(dev-)?runtime$': 'preact/compat/jsx-runtime',
        '^react(-dom)?$': 'preact/compat',
      },
      setupFilesAfterEnv: ['<rootDir>/test/support/setup-client.ts'],
    },
  ],
  testTimeout: 60_000,
  // A worker per core (jest's default leaves one core to itself, which on a 2-core machine
  // runs the suite file by file): the API tests spend much of their time waiting on the
  // database and the network, so the second worker nearly halves the run.
  maxWorkers: '100%',
  // A worker keeps part of every test file it ran (each file's modules live in a context of their
  // own, and Node does not free all of one): after twenty API test files its heap is past 500 MB
  // and the garbage collector takes a quarter of its time, more with each file. A worker whose
  // heap is over 400 MB after a file is replaced by a fresh one: on two cores the whole run took
  // 262 s instead of 468, and 483 s of CPU instead of 886.
  workerIdleMemoryLimit: '400MB',
};
