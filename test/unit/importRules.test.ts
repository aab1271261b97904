/**
 * The lint rules of the import direction (eslint.config.js; ARCHITECTURE.md: domain, contract <- machines <- (server |
 * api <- app <- screens)) refuse what they should and let the rest through, room by room. Each case lints one
 * re-export as if it were written in a file of that room. Flat config gives a file the no-restricted-imports of the
 * last block that matches it, so a block added later that overlaps a room shows up here.
 */
import { ESLint } from 'eslint';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function restricted(file: string, specifier: string): Promise<boolean> {
  const [result] = await eslint.lintText(`export * from '${specifier}';\n`, { filePath: join(root, file) });
  return (result?.messages ?? []).some((m) => m.ruleId === 'no-restricted-imports');
}

const REFUSED: [file: string, specifier: string][] = [
  ['src/contract/x.ts', '../../machines/login.machine'],
  ['src/contract/x.ts', '../app/session'],
  ['src/domain/x.ts', '../storage'],
  ['src/domain/x.ts', '../../i18n'],
  ['src/contract/x.ts', '../api/client'],
  ['machines/x.ts', '../src/app/session'],
  ['machines/parts/x.ts', '../../src/storage'],
  ['machines/x.ts', '../i18n'],
  ['machines/x.ts', '../screens/ui/text'],
  ['src/storage/x.ts', '../app/session'],
  ['src/storage/x.ts', '../../machines/login.machine'],
  ['i18n/x.ts', '../src/app/session'],
  ['i18n/x.ts', '../src/api/client'],
  ['src/api/x.ts', '../app/session'],
  ['src/api/x.ts', '../storage'],
  ['src/api/x.ts', '../../i18n'],
  ['src/app/x.ts', '../../screens/home/HomeScreen'],
  ['src/app/layout/x.tsx', '../../../screens/ui/text'],
  ['src/app/forScreens.ts', './routes'],
  ['src/app/forScreens.ts', './loaders'],
  ['screens/plans/x.ts', '../../src/app/routes'],
  ['screens/plans/x.ts', '../../src/app/loaders'],
  ['screens/login/x.ts', '../../src/app/flows/login'],
  ['screens/login/x.ts', '../../src/api/client'],
  ['screens/activation/x.ts', '../checkout/ProductSection'],
  ['screens/checkout/x.ts', '../payment/index'],
  ['screens/ui/x.ts', '../checkout'],
  ['screens/ui/x.ts', '../plans/PlanCard'],
  ['screens/ui/x.ts', '../../src/app/session'],
];

const ALLOWED: [file: string, specifier: string][] = [
  ['src/contract/x.ts', '../domain/email'],
  ['machines/x.ts', '../src/contract'],
  ['src/storage/x.ts', '../contract/activation'],
  ['i18n/x.ts', '../src/storage'],
  ['src/api/x.ts', '../contract/endpoint'],
  ['src/app/x.ts', '../storage'],
  ['src/app/x.ts', '../../i18n'],
  ['screens/plans/x.ts', '../../src/app/forScreens'],
  ['screens/plans/x.ts', '../../src/contract/pageData'],
  ['screens/plans/x.ts', '../../src/storage'],
  ['screens/plans/x.ts', '../../machines/checkoutForm'],
  ['screens/activation/x.ts', '../plans'],
  ['screens/activation/x.ts', '../ui/fields'],
  ['screens/activation/x.ts', './useActivation'],
  ['screens/ui/x.ts', './fields'],
  ['screens/ui/x.ts', '../../src/app/forScreens'],
];

describe('import direction rules (eslint.config.js)', () => {
  // ESLint reads its configuration and plugins on the first lint (seconds on a busy machine): once, before the cases,
  // so no case's own time limit pays for it.
  beforeAll(async () => { await eslint.lintText('export {};\n', { filePath: join(root, 'src/domain/warm.ts') }); }, 60_000);

  it.each(REFUSED)('%s may not import %s', async (file, specifier) => {
    expect(await restricted(file, specifier)).toBe(true);
  });

  it.each(ALLOWED)('%s may import %s', async (file, specifier) => {
    expect(await restricted(file, specifier)).toBe(false);
  });

  it('lets the route table load screens with import() (the one way up)', async () => {
    const [result] = await eslint.lintText("export const home = () => import('../../screens/home/HomeScreen');\n", { filePath: join(root, 'src/app/x.ts') });
    expect(result?.messages.filter((m) => m.ruleId === 'no-restricted-imports')).toEqual([]);
  });
});
