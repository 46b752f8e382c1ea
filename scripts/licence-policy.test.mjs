import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkLicences, isAcceptable, shippedPackages } from './licence-policy.mjs';

/** Issue 9: the licence check on a small installed tree of its own. */

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'listina-licences-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function write(dir, pkg) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(pkg));
}

// app → permissive, dual (MIT OR GPL-3.0), gpl-lib (through permissive); devtool is dev only.
write(path.join(root, 'app'), {
  name: 'app',
  version: '1.0.0',
  dependencies: { permissive: '1', dual: '1' },
  devDependencies: { devtool: '1' },
});
write(path.join(root, 'node_modules/permissive'), {
  name: 'permissive',
  version: '1.0.0',
  license: 'MIT',
  dependencies: { 'gpl-lib': '1' },
});
write(path.join(root, 'node_modules/permissive/node_modules/gpl-lib'), {
  name: 'gpl-lib',
  version: '2.0.0',
  license: 'GPL-3.0-only',
});
write(path.join(root, 'node_modules/dual'), {
  name: 'dual',
  version: '1.0.0',
  license: 'MIT OR GPL-3.0',
});
write(path.join(root, 'node_modules/devtool'), {
  name: 'devtool',
  version: '1.0.0',
  license: 'AGPL-3.0',
});

const verdicts = () =>
  Object.fromEntries(
    checkLicences(shippedPackages([path.join(root, 'app')])).map((r) => [r.name, r.ok]),
  );

describe('the licence check', () => {
  it('refuses a GPL package deep in the shipped tree by name, passes a dual MIT OR GPL one', () => {
    expect(verdicts()).toEqual({ dual: true, 'gpl-lib': false, permissive: true });
  });

  it('passes once the GPL package is gone, and never looks at dev dependencies', () => {
    fs.rmSync(path.join(root, 'node_modules/permissive/node_modules'), { recursive: true });
    expect(verdicts()).toEqual({ dual: true, permissive: true });
  });

  it('reads SPDX expressions: AND needs all, OR one; copyleft, unknown and malformed fail', () => {
    const cases = {
      MIT: true,
      '(MIT OR GPL-3.0-or-later)': true,
      '(MIT AND Zlib)': true,
      'MPL-2.0': true,
      'Apache-2.0 WITH LLVM-exception': true,
      'MIT AND GPL-2.0': false,
      'AGPL-3.0': false,
      'LGPL-2.1-or-later': false,
      'SSPL-1.0': false,
      'SEE LICENSE IN LICENSE.md': false,
      '(MIT': false,
    };
    for (const [expression, ok] of Object.entries(cases))
      expect(isAcceptable(expression), expression).toBe(ok);
  });

  it('takes an allowed package under the licence its files show, with the reason', () => {
    const [result] = checkLicences([{ name: 'old', version: '0.1.0', licence: undefined }], {
      'old@0.1.0': { licence: 'MIT', reason: 'LICENSE file is MIT' },
    });
    expect(result).toMatchObject({ ok: true, shipsUnder: 'MIT', note: 'LICENSE file is MIT' });
    expect(checkLicences([{ name: 'old', version: '0.2.0', licence: undefined }], {})).toEqual([
      { name: 'old', version: '0.2.0', licence: undefined, shipsUnder: 'unknown', ok: false },
    ]);
  });
});
