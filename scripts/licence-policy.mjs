import fs from 'node:fs';
import path from 'node:path';

/**
 * What `npm run licences` checks (docs/licences.md, docs/security.md): the licence of every
 * package that ships (the production dependencies of the server, the shared packages and the
 * web app's bundle) must allow use in a proprietary product. Shared by scripts/licences.mjs
 * and its test.
 */

/** Permissive licences: keep the notice, nothing more. */
export const PERMISSIVE = new Set([
  '0BSD',
  'Apache-2.0',
  'BlueOak-1.0.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'CC0-1.0',
  'CC-BY-3.0',
  'CC-BY-4.0',
  'ISC',
  'MIT',
  'MIT-0',
  'Python-2.0',
  'Unlicense',
  'Zlib',
]);

/**
 * File-level copyleft: MPL-2.0 asks that changes to its own files stay open. Listina ships such
 * packages unmodified, as published on the npm registry (where their source is), so nothing
 * of ours is bound by it.
 */
export const WEAK_COPYLEFT = new Set(['MPL-2.0']);

/**
 * Packages whose package.json says too little (no SPDX expression), each with the reason it
 * may ship; checked by name and version so that a new version is looked at again.
 */
export const ALLOWED = {
  'buffers@0.1.1': {
    licence: 'MIT',
    reason:
      'its package.json names no licence; the LICENSE of its repository (substack/node-buffers) is MIT',
  },
  'chainsaw@0.1.0': {
    licence: 'MIT',
    reason: '"MIT/X11" is the MIT licence under its older name',
  },
  'dejavu-fonts-ttf@2.37.3': {
    licence: 'Bitstream-Vera',
    reason:
      'fonts embedded in generated PDFs; its LICENSE is the Bitstream Vera licence (redistribution allowed, renamed if modified) and the DejaVu changes are public domain',
  },
  'png-js@2.0.0': {
    licence: 'MIT',
    reason: 'its package.json names no licence; the LICENSE file in the package is MIT',
  },
};

/** The licence expression of a package.json: `license`, or the old `licenses` list. */
export function licenceOf(pkg) {
  const { license, licenses } = pkg;
  if (typeof license === 'string') return license.trim();
  if (license && typeof license === 'object' && typeof license.type === 'string')
    return license.type.trim();
  if (Array.isArray(licenses) && licenses.length > 0) {
    const types = licenses.map((l) => (typeof l === 'string' ? l : l?.type)).filter(Boolean);
    if (types.length > 0) return types.length === 1 ? types[0] : `(${types.join(' OR ')})`;
  }
  return undefined;
}

/**
 * True when the SPDX expression allows shipping: every part of an AND, one part of an OR
 * (a dual-licensed package is taken under the option that suits). `X WITH exception` counts
 * as X; `X+` and `X-or-later` as X.
 */
export function isAcceptable(expression) {
  const tokens = expression.match(/\(|\)|[^\s()]+/g) ?? [];
  let at = 0;
  const peek = () => tokens[at];
  const fail = () => {
    throw new SyntaxError(`not an SPDX expression: ${expression}`);
  };
  const primary = () => {
    const token = tokens[at++];
    if (token === undefined || token === ')') fail();
    if (token === '(') {
      const value = or();
      if (tokens[at++] !== ')') fail();
      return value;
    }
    if (/^(AND|OR|WITH)$/i.test(token)) fail();
    if (peek()?.toUpperCase() === 'WITH') at += 2;
    return acceptableId(token);
  };
  const and = () => {
    let value = primary();
    while (peek()?.toUpperCase() === 'AND') {
      at++;
      value = primary() && value;
    }
    return value;
  };
  const or = () => {
    let value = and();
    while (peek()?.toUpperCase() === 'OR') {
      at++;
      value = and() || value;
    }
    return value;
  };
  try {
    const value = or();
    return at === tokens.length ? value : false;
  } catch {
    return false;
  }
}

function acceptableId(id) {
  const base = id.replace(/\+$/, '').replace(/-or-later$|-only$/, '');
  return PERMISSIVE.has(base) || WEAK_COPYLEFT.has(base);
}

/** The directory of package `name` as Node would find it from `from` (nested first, then up). */
function resolvePackage(name, from) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return fs.realpathSync(candidate);
    if (path.dirname(dir) === dir) return undefined;
  }
}

/**
 * Every installed package reachable from the workspaces' dependencies (with the optional and
 * peer ones that are installed; dev dependencies never ship), the workspaces themselves left
 * out. Each package once per name and version, sorted.
 */
export function shippedPackages(workspaceDirs) {
  const seen = new Map();
  const workspaces = new Set(workspaceDirs.map((dir) => fs.realpathSync(dir)));
  const visit = (dir) => {
    if (seen.has(dir)) return;
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    seen.set(dir, pkg);
    const names = [pkg.dependencies, pkg.optionalDependencies, pkg.peerDependencies].flatMap(
      (deps) => Object.keys(deps ?? {}),
    );
    for (const name of names) {
      const found = resolvePackage(name, dir);
      if (found) visit(found);
    }
  };
  for (const dir of workspaces) visit(dir);
  const packages = new Map();
  for (const [dir, pkg] of seen) {
    if (workspaces.has(dir)) continue;
    const key = `${pkg.name}@${pkg.version}`;
    if (!packages.has(key))
      packages.set(key, { name: pkg.name, version: pkg.version, licence: licenceOf(pkg) });
  }
  return [...packages.values()].sort((a, b) =>
    a.name === b.name ? a.version.localeCompare(b.version) : a.name.localeCompare(b.name),
  );
}

/** Each package with its verdict: the licence it ships under, and whether that may ship. */
export function checkLicences(packages, allowed = ALLOWED) {
  return packages.map((p) => {
    const exception = allowed[`${p.name}@${p.version}`];
    if (exception) return { ...p, shipsUnder: exception.licence, ok: true, note: exception.reason };
    const ok = p.licence !== undefined && isAcceptable(p.licence);
    return { ...p, shipsUnder: p.licence ?? 'unknown', ok };
  });
}
