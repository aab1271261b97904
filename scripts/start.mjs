/**
 * `npm start`: runs the gateway (src/server/main.ts) from one ES module prebuilt with esbuild (dist/server/main.mjs),
 * rebuilt here when it is missing or older than any file it was built from, or than package-lock.json (the packages
 * stay outside the bundle and load from node_modules). Plain JavaScript, so nothing transpiles TypeScript at start:
 * under tsx, importing the gateway's sources took about 4 s of a restart on 2 busy cores (decision 0024).
 *
 * `import.meta.url` in a source file keeps meaning that file (the i18n folder, the migrations folder, the payment
 * sandbox's browser sources, pdfkit's font): it is rewritten to the file's own URL, relative to the bundle.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const projectRoot = dirname(dirname(fileURLToPath(import.meta.url)));
const paths = (root) => {
  const outDir = join(root, 'dist', 'server');
  return { outDir, bundle: join(outDir, 'main.mjs'), inputsFile: join(outDir, 'inputs.json') };
};
const ENTRY = 'src/server/main.ts';
/** Besides the bundled sources: the packages it loads, and this script (how the bundle is made). */
const ALSO = ['package-lock.json', 'scripts/start.mjs'];

const mtime = (root, path) => {
  try {
    return statSync(join(root, path)).mtimeMs;
  } catch {
    return Infinity;
  }
};

/** null when the bundle is current; otherwise why it must be built ('missing' or 'stale'). */
export function serverBuildState(root = projectRoot) {
  const { bundle, inputsFile } = paths(root);
  if (!existsSync(bundle) || !existsSync(inputsFile)) return 'missing';
  const builtAt = statSync(bundle).mtimeMs;
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(inputsFile, 'utf8'));
  } catch {
    return 'missing';
  }
  return [...inputs, ...ALSO].some((path) => mtime(root, path) > builtAt) ? 'stale' : null;
}

/** Rewrites `import.meta.url` in the project's own sources to the source file's URL, relative to the bundle. */
const sourceUrls = (outDir) => ({
  name: 'source-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, (args) => {
      if (/[\\/]node_modules[\\/]/.test(args.path)) return undefined;
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const fromBundle = relative(outDir, args.path).split('\\').join('/');
      return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`), loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' };
    });
  },
});

export async function buildServer(root = projectRoot) {
  const { outDir, bundle, inputsFile } = paths(root);
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: root, entryPoints: [ENTRY], outfile: bundle, bundle: true, platform: 'node', format: 'esm', target: 'node20',
    packages: 'external', sourcemap: 'linked', sourcesContent: false, metafile: true, write: false, logLevel: 'warning',
    plugins: [sourceUrls(outDir)], banner: { js: '// Built by scripts/start.mjs from src/server/main.ts: do not edit.' },
  });
  mkdirSync(outDir, { recursive: true });
  // Written aside, then renamed: a second `npm start` never imports half a file.
  for (const file of result.outputFiles) {
    const temp = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temp, file.contents);
    renameSync(temp, file.path);
  }
  const inputs = Object.keys(result.metafile.inputs).filter((path) => !path.startsWith('node_modules/'));
  writeFileSync(inputsFile, JSON.stringify(inputs));
  return inputs.length;
}

async function main() {
  const { bundle } = paths(projectRoot);
  const state = serverBuildState();
  if (state) {
    const started = performance.now();
    const files = await buildServer();
    console.log(`[linkbridge] server bundle ${state === 'missing' ? 'missing' : 'older than its sources'}: built ${files} files with esbuild in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  // The code's identity: a restart of the same code skips the seed it already wrote (src/server/db/seedState.ts).
  globalThis.linkbridgeServerBuild = createHash('sha256').update(readFileSync(bundle)).digest('hex');
  // Stack traces name the TypeScript sources.
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(bundle).href);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
