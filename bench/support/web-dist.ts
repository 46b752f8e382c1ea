import fs from 'node:fs';
import path from 'node:path';
import { repoRoot, tempDataDir } from './server';

/**
 * A copy of a web build (apps/web/dist by default) for the server to serve (WEB_DIST):
 * another `npm run build` in the same checkout while a bench runs would otherwise replace
 * the files under the browser. Remove it with removeDir when done.
 */
export function snapshotWebDist(dist = path.join(repoRoot, 'apps/web/dist')): string {
  const source = path.resolve(dist);
  if (!fs.existsSync(path.join(source, 'index.html'))) {
    throw new Error(`run \`npm run build\` first: no ${source}/index.html`);
  }
  const copy = tempDataDir('web-dist');
  fs.cpSync(source, copy, { recursive: true });
  return copy;
}
