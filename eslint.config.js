import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
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

// Gateway areas (README, Architecture): every folder of src/server but the shared layers is an area, read from disk,
// so a new area needs no edit here. Another area, or a top-level file (app.ts, start.ts), reaches an area only through
// its index.ts; the shared layers do not import areas at all, except the files listed below (through the index).
const serverShared = ['http', 'db', 'jobs', 'adapters'];
const sharedImportingAreas = [
  'src/server/jobs/handlers.ts', // the composition of the areas' job handlers
  'src/server/http/route.ts', // the Bearer session (accounts)
  'src/server/db/seed.ts', // the demo customer's password (accounts)
  'src/server/db/seedSims.ts', // the test SIMs' activation-code digests (activation)
];
const serverDir = new URL('./src/server/', import.meta.url);
const serverAreas = readdirSync(serverDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !serverShared.includes(entry.name)).map((entry) => entry.name);
const serverDepth = Math.max(...readdirSync(serverDir, { recursive: true }).map((path) => String(path).split(/[\\/]/).length - 1));
const gatewayNoClient = { group: ['**/src/app/**', '**/screens/**', '**/src/api/**', 'react', 'react-dom'], message: 'The gateway does not import client code.' };
/** An import path that reaches src/server/<area> from a file `depth` folders below src/server, then `rest`. */
const toArea = (depth, rest) => `^${depth === 0 ? '\\./' : `(?:\\.\\./){${depth}}`}(?:${serverAreas.join('|')})${rest}`;
/** Import paths are relative, so the rules go by depth: `../payments/x` is the payments area from adapters/x.ts, not from adapters/payments/clients/x.ts. */
const serverBoundaries = () => Array.from({ length: serverDepth + 1 }, (_, depth) => [
  { files: [`src/server/${'*/'.repeat(depth)}*.{ts,tsx}`], rules: restrict([gatewayNoClient, { regex: toArea(depth, '/'), message: 'Another area only through its index: ../orders, not ../orders/view.' }]) },
  ...(depth === 0 ? [] : [{
    files: serverShared.map((dir) => `src/server/${dir}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`), ignores: sharedImportingAreas,
    rules: restrict([gatewayNoClient, { regex: toArea(depth, '(?:/|$)'), message: 'http/, db/, jobs/ and adapters/ do not import areas (exceptions: sharedImportingAreas in eslint.config.js).' }]),
  }]),
]).flat();

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
  { files: ['src/server/**'], rules: restrict([gatewayNoClient]) },
  ...serverBoundaries(),
);
