import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * DESIGN.md §3 as rules: contract imports nothing else from src; server and web never import each other;
 * a web feature never imports another feature; emulators never import src, and only tests (server tests, e2e,
 * scripts) import emulators; only repositories (and the db layer itself) touch Drizzle.
 */
const elements = [
  { type: 'contract', pattern: 'src/contract' },
  { type: 'server', pattern: 'src/server' },
  { type: 'web-app', pattern: 'src/web/app' },
  { type: 'web-feature', pattern: 'src/web/features/*', capture: ['feature'] },
  { type: 'web-shared', pattern: 'src/web/(components|lib|locales|test)', capture: ['part'] },
  // Listed after the web folders above, so it only classifies the entry files directly in src/web.
  { type: 'web-entry', pattern: 'src/web' },
  { type: 'emulators', pattern: 'emulators' },
  { type: 'e2e', pattern: 'e2e' },
  { type: 'scripts', pattern: 'scripts' },
];

const webShared = ['web-shared', 'contract'];

function allow(from, to) {
  return { from: { element: { type: from } }, allow: { to: { element: { types: { anyOf: to } } } } };
}

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'drizzle/**', 'node_modules/**', 'test-results/**', '.e2e-data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['src/**/*.{ts,tsx}', 'emulators/**/*.ts', 'e2e/**/*.ts', 'scripts/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      'boundaries/files': [
        { category: 'server-test', pattern: ['src/server/**/*.test.ts', 'src/server/test/**'] },
        { category: 'web-test-helper', pattern: ['src/web/test/**'] },
      ],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            allow('contract', ['contract']),
            allow('server', ['server', 'contract']),
            // Server tests and their helpers also drive the emulators; production server code may not.
            {
              from: { element: { type: 'server' }, file: { categories: 'server-test' } },
              allow: { to: { element: { type: 'emulators' } } },
            },
            allow('web-entry', ['web-app', ...webShared]),
            allow('web-app', ['web-app', 'web-feature', ...webShared]),
            allow('web-feature', webShared),
            {
              from: { element: { type: 'web-feature' } },
              allow: {
                to: {
                  element: {
                    type: 'web-feature',
                    captured: { feature: '{{ from.element.captured.feature }}' },
                  },
                },
              },
            },
            allow('web-shared', webShared),
            // The web tests' helpers render routes as the app does.
            {
              from: { element: { type: 'web-shared' }, file: { categories: 'web-test-helper' } },
              allow: { to: { element: { type: 'web-app' } } },
            },
            allow('emulators', ['emulators']),
            allow('e2e', ['e2e', 'contract', 'emulators']),
            allow('scripts', ['scripts', 'server', 'contract', 'emulators']),
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/db/**', 'src/server/**/*.repo.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: 'Only *.repo.ts files and src/server/db use Drizzle.',
            },
          ],
        },
      ],
    },
  },
  {
    // What the browser loads uses zod/mini, whose functions tree-shake: classic zod brings every method of every
    // schema, JSON Schema output and its English messages to each page that checks an answer (docs/decisions/168).
    // Slack's emoji table would add 15 kB gzip to the inbox (docs/decisions/170).
    files: ['src/contract/**/*.ts', 'src/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['zod', 'zod/v4', 'zod/v3'].map((name) => ({
            name,
            message: "The contract and the web use 'zod/mini' (docs/decisions/168).",
          })),
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: 'Only *.repo.ts files and src/server/db use Drizzle.',
            },
            { group: ['zod/v4/classic', 'zod/v4/classic/*', 'zod/v3/*'], message: "Use 'zod/mini'." },
            {
              group: ['emojibase-data', 'emojibase-data/*'],
              message:
                'Slack’s emoji table stays on the server; each message carries its own (docs/decisions/170).',
            },
          ],
        },
      ],
    },
  },
  {
    // Connectors talk to providers for the modules; they never reach back into a module (nor into Drizzle).
    files: ['src/server/connectors/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: 'Only *.repo.ts files and src/server/db use Drizzle.',
            },
            { group: ['**/modules/**'], message: 'Connectors never import modules.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*', 'emulators/**/*', 'e2e/**/*', 'scripts/**/*'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.tsx': 'PASCAL_CASE', '**/*.{ts,js,json,css,html}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
    },
  },
  {
    files: ['src/web/main.tsx', 'src/web/app/router.tsx'],
    rules: { 'check-file/filename-naming-convention': 'off' },
  },
  prettier,
);
