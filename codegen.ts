import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * schema.graphql (emitted by the server: `npm run schema`) + the operations written
 * with `graphql()` in the client -> typed documents in client/src/gql (never edit them).
 * Run: `npm run codegen` (or `npm run generate` to emit the schema first).
 */
const config: CodegenConfig = {
  schema: 'schema.graphql',
  documents: ['client/src/**/*.{ts,tsx}', '!client/src/gql/**/*'],
  ignoreNoDocuments: false,
  generates: {
    'client/src/gql/': {
      preset: 'client',
      presetConfig: {
        // Use Apollo's own hooks with plain typed documents; no useFragment() unmasking.
        fragmentMasking: false,
      },
      config: {
        enumsAsTypes: true,
        useTypeImports: true,
        // Only the enums and inputs the client's operations use, not every schema type.
        onlyOperationTypes: true,
        defaultScalarType: 'unknown',
        scalars: {
          Upload: { input: 'File | Blob', output: 'never' },
          DateTimeISO: 'string',
        },
      },
    },
  },
};

export default config;
