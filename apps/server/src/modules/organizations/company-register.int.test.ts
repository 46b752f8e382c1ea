import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrganization,
  createTestApp,
  createUser,
  errorCodes,
  memberHeaders,
  type TestApp,
} from '../../../test/factories';
import { demoTaxNumber } from '../demo/tax-numbers';
import { cachedConnector, splitAddress, viesConnector } from './company-register';

/**
 * A stand-in for VIES on 127.0.0.1 (no test leaves this machine): it answers by the number
 * asked, as the EU's check-vat-number does, and counts the questions.
 */
const KNOWN = demoTaxNumber(901);
const asked: { countryCode: string; vatNumber: string }[] = [];
/** Every member state is down. */
let down = false;
const fake = http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    const question = JSON.parse(body) as { countryCode: string; vatNumber: string };
    asked.push(question);
    const answer = (status: number, text: string) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(text);
    };
    if (question.vatNumber === '11111111') return; // never answers: the timeout ends it
    if (question.vatNumber === '22222222') return answer(200, '<html>maintenance</html>');
    if (question.vatNumber === '33333333') return answer(500, '{"actionSucceed":false}');
    if (question.vatNumber === '44444444' || down) {
      return answer(200, JSON.stringify({ valid: false, userError: 'MS_UNAVAILABLE' }));
    }
    const valid = question.countryCode === 'SI' ? question.vatNumber === KNOWN : true;
    answer(
      200,
      JSON.stringify({
        countryCode: question.countryCode,
        vatNumber: question.vatNumber,
        requestDate: '2026-11-28+01:00',
        valid,
        name: valid ? 'SONČNI GAJ D.O.O.' : '---',
        address: valid ? 'ŠMARTINSKA CESTA 152\n1000 LJUBLJANA' : '---',
      }),
    );
  });
});

