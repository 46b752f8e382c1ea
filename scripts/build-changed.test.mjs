import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildChanged, partsToBuild } from './build-changed.mjs';

let root;
const write = (file, text) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};
const read = (file) => fs.readFileSync(path.join(root, file), 'utf8');

// Two parts as small as the real ones: each "build" copies its source into its output and
// counts how often it ran, so a test sees which parts a start built again.
const PARTS = [
  {
    name: 'web',
    inputs: ['shared', 'web'],
    stamp: 'web/dist/.build-inputs',
    output: 'web/dist/index.html',
    command: [
      'sh',
      ['-c', 'mkdir -p web/dist && cp web/src/app.ts web/dist/index.html && echo x >> web-builds'],
    ],
  },
  {
    name: 'server',
    inputs: ['shared', 'server'],
    stamp: 'server/dist/.build-inputs',
    output: 'server/dist/main.js',
    command: [
      'sh',
      [
        '-c',
        'mkdir -p server/dist && cp server/src/main.ts server/dist/main.js && echo x >> server-builds',
      ],
    ],
  },
];
const builds = (part) =>
  fs.existsSync(path.join(root, `${part}-builds`))
    ? read(`${part}-builds`).split('\n').length - 1
    : 0;
const start = () => buildChanged(root, PARTS, () => {});

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-changed-'));
  write('shared/src/types.ts', 'export type A = 1;');
  write('web/src/app.ts', 'web 1');
  write('server/src/main.ts', 'server 1');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('npm start builds only what changed', () => {
  it('builds every part the first time and none the second', () => {
    expect(start()).toBe(0);
    expect([builds('web'), builds('server')]).toEqual([1, 1]);
    expect(partsToBuild(root, PARTS)).toEqual([]);
    expect(start()).toBe(0);
    expect([builds('web'), builds('server')]).toEqual([1, 1]);
  });

  it('builds again the part whose source changed, and both when a shared input did', () => {
    start();
    write('web/src/app.ts', 'web 2');
    start();
    expect([builds('web'), builds('server')]).toEqual([2, 1]);
    expect(read('web/dist/index.html')).toBe('web 2');
    write('shared/src/types.ts', 'export type A = 2;');
    start();
    expect([builds('web'), builds('server')]).toEqual([3, 2]);
  });

  it('does not build again for a changed test file, but does for a new source file', () => {
    start();
    write('server/src/main.test.ts', 'it()');
    write('web/src/app.spec.tsx', 'it()');
    start();
    expect([builds('web'), builds('server')]).toEqual([1, 1]);
    write('server/src/routes.ts', 'export {}');
    start();
    expect([builds('web'), builds('server')]).toEqual([1, 2]);
  });

  it('builds a part whose output is gone even though its inputs are the same', () => {
    start();
    fs.rmSync(path.join(root, 'server/dist/main.js'));
    start();
    expect(builds('server')).toBe(2);
  });

  it('keeps no stamp for a build that failed, so the next start tries again', () => {
    const failing = [{ ...PARTS[0], command: ['sh', ['-c', 'exit 3']] }];
    expect(buildChanged(root, failing, () => {})).toBe(3);
    expect(fs.existsSync(path.join(root, 'web/dist/.build-inputs'))).toBe(false);
    expect(partsToBuild(root, failing).map(({ part }) => part.name)).toEqual(['web']);
  });
});
