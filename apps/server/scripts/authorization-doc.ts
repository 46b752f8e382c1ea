import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../src/lib/paths';
import { renderMatrix } from '../test/authorization-matrix';

// Writes the matrix of apps/server/test/authorization-matrix.ts into docs/authorization.md,
// between its markers (route-walk.int.test.ts fails while the two differ).
const file = path.join(REPO_ROOT, 'docs/authorization.md');
const START = '<!-- matrix:start -->';
const END = '<!-- matrix:end -->';
const text = fs.readFileSync(file, 'utf8');
const from = text.indexOf(START);
const to = text.indexOf(END);
if (from < 0 || to < from) throw new Error(`${file} has no ${START} … ${END} markers`);
fs.writeFileSync(
  file,
  `${text.slice(0, from + START.length)}\n\n${renderMatrix()}\n${text.slice(to)}`,
);
console.log(`wrote ${file}`);