let base: string;
let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/rest-api`;
  t = await createTestApp({ COMPANY_REGISTER_URL: base });
  const user = await createUser(t);
  const org = await createOrganization(t, { [user.id]: ['orgadmin'] });
  headers = await memberHeaders(t, user, { key: org.key });
});
afterAll(async () => {
  await t.close();
  fake.closeAllConnections();
  await new Promise((resolve) => fake.close(resolve));
});

const lookUp = (vatId: string) =>
  t.app.inject({
    url: `/api/organization/company-lookup?vatId=${encodeURIComponent(vatId)}`,
    headers,
  });

describe('company data by VAT ID (VIES on a local stand-in)', () => {
  it('fills name, street, post code, town and country of a Slovenian company VIES knows', async () => {
    const res = await lookUp(`si ${KNOWN}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      vatId: `SI${KNOWN}`,
      status: 'found',
      source: 'vies',
      company: {
        name: 'SONČNI GAJ D.O.O.',
        address: 'ŠMARTINSKA CESTA 152',
        postCode: '1000',
        town: 'LJUBLJANA',
        countryCode: 'SI',
      },
    });
  });

  it('says invalid for a well-formed number VIES does not know', async () => {
    const res = await lookUp(`SI${demoTaxNumber(900)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      vatId: `SI${demoTaxNumber(900)}`,
      status: 'invalid',
      source: 'vies',
      company: null,
    });
  });

  it('reads a found company with its address split into street, post code and town', async () => {
    const res = await lookUp('DE 123 456 789');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      vatId: 'DE123456789',
      status: 'found',
      source: 'vies',
      company: {
        name: 'SONČNI GAJ D.O.O.',
        address: 'ŠMARTINSKA CESTA 152',
        postCode: '1000',
        town: 'LJUBLJANA',
        countryCode: 'DE',
      },
    });
  });

  it('refuses SI12345678 before asking anyone: its check digit is wrong', async () => {
    const before = asked.length;
    const res = await lookUp('SI12345678');
    expect(res.statusCode).toBe(400);
    expect(res.json().error[0]).toMatchObject({
      code: 'validation.vatId',
      field: 'vatId',
      msg: 'This is not a valid Slovenian VAT ID (SI and 8 digits with a check digit).',
    });
    expect(asked.length).toBe(before);
  });

  it('asks once for the same number within a day (answers are cached)', async () => {
    const before = asked.length;
    await lookUp('AT U12345678');
    await lookUp('ATU12345678');
    expect(asked.length - before).toBe(1);
  });

  it('says unavailable on garbage, a 500 and a member state that is down, and asks again next time', async () => {
    for (const number of ['22222222', '33333333', '44444444']) {
      const res = await lookUp(`HU${number}`);
      expect(res.statusCode, number).toBe(200);
      expect(res.json(), number).toMatchObject({ status: 'unavailable', company: null });
    }
    const before = asked.length;
    await lookUp('HU22222222');
    expect(asked.length - before).toBe(1);
  });

  it('falls back to the local register for a Slovenian company it holds when VIES is down', async () => {
    down = true;
    try {
      const local = await t.database.db
        .selectFrom('company_register')
        .selectAll()
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const res = await lookUp(`SI${local.tax_number}`);
      expect(res.json()).toMatchObject({
        status: 'found',
        source: 'local',
        company: { name: local.name, town: local.town },
      });
    } finally {
      down = false;
    }
  });

  it('is refused to a signed-in user who is no member of the organisation', async () => {
    const stranger = await createUser(t);
    const other = await createOrganization(t, { [stranger.id]: ['orgadmin'] });
    const own = await memberHeaders(t, stranger, { key: other.key });
    const res = await t.app.inject({
      url: '/api/organization/company-lookup?vatId=DE123456789',
      headers: { ...own, 'organization-id': headers['organization-id'] ?? '' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('the VIES connector on its own', () => {
  it('gives up after its timeout and says unavailable', async () => {
    const register = viesConnector(base, 200);
    expect(await register.lookUp('SI', '11111111')).toEqual({ status: 'unavailable' });
  });

  it('says unavailable when nothing listens at the address', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const register = viesConnector(`http://127.0.0.1:${port}`, 1000);
    expect(await register.lookUp('SI', KNOWN)).toEqual({ status: 'unavailable' });
  });

  it('keeps found and invalid answers for a day, and no unavailable one', async () => {
    let now = 0;
    let calls = 0;
    const answers = [{ status: 'unavailable' as const }, { status: 'invalid' as const }];
    const cached = cachedConnector(
      {
        lookUp: () => {
          calls++;
          return Promise.resolve(answers[Math.min(calls - 1, 1)] ?? { status: 'invalid' });
        },
      },
      () => now,
    );
    expect(await cached.lookUp('SI', KNOWN)).toEqual({ status: 'unavailable' });
    expect(await cached.lookUp('SI', KNOWN)).toEqual({ status: 'invalid' });
    expect(await cached.lookUp('SI', KNOWN)).toEqual({ status: 'invalid' });
    expect(calls).toBe(2);
    now += 25 * 3_600_000;
    await cached.lookUp('SI', KNOWN);
    expect(calls).toBe(3);
  });

  it('splits the address forms VIES sends', () => {
    expect(splitAddress('DUNAJSKA CESTA 101\n1000 LJUBLJANA')).toEqual({
      address: 'DUNAJSKA CESTA 101',
      postCode: '1000',
      town: 'LJUBLJANA',
    });
    expect(splitAddress('VIA NAZIONALE 91 \n00184 ROMA RM\n')).toEqual({
      address: 'VIA NAZIONALE 91',
      postCode: '00184',
      town: 'ROMA RM',
    });
    expect(splitAddress('Tržaška cesta 1, 1360 Vrhnika')).toEqual({
      address: 'Tržaška cesta 1',
      postCode: '1360',
      town: 'Vrhnika',
    });
    expect(splitAddress('Somewhere without a post code')).toEqual({
      address: 'Somewhere without a post code',
      postCode: '',
      town: '',
    });
  });
});

describe('with the register switched off', () => {
  it('answers from the local register, and unavailable for a number it does not hold', async () => {
    const off = await createTestApp({ COMPANY_REGISTER_URL: 'off' });
    try {
      const user = await createUser(off);
      const org = await createOrganization(off, { [user.id]: ['orgadmin'] });
      const h = await memberHeaders(off, user, { key: org.key });
      const local = await off.database.db
        .selectFrom('company_register')
        .selectAll()
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const found = await off.app.inject({
        url: `/api/organization/company-lookup?vatId=SI${local.tax_number}`,
        headers: h,
      });
      expect(found.json()).toEqual({
        vatId: `SI${local.tax_number}`,
        status: 'found',
        source: 'local',
        company: {
          name: local.name,
          address: local.address,
          postCode: local.post_code,
          town: local.town,
          countryCode: 'SI',
        },
      });
      const unknown = await off.app.inject({
        url: `/api/organization/company-lookup?vatId=SI${demoTaxNumber(500)}`,
        headers: h,
      });
      expect(unknown.json()).toMatchObject({ status: 'unavailable', source: null, company: null });
      expect(
        errorCodes(
          await off.app.inject({ url: '/api/organization/company-lookup?vatId=x', headers: h }),
        ),
      ).toEqual(['validation.vatId']);
    } finally {
      await off.close();
    }
  });
});
