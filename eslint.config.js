import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const PANEL = ['@/*', '@resources/*', '**/src/**', '**/resources/**'];
const BROWSER = 'Browser code does not import the server or Node; shared facts live in shared/.';
const SERVER = 'The server does not import the panel; shared facts live in shared/.';
const SHARED = 'shared/ is plain TypeScript for both sides: no Node, no React, no app code.';
const RIDER =
  "The riders' page is its own small bundle: plain React, no react-admin, MUI or panel code.";

export default tseslint.config(
  { ignores: ['dist', 'build', 'data', 'node_modules', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  // A stray `.only` would run one test and skip the rest of its file without failing.
  {
    files: ['tests/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['it', 'test', 'describe', 'suite', 'bench'].map((object) => ({
          object,
          property: 'only',
          message: 'A committed `.only` skips the rest of the suite.',
        })),
      ],
    },
  },
  // Boundaries (tsconfig.web.json and tsconfig.node.json keep Node and the DOM apart; these keep
  // the imports apart): the panel and the landing page's browser code never import the server,
  // the server never imports the panel, and shared/ imports nothing of either, nor Node or React.
  {
    files: ['src/**', 'resources/**', 'landing/**'],
    ignores: ['landing/prerender.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@server/*', '**/server/**', 'node:*'], message: BROWSER }] },
      ],
    },
  },
  // The riders' page's service worker: plain JavaScript, served as it is.
  { files: ['public/rider/sw.js'], languageOptions: { globals: globals.serviceworker } },
  {
    files: ['rider/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@server/*', '**/server/**', 'node:*'], message: BROWSER },
            { group: [...PANEL, '@landing/*', 'react-admin', 'ra-*', '@mui/*'], message: RIDER },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: [...PANEL, 'react-admin', '@mui/*'], message: SERVER }] },
      ],
    },
  },
  {
    files: ['shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...PANEL, '@server/*', '@landing/*', '@tests/*', '../*', 'node:*', 'react*'],
              message: SHARED,
            },
          ],
        },
      ],
    },
  },
);
