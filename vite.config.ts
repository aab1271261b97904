import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';

const gatewayPort = Number(process.env.GATEWAY_PORT ?? 8081);

/**
 * The modules that only re-export (src/app/forScreens.ts, the areas' screens/<area>/index.ts) are free of side effects,
 * so the bundle keeps only what a screen takes from them, as if it imported it directly: a page that takes AppLink
 * from forScreens does not load every flow and chart (ARCHITECTURE.md, Client: the first load of "/" carries only what
 * the home page needs). Anything else written in them fails the build.
 */
const REEXPORT_ONLY = /\/(src\/app\/forScreens|screens\/[A-Za-z]+\/index)\.ts$/;
const REEXPORT = /^export\s*(\*|\{[^}]*\})\s*from\s*(['"])[^'"]+\2;?$/;
const reexportOnlyModules: Plugin = {
  name: 'reexport-only-modules',
  transform(code, id) {
    if (!REEXPORT_ONLY.test(id)) return null;
    const statements = code.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '').split(';').map((s) => s.trim()).filter(Boolean);
    const other = statements.find((s) => !REEXPORT.test(s));
    if (other) this.error(`${id} only re-exports (vite.config.ts reexportOnlyModules); found: ${other}`);
    return { code, map: null, moduleSideEffects: false };
  },
};

/**
 * `vite build` builds two environments (`builder`): the browser's app in dist/client, and the server-rendering entry
 * of the public pages in dist/ssr (src/app/entry-server.tsx, decision 0022), which the gateway imports to answer
 * those pages as HTML in the visitor's language. Packages stay in node_modules for the server build (Vite's default).
 */
/** .gz and .br copies beside the built text files, for @fastify/static's preCompressed serving. */
async function precompress(dir: string): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  await Promise.all(entries.filter((e) => e.isFile() && /\.(js|css|html|svg|json|txt|xml|webmanifest)$/.test(e.name)).map(async (e) => {
    const file = join(e.parentPath, e.name);
    const content = await readFile(file);
    if (content.length < 1024) return;
    await writeFile(`${file}.gz`, await promisify(gzip)(content, { level: 9 }));
    await writeFile(`${file}.br`, await promisify(brotliCompress)(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
  }));
}

/** The browser's files are served precompressed by the gateway however the build was started (`vite build`, `npm start`). */
const precompressClient: Plugin = {
  name: 'precompress-client',
  apply: 'build',
  async writeBundle(options) {
    if (this.environment.name === 'client' && options.dir) await precompress(options.dir);
  },
};

/**
 * `react-i18next` is the product's own binding (i18n/reactBinding.tsx over i18n/runtime.ts, decision 0048): the screens keep
 * react-i18next's API and i18next's rules, without i18next's 15.5 KB gzipped in every first load. vitest.config.ts and
 * tsconfig.json (`paths`) resolve it the same way.
 */
export const I18N_ALIAS = { find: /^react-i18next$/, replacement: fileURLToPath(new URL('./i18n/reactBinding.tsx', import.meta.url)) };

/**
 * `react-router-dom` is the product's own router (src/router, decision 0050): the screens keep react-router's API and
 * its rules for what the product uses, without react-router's 29.6 KB gzipped in every first load. vitest.config.ts and
 * tsconfig.json (`paths`) resolve it the same way; `react-router` itself stays reachable for the equivalence test.
 */
export const ROUTER_ALIAS = { find: /^react-router-dom$/, replacement: fileURLToPath(new URL('./src/router/index.tsx', import.meta.url)) };

export default defineConfig({
  plugins: [react(), tailwindcss(), reexportOnlyModules, precompressClient],
  resolve: { alias: [I18N_ALIAS, ROUTER_ALIAS] },
  build: { outDir: 'dist/client', emptyOutDir: true, sourcemap: false },
  builder: {},
  environments: {
    ssr: { build: { outDir: 'dist/ssr', ssr: 'src/app/entry-server.tsx', emptyOutDir: true, copyPublicDir: false } },
  },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: {
      '/gateway': `http://127.0.0.1:${gatewayPort}`,
      '/sandbox': `http://127.0.0.1:${gatewayPort}`,
      '/healthz': `http://127.0.0.1:${gatewayPort}`,
    },
  },
});
