import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/lib/paths';
import { OPENAPI_FILE } from '../src/modules/system/openapi';
import { expectBankReady } from '../src/modules/payments/iso20022/bank-ready';
import { ENTITIES } from '../src/modules/tables/registry';
import {
  expected,
  operationOf,
  PRINCIPALS,
  renderMatrix,
  RULES,
  TABLE_WRITERS,
  type Principal,
  type Rule,
} from './authorization-matrix';
import { createUser, login } from './factories';
import { accountExamples, type Example } from './route-examples';
import { documentExamples } from './route-examples-documents';
import { intakeExamples } from './route-examples-intake';
import { createWorld, fingerprint, SECRET, send, type Req, type World } from './route-walk-world';

/**
 * Every call of the OpenAPI document, made as each role of organisation A, as a signed-in user
 * who is no member of A, without a sign-in, and as organisation B's orgadmin with A's keys
 * (issue 9). Each gets what apps/server/test/authorization-matrix.ts says (docs/authorization.md);
 * a refused call changes nothing of A's and answers none of its data. A call the matrix does
 * not list fails the walk, so a new route must say who may make it.
 */
const EXAMPLES: Record<string, Example> = {
  ...accountExamples,
  ...documentExamples,
  ...intakeExamples,
};
const DOC_FILE = path.join(REPO_ROOT, 'docs/authorization.md');
const START = '<!-- matrix:start -->';
const END = '<!-- matrix:end -->';

let w: World;
let address: string;
beforeAll(async () => {
  w = await createWorld();
  address = await w.t.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(() => w.t.close());

interface Answer {
  status: number;
  body: string;
}

async function call(req: Req, headers: Record<string, string>, as?: Principal): Promise<Answer> {
  let h = headers;
  if ((req.freshSession || req.freshUser) && as && as !== 'anonymous') {
    const user = req.freshUser ? await createUser(w.t) : w.users[as];
    h = { ...headers, authorization: (await login(w.t, user.username)).apikey };
  }
  if (req.stream) {
    const controller = new AbortController();
    const res = await fetch(`${address}${req.url}`, { headers: h, signal: controller.signal });
    const body = res.headers.get('content-type')?.startsWith('application/json')
      ? await res.text()
      : '';
    controller.abort();
    return { status: res.status, body };
  }
  const res: LightMyRequestResponse = await send(w, req, h);
  return { status: res.statusCode, body: res.body };
}

/**
 * An answer as the matrix writes it: ok for the call let through, inAnswer for a 200 that
 * refuses the documents in its items, else the status (and the body where unexpected).
 */
function outcomeOf(rule: Rule, answer: Answer, refusal?: string): string {
  const passed = rule.answer ?? 200;
  const success = answer.status >= 200 && answer.status < 300;
  if (success && answer.body.includes('"errors":[{')) return 'inAnswer';
  if (answer.status === passed || (passed === 200 && success)) return 'ok';
  if ([401, 403, 404, 405].includes(answer.status) || String(answer.status) === refusal)
    return String(answer.status);
  return `${answer.status} ${answer.body.slice(0, 200)}`;
}

/** Another organisation's answer: own is anything but a refusal, a fault or A's data. */
function foreignOutcome(rule: Rule, answer: Answer): string {
  if (rule.foreign === 'own' && answer.status < 500 && ![401, 403, 405].includes(answer.status))
    return 'own';
  return outcomeOf(rule, answer);
}

const operations = (): string[] => {
  const doc = JSON.parse(fs.readFileSync(OPENAPI_FILE, 'utf8')) as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(doc.paths).flatMap(([p, methods]) =>
    Object.keys(methods).map((m) => `${m.toUpperCase()} ${p}`),
  );
};

describe('the authorization matrix', () => {
  it('lists every call of the OpenAPI document, and no other', () => {
    const listed = new Set(RULES.map(operationOf));
    expect([...new Set(operations())].filter((op) => !listed.has(op))).toEqual([]);
    expect([...listed].filter((op) => !operations().includes(op))).toEqual([]);
  });

  it('names the write roles of every table of /api/cl/{name}', () => {
    const tables = ENTITIES.filter((e) => !e.hidden && e.api !== 'root').map((e) => e.name);
    expect(tables.filter((name) => !TABLE_WRITERS[name])).toEqual([]);
  });

  it('has one row per case and a request for each', () => {
    const calls = RULES.map((r) => r.call);
    expect(calls.length).toBe(new Set(calls).size);
    expect(calls.filter((c) => !EXAMPLES[c])).toEqual([]);
  });

  it('is the table in docs/authorization.md (npx tsx apps/server/scripts/authorization-doc.ts)', () => {
    const text = fs.readFileSync(DOC_FILE, 'utf8');
    const table = text.slice(text.indexOf(START) + START.length, text.indexOf(END)).trim();
    expect(table).toBe(renderMatrix().trim());
  });
});

/** Calls that hand out a pain.001. */
const PAIN_CALLS = new Set(['POST /api/payOrder/exportXML', 'POST /api/payOrder/pay']);

/** Calls that only read: one request serves every caller. */
const READS = new Set([
  'POST /api/doc/{id}/preview.info',
  'POST /api/doc/download',
  'POST /api/payOrder/exportXML',
]);
const reads = (rule: Rule, req: Req) =>
  req.method === 'GET' || READS.has(rule.call) || rule.call.includes('/export');

describe.each(RULES.map((rule) => [rule.call, rule] as const))('%s', (_call, rule) => {
  it('lets through whom the matrix allows, refuses the others, changing and showing nothing', async () => {
    const example = EXAMPLES[rule.call];
    if (!example) throw new Error(`no example request for ${rule.call}`);
    const seen: Record<string, string> = {};
    const wanted: Record<string, string> = {};
    const refused = PRINCIPALS.filter((who) => expected(rule, who) !== 'ok');
    // The refused, and another organisation with A's keys, all on one record: nothing changes.
    const shared = await example(w, 'orgadmin');
    const before = await fingerprint(w);
    for (const who of refused) {
      const answer = await call(shared, w.headers[who], who);
      wanted[who] = String(expected(rule, who));
      seen[who] = outcomeOf(rule, answer, wanted[who]);
      // Members read all of A; a stranger and the anonymous nothing.
      if (who === 'nonMember' || who === 'anonymous')
        expect(answer.body, `${who} was answered A's data`).not.toContain(SECRET);
    }
    if (rule.foreign !== undefined) {
      const answer = await call(shared, w.foreign);
      wanted.otherOrganisation = String(rule.foreign);
      seen.otherOrganisation = foreignOutcome(rule, answer);
      expect(answer.body, "another organisation was answered A's data").not.toContain(SECRET);
    }
    expect(await fingerprint(w), "a refused call changed A's data").toBe(before);
    for (const who of PRINCIPALS.filter((p) => !refused.includes(p))) {
      const req = reads(rule, shared) ? shared : await example(w, who);
      wanted[who] = 'ok';
      const answer = await call(req, w.headers[who], who);
      seen[who] = outcomeOf(rule, answer);
      // A pain.001 handed out is one a bank takes (issue 21).
      if (PAIN_CALLS.has(rule.call) && answer.status === 200) {
        const version = answer.body.includes('pain.001.001.09')
          ? 'pain.001.001.09'
          : 'pain.001.001.03';
        await expectBankReady(answer.body, version);
      }
    }
    const differences = Object.keys(wanted).filter((who) => seen[who] !== wanted[who]);
    expect(
      Object.fromEntries(differences.map((who) => [who, `${seen[who]} (matrix: ${wanted[who]})`])),
    ).toEqual({});
  });
});
