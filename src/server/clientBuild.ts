/**
 * `npm start` builds the client when dist/client/index.html or its server-rendering build
 * (dist/ssr/entry-server.js, decision 0022) is missing or older than any client source (index.html, src/ except the
 * gateway, screens/, machines/, i18n/). The build writes .gz and .br copies next to the text assets for
 * @fastify/static's preCompressed serving (vite.config.ts), so `vite build` alone serves them compressed too.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const CLIENT_SOURCES = ['index.html', 'src', 'screens', 'machines', 'i18n', 'vite.config.ts', 'public'];

function newestMtime(root: string, path: string): number {
  const full = join(root, path);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  if (relative(root, full).replace(/\\/g, '/') === 'src/server') return 0;
  let newest = 0;
  for (const entry of readdirSync(full)) newest = Math.max(newest, newestMtime(root, join(path, entry)));
  return newest;
}

export function clientBuildState(root: string): 'noClient' | 'fresh' | 'missing' | 'stale' {
  if (!existsSync(join(root, 'index.html'))) return 'noClient';
  const built = [join(root, 'dist', 'client', 'index.html'), join(root, 'dist', 'ssr', 'entry-server.js')];
  if (!built.every((file) => existsSync(file))) return 'missing';
  const builtAt = Math.min(...built.map((file) => statSync(file).mtimeMs));
  return CLIENT_SOURCES.some((p) => newestMtime(root, p) > builtAt) ? 'stale' : 'fresh';
}

/** Builds when needed; answers what it did, for one log line. */
export async function ensureClientBuilt(root: string, log: (line: string) => void): Promise<void> {
  const state = clientBuildState(root);
  if (state === 'noClient') {
    log('no index.html in the project: serving the gateway only');
    return;
  }
  if (state === 'fresh') return;
  log(`client build ${state === 'missing' ? 'missing' : 'older than its sources'}: building with Vite…`);
  const { createBuilder } = await import('vite');
  // Always the production build, whatever NODE_ENV this process runs with (the e2e server runs with NODE_ENV=test):
  // Vite, its React plugin and the packages' export conditions read it, and would ship development builds of React
  // and XState, half again the size. The environment was read before this point (readEnv); it is put back after.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    // Both environments of vite.config.ts (the browser's app and the server's rendering of the public pages), as `vite build`.
    const builder = await createBuilder({ root, mode: 'production', logLevel: 'warn', configFile: join(root, 'vite.config.ts') }, null);
    await builder.buildApp();
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV; else process.env.NODE_ENV = nodeEnv;
  }
}
