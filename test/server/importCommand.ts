/** `npm run data:import` as the server tests run it (dataImport, places): its files written to a folder, its output captured. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { vi } from 'vitest';
import { main } from '../../scripts/importData';

/** A writer of files into `dir`: answers each file's path. */
export const filesIn = (dir: string) => (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

/** Runs the command as `npm run data:import -- ...args` would; answers its exit code and what it printed. */
export async function runImport(env: NodeJS.ProcessEnv, ...args: string[]) {
  const out: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => { out.push(a.join(' ')); });
  const error = vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => { out.push(a.join(' ')); });
  try {
    return { code: await main(args, env), output: out.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}
