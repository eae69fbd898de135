// @ts-check
/**
 * One ESLint config for the whole repo (ESLint 9 flat config). Formatting is Prettier's job
 * (`npm run format`); eslint-config-prettier, last, turns off every rule that would disagree.
 *
 * Type-aware rules run only on the Node side (server, API tests, test support): that is where
 * a forgotten `await` loses a write or an error. The client is linted without type information,
 * which keeps `npm run lint` quick on a small machine.
 */
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import serverLayers from './eslint-rules/server-layers.mjs';

const nodeTypeScript = ['server/src/**/*.ts', 'test/**/*.ts', 'ormconfig.ts', 'codegen.ts', 'playwright.config.ts'];
const clientCode = ['client/src/**/*.{ts,tsx}', 'test/support/client/**/*.{ts,tsx}'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '**/dist-graphiql/',
      '**/prerender-dist/',
      'client/src/gql/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      'data/',
      'bench/results/',
      'screenshots/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Scripts, benches and tool configs run on Node.
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.{js,cjs}'],
    ignores: ['client/**'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: nodeTypeScript,
    ignores: ['test/support/client/**'],
    languageOptions: {
      globals: globals.node,
      parserOptions: {
        // Server unit tests belong to test/tsconfig.json, the app to server/tsconfig.json.
        project: ['server/tsconfig.json', 'test/tsconfig.json', 'test/e2e/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: clientCode,
    ...reactHooks.configs.flat.recommended,
    ...jsxA11y.flatConfigs.recommended,
    plugins: { ...reactHooks.configs.flat.recommended.plugins, ...jsxA11y.flatConfigs.recommended.plugins },
    languageOptions: {
      ...jsxA11y.flatConfigs.recommended.languageOptions,
      globals: globals.browser,
    },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // A missing dependency is a stale-closure bug: an error, not a warning to get used to.
      'react-hooks/exhaustive-deps': 'error',
      // Our effects that set state synchronously copy an outside system into React (a blob URL
      // made for the chosen photo, the checkout redirect flag read before the first paint, the
      // scroll position, closing the menu on navigation); the rule cannot tell that from
      // derived state.
      'react-hooks/set-state-in-effect': 'off',
      // The admin's orders table becomes cards on narrow screens (CSS display: block), which
      // drops table semantics in some browsers; explicit table roles put them back.
      'jsx-a11y/no-redundant-roles': ['error', { nav: ['navigation'], thead: ['rowgroup'], tbody: ['rowgroup'] }],
      'jsx-a11y/no-interactive-element-to-noninteractive-role': [
        'error',
        { tr: ['none', 'presentation'], canvas: ['img'], td: ['cell'] },
      ],
      // It flags the word "photo", but our images are photos: the parent's upload ("Preview of
      // your child's photo") and the child's photo in the admin ("Photo of Leo"), and saying so is
      // the useful part of the text alternative.
      'jsx-a11y/img-redundant-alt': 'off',
      // The first Intl formatter a page builds loads the locale's data: some 35 ms of a phone's
      // main thread (CPU 4x slower), in the render the visitor waits on, wherever it is built.
      // The shop writes American English by hand (ui/en-us.ts, ui/formatPrice.ts, each checked
      // against Intl in its tests); Intl stays for what those do not write, where they say so.
      // The tests' own block below sets this rule's options afresh, which leaves them free to use Intl.
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.object.name='Intl'], CallExpression[callee.object.name='Intl']",
          message:
            "An Intl formatter loads the locale's data (some 35 ms of a phone's main thread): write en-US with ui/en-us.ts or ui/formatPrice.ts.",
        },
        {
          selector: 'CallExpression[callee.property.name=/^(toLocale(Date|Time)?String|localeCompare)$/]',
          message:
            "toLocaleString and localeCompare build an Intl formatter or collator, which loads the locale's data (some 35 ms of a phone's main thread): write en-US with ui/en-us.ts or ui/formatPrice.ts.",
        },
      ],
    },
  },
  {
    // Tests read GraphQL answers as plain JSON and check their shape with expect(); typing every
    // answer would copy the schema into the tests.
    files: ['test/**/*.{ts,tsx}', '**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      // A focused test left in a commit silently turns the rest of its file off (jest and Playwright alike).
      'no-restricted-syntax': [
        'error',
        {
          // describe.only, it.only, test.only, test.describe.only, test.describe.serial.only, it.each(...).only...
          selector: "MemberExpression[property.name='only']",
          message: 'A focused test (.only) turns the other tests off: remove .only before committing.',
        },
        {
          selector: 'CallExpression[callee.name=/^f(it|describe)$/]',
          message: 'fit and fdescribe focus a test and turn the others off: use it and describe.',
        },
      ],
    },
  },
  {
    // The server's folders import downwards only (eslint-rules/server-layers.mjs): no ring of folders.
    files: ['server/src/**/*.ts'],
    plugins: { layers: serverLayers },
    rules: { 'layers/server-layers': 'error' },
  },
  {
    files: ['client/vite.config.ts'],
    languageOptions: { globals: globals.node },
  },
  prettier,
);
