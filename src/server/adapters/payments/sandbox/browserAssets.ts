/**
 * The SDK and the card form scripts, bundled from their TypeScript sources (browser/) with esbuild when the
 * sandbox starts: the card form runs the very rules the tokenization endpoint checks (cardEntry.ts).
 */
import { fileURLToPath } from 'node:url';

export interface BrowserAssets { sdk: string; cardForm: string }

const source = (name: string) => fileURLToPath(new URL(`../browser/${name}.ts`, import.meta.url));

export async function buildBrowserAssets(): Promise<BrowserAssets> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: { sdk: source('sdk'), cardForm: source('cardForm') },
    bundle: true, write: false, format: 'iife', platform: 'browser', target: ['es2020', 'safari14'],
    minify: true, legalComments: 'none', outdir: 'assets', logLevel: 'silent',
  });
  const text = (name: string) => result.outputFiles.find((f) => f.path.endsWith(`${name}.js`))!.text;
  return { sdk: text('sdk'), cardForm: text('cardForm') };
}

/** The SDK learns the provider's origin from the server that serves it: the host the page asked. */
export const sdkForOrigin = (sdk: string, origin: string): string => `(function(__SANDBOX_ORIGIN__){${sdk}})(${JSON.stringify(origin)});\n`;
