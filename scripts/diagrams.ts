/** `npm run diagrams`: writes docs/statecharts/<id>.md for every registered chart and the index page. */
import { mkdirSync, readdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { charts } from '../machines/index';
import { renderAllDiagrams } from '../machines/diagram';

export const STATECHART_DIR = join(import.meta.dirname, '..', 'docs', 'statecharts');

const files = renderAllDiagrams(charts);
mkdirSync(STATECHART_DIR, { recursive: true });
for (const name of readdirSync(STATECHART_DIR)) {
  if (name.endsWith('.md') && !files.has(name)) unlinkSync(join(STATECHART_DIR, name));
}
for (const [name, text] of files) writeFileSync(join(STATECHART_DIR, name), text);
console.log(`wrote ${files.size} files to docs/statecharts/`);
