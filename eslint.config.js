import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import noLiteralStrings from './scripts/eslint/no-literal-strings.js';

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

const uiLibs = [
  { group: ['react', 'react-dom', 'react-dom/*', 'react-router', 'react-router-dom', '@xstate/react', 'react-i18next', '@radix-ui/*'], message: 'Machines are pure: no React (ARCHITECTURE.md).' },
];
const ioLibs = [
  { group: ['ofetch', 'node:*', 'fs', 'path', 'crypto', 'http'], message: 'Machines are pure: I/O comes in as named actors provided by the host.' },
];
const serverCode = [{ group: ['**/server/**', 'fastify', '@fastify/*', 'drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*'], message: 'Server code stays in src/server.' }];
const apiCode = [{ group: ['**/src/api/**', '**/api/client', 'ofetch'], message: 'Screens do not call the API: they send events to machines whose actors src/app/flows provides.' }];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'docs/**', 'test-results/**', '.tmp/**', 'src/server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  { files: ['machines/**'], rules: restrict([...uiLibs, ...ioLibs, ...serverCode, ...apiCode]) },
  { files: ['src/domain/**', 'src/contract/**'], rules: restrict([...uiLibs, ...ioLibs, ...serverCode, { group: ['**/machines/**', '**/src/app/**', '**/screens/**'], message: 'domain and contract are the bottom layer.' }]) },
  { files: ['screens/**', 'src/app/**/*.tsx'], plugins: { local: { rules: { 'no-literal-strings': noLiteralStrings } } }, rules: { 'local/no-literal-strings': 'error' } },
  { files: ['screens/**'], rules: restrict([...serverCode, ...apiCode]) },
  { files: ['src/app/**', 'src/api/**', 'src/storage/**', 'i18n/**'], rules: restrict(serverCode) },
  { files: ['src/server/**'], rules: restrict([{ group: ['**/src/app/**', '**/screens/**', '**/src/api/**', 'react', 'react-dom'], message: 'The gateway does not import client code.' }]) },
);
