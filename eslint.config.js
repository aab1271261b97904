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

/*
 * The import direction of ARCHITECTURE.md, one room at a time:
 *   domain, contract <- machines <- (server | api <- app <- screens)
 * with storage (the wrapped browser storage) and i18n beside api: they import only domain and contract (i18n also
 * storage), and app and screens use them. A room is named by the last step of a relative import, from any depth:
 * ../app, ../../src/app/flows/login, ../../../machines/x. no-restricted-imports reads static imports and
 * re-exports, not import(): the route table's lazy import() of the screens is the one way up, and stays allowed.
 */
const room = (...names) => `^(\\.\\./)+(src/)?(${names.join('|')})(/|$)`;
const above = (names, why) => [{ regex: room(...names), message: `${why} (ARCHITECTURE.md: domain, contract <- machines <- (server | api <- app <- screens)).` }];
const bottomLayer = above(['machines', 'app', 'api', 'storage', 'server', 'screens', 'i18n'], 'src/domain and src/contract are the bottom layer: they import no other room');
const machinesLayer = above(['app', 'api', 'storage', 'server', 'screens', 'i18n'], 'Machines import only src/domain and src/contract');
const storageLayer = above(['machines', 'app', 'api', 'server', 'screens', 'i18n'], 'src/storage imports only src/domain and src/contract');
const i18nLayer = above(['machines', 'app', 'api', 'server', 'screens'], 'i18n imports only src/storage, src/domain and src/contract');
const apiLayer = above(['app', 'screens', 'server', 'storage', 'i18n'], 'src/api is the transport: it imports no app, screens, server, storage or i18n');
const appLayer = above(['screens', 'server'], 'src/app imports no screens statically (the route table loads them with import()) and no server code');
/**
 * The endpoint table (src/contract/index.ts) holds every schema: the gateway registers its routes from it, while the
 * client takes each endpoint from its area (src/contract/<area>.ts), so a page fetches only its own (decision 0023).
 */
const clientContract = [{ regex: '^(\\.\\./)+(src/)?contract(/index)?$', allowTypeImports: true, message: 'The client imports endpoints from their contract area (src/contract/<area>.ts), not the whole table (decision 0023).' }];
/** The route table and the loaders import the screens (lazily): a module screens read must not import them. */
const notTheTable = [{ regex: '^\\./(routes|loaders)$', message: 'forScreens.ts never imports the route table or the loaders: they import the screens, so the screens would import themselves.' }];
const screensReach = [
  ...above(['api', 'server'], 'Screens import neither src/api nor server code'),
  { regex: '^(\\.\\./)+src/app/(?!forScreens$)', message: 'Screens take what they need from src/app through src/app/forScreens.ts only.' },
];
/** From screens/<area>/<file>: ../ui/<part> and ../<area> (its index.ts) reach out of the area; ../<area>/<file> does not. */
const otherAreaFiles = [{ regex: '^\\.\\./(?!ui/)[A-Za-z]+/', message: "An area takes another area's component through that area's index.ts ('../payment'), and shared parts from screens/ui." }];
const anyArea = [{ regex: '^\\.\\./[A-Za-z]', message: 'screens/ui holds the parts no area owns: it imports no area.' }];

// Gateway areas (README, Architecture): every folder of src/server but the shared layers is an area, read from disk,
// so a new area needs no edit here. Another area, or a top-level file (app.ts, start.ts), reaches an area only through
// its index.ts; the shared layers do not import areas at all, except the files listed below (through the index).
const serverShared = ['http', 'db', 'jobs', 'adapters', 'limits'];
const sharedImportingAreas = [
  'src/server/jobs/handlers.ts', // the composition of the areas' job handlers
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
    rules: restrict([gatewayNoClient, { regex: toArea(depth, '(?:/|$)'), message: 'http/, db/, jobs/, adapters/ and limits/ do not import areas (exceptions: sharedImportingAreas in eslint.config.js).' }]),
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
  // One block per room, none overlapping: a later block that also set no-restricted-imports would replace these lists.
  { files: ['src/domain/**', 'src/contract/**'], rules: restrict([...uiLibs, ...ioLibs, ...serverCode, ...bottomLayer]) },
  { files: ['machines/**'], rules: restrict([...uiLibs, ...ioLibs, ...serverCode, ...apiCode, ...machinesLayer]) },
  { files: ['src/storage/**'], rules: restrict([...serverCode, ...storageLayer]) },
  { files: ['i18n/**'], rules: restrict([...serverCode, ...i18nLayer]) },
  { files: ['src/api/**'], rules: restrict([...serverCode, ...apiLayer, ...clientContract]) },
  { files: ['src/app/**'], ignores: ['src/app/forScreens.ts'], rules: restrict([...serverCode, ...appLayer, ...clientContract]) },
  { files: ['src/app/forScreens.ts'], rules: restrict([...serverCode, ...appLayer, ...notTheTable, ...clientContract]) },
  { files: ['screens/**'], ignores: ['screens/ui/**'], rules: restrict([...serverCode, ...apiCode, ...screensReach, ...otherAreaFiles, ...clientContract]) },
  { files: ['screens/ui/**'], rules: restrict([...serverCode, ...apiCode, ...screensReach, ...anyArea, ...clientContract]) },
  { files: ['screens/**', 'src/app/**/*.tsx'], plugins: { local: { rules: { 'no-literal-strings': noLiteralStrings } } }, rules: { 'local/no-literal-strings': 'error' } },
  { files: ['src/server/**'], rules: restrict([gatewayNoClient]) },
  ...serverBoundaries(),
);
