import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_FILE } from '../src/modules/system/openapi';
import { findEntity } from '../src/modules/tables/registry';
import {
  expected,
  operationOf,
  PRINCIPALS,
  RULES,
  type Principal,
  type Rule,
} from './authorization-matrix';
import { createUser, injectMultipart, login } from './factories';
import { CLASS_NAMES, seededRandom } from './hostile-values';
import {
  ClassDealer,
  hostileRequests,
  type HostileReq,
  type Operation,
} from './hostile-values-walk';
import { accountExamples, type Example } from './route-examples';
import { documentExamples } from './route-examples-documents';
import { intakeExamples } from './route-examples-intake';
import { createWorld, fingerprint, type Req, type World } from './route-walk-world';

/**
 * Issue 22, "Hostile values": every call of the OpenAPI document (each table of /api/cl/{name}
 * on its own), made from its valid request with one body field, query parameter, path
 * parameter or multipart text field at a time given a hostile value (NUL, blank keys,
 * impossible dates, prototype names, lone surrogates, 10,000 characters, numbers past 2^53,
 * arrays and objects for scalars), plus `__proto__` keys, unknown query parameters, tampered
 * cursors and hostile filters. Each is answered, never with a 5xx, and a refused one changes
 * none of the organisation's data. The classes a field gets are dealt from a fixed seed, a
 * few a field, so every call meets every class and the walk stays within CI's minutes.
 */
const EXAMPLES: Record<string, Example> = {
  ...accountExamples,
  ...documentExamples,
  ...intakeExamples,
};
/** Classes a field is given, besides those of its kind (keys, dates). */
const PER_FIELD = 3;

interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string }[];
        requestBody?: { content: Record<string, { schema?: { properties?: object } }> };
      }
    >
  >;
}
const doc = JSON.parse(fs.readFileSync(OPENAPI_FILE, 'utf8')) as OpenApi;

function operation(call: string): Operation {
  const [method = '', path = ''] = operationOf({ call } as Rule).split(' ');
  const op = doc.paths[path]?.[method.toLowerCase()];
  if (!op) throw new Error(`${call} is not in the OpenAPI document`);
  const schema = Object.values(op.requestBody?.content ?? {})[0]?.schema;
  return {
    path,
    query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
    bodyFields: [...Object.keys(schema?.properties ?? {}), ...recordFields(call)],
  };
}

/** The fields a create or update of a table's record may send: its columns and its lists. */
function recordFields(call: string): string[] {
  const match =
    /^(?:POST|PUT) \/api\/(?:cl\/\{name\}(?:\/\{key\})? \[(\w+)\]|(doc|payOrder|payPackage)(?:\/\{key\})?)$/.exec(
      call,
    );
  const entity = findEntity(match?.[1] ?? match?.[2] ?? '');
  if (!entity) return [];
  return [
    ...entity.columns.filter((c) => !c.serverOwned).map((c) => c.name),
    ...(entity.arrays ?? []).map((a) => a.name),
  ];
}

/** Calls that end or change the caller's sign-in: a new user each time, so the walk's stay. */
const OWN_USER = new Set([
  'POST /api/account/chgpwd',
  'POST /api/account/logout',
  'POST /api/account/refresh',
  'POST /api/account/logout-others',
]);

/** Who makes the call: the first the matrix lets through (orgadmin where none is). */
const callerOf = (rule: Rule): Principal =>
  PRINCIPALS.find((p) => p !== 'anonymous' && p !== 'nonMember' && expected(rule, p) === 'ok') ??
  'orgadmin';

let w: World;
let address: string;
const figures = { calls: 0, refused: 0, faults: 0 };
beforeAll(async () => {
  w = await createWorld();
  address = await w.t.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => {
  console.info(
    `hostile values: ${figures.calls} calls of ${RULES.length} cases, ${CLASS_NAMES.length} classes, ` +
      `${figures.refused} refused, ${figures.faults} answered 5xx`,
  );
  await w.t.close();
});

async function send(req: HostileReq, base: Req, who: Principal) {
  let headers = w.headers[who];
  if (base.freshSession || base.freshUser) {
    const user = await createUser(w.t);
    headers = { ...headers, authorization: (await login(w.t, user.username)).apikey };
  }
  if (base.stream) {
    const controller = new AbortController();
    const res = await fetch(`${address}${req.url}`, { headers, signal: controller.signal });
    const body = res.headers.get('content-type')?.startsWith('application/json')
      ? await res.text()
      : '';
    controller.abort();
    return { status: res.status, body };
  }
  if (req.parts) {
    const res = await injectMultipart(
      w.t,
      { method: req.method, url: req.url, headers },
      req.parts,
    );
    return { status: res.statusCode, body: res.body };
  }
  const res = await w.t.app.inject({
    method: req.method,
    url: req.url,
    headers: req.body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(req.body === undefined ? {} : { payload: req.body }),
  });
  return { status: res.statusCode, body: res.body };
}

const random = seededRandom();

describe.each(RULES.map((rule) => [rule.call, rule] as const))('%s', (call, rule) => {
  it('answers every hostile value without a 5xx, and a refusal changes nothing', async () => {
    const example = EXAMPLES[call];
    if (!example) throw new Error(`no example request for ${call}`);
    const who = callerOf(rule);
    const op = operation(call);
    const offset = Math.floor(random() * CLASS_NAMES.length);
    const requestsOf = (from: Req) =>
      hostileRequests(call, op, from, new ClassDealer(offset, PER_FIELD));
    let base = await example(w, who);
    if (OWN_USER.has(operationOf(rule))) base = { ...base, freshUser: true };
    let requests = requestsOf(base);
    const faults: string[] = [];
    const changed: string[] = [];
    const reads = base.method === 'GET';
    let before = await fingerprint(w);
    for (let i = 0; i < requests.length; i++) {
      const req = requests[i] as HostileReq;
      const answer = await send(req, base, who);
      figures.calls++;
      if (answer.status >= 500) {
        figures.faults++;
        faults.push(`${req.label}: ${answer.status} ${answer.body.slice(0, 300)}`);
      }
      if (answer.status >= 400) {
        figures.refused++;
        // A read is checked once, after all of its calls (below): it writes nothing at all.
        if (reads) continue;
        const after = await fingerprint(w);
        if (after !== before) changed.push(`${req.label}: ${answer.status}`);
        before = after;
      } else if (!reads) {
        // Taken: the records it used may be gone; the rest start from fresh ones.
        base = { ...(await example(w, who)), freshUser: base.freshUser };
        requests = requestsOf(base);
        before = await fingerprint(w);
      }
    }
    if (reads && (await fingerprint(w)) !== before) changed.push('a read changed data');
    expect(faults, 'answered 5xx').toEqual([]);
    expect(changed, 'a refused call changed data').toEqual([]);
  });
});
