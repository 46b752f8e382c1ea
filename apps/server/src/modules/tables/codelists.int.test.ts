import { Migrator, sql, type Migration } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganizationDetails, TableRecord } from '@listina/contract';
import { tablePath } from '@listina/contract';
import { checkBic, SchemaSchema, validateModel, type Field, type Schema } from '@listina/forms';
import {
  createOrganization,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../../../test/factories';
import { createTestDb } from '../../../test/test-db';
import { createDb } from '../../db/create-db';
import * as m0001 from '../../db/migrations/0001-foundation';
import * as m0002 from '../../db/migrations/0002-table-engine';
import * as m0003 from '../../db/migrations/0003-code-lists';
import { seedDemo } from '../demo/demo';
import { catalogue } from '../../plugins/i18n';
import {
  BANKS,
  COUNTRIES,
  CURRENCIES,
  DEFAULT_DOCUMENT_TYPES,
  DEFAULT_VAT_RATES,
  PAYMENT_PURPOSES,
  PAYMENT_TYPES,
  REFERENCE_MODELS,
} from '../../db/reference-data';
import type { EntityDef } from './entity';
import { engineColumnsOf, engineValuesOf, schemaOf, type Model } from './model';
import { ENTITIES, findEntity } from './registry';

/**
 * The code lists of issue 3: their schemas and labels, the reference data the migration
 * loads, the defaults of a new organisation, lookups, search and who may write them. List,
 * CRUD, undo and audit of every entity are covered by tables.generic.int.test.ts.
 */
let t: TestApp;
let admin: Record<string, string>;
let sysadmin: Record<string, string>;
let reader: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const orgAdmin = await createUser(t);
  const root = await createUser(t, { roles: ['sysadmin'] });
  const plain = await createUser(t);
  const org = await createOrganization(t, {
    [orgAdmin.id]: ['orgadmin'],
    [root.id]: ['user'],
    [plain.id]: ['user'],
  });
  const headersOf = async (username: string) => ({
    authorization: (await login(t, username)).apikey,
    'organization-id': org.key,
  });
  admin = await headersOf(orgAdmin.username);
  sysadmin = await headersOf(root.username);
  reader = await headersOf(plain.username);
});
afterAll(() => t.close());

const CODE_LISTS = [
  'country',
  'currency',
  'bank',
  'paymentType',
  'paymentPurpose',
  'referenceModel',
  'vatRate',
  'documentType',
  'costCenter',
];

function entity(name: string): EntityDef {
  const found = findEntity(name);
  if (!found) throw new Error(`no entity ${name}`);
  return found;
}

async function listAll(name: string, query = '', headers = admin): Promise<TableRecord[]> {
  const items: TableRecord[] = [];
  let cursor: string | null = '';
  while (cursor !== null) {
    const suffix: string = cursor ? `&cursor=${cursor}` : '';
    const res = await t.app.inject({
      url: `${tablePath(name)}?count=1000${query}${suffix}`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ items: TableRecord[]; nextCursor: string | null }>();
    items.push(...body.items);
    cursor = body.nextCursor;
  }
  return items;
}

const byCode = (items: TableRecord[], code: string) => items.find((i) => i.code === code);

/** Every translation key a schema names: its own, its fields', grid schemas', regex messages. */
function keysOf(schema: Schema): string[] {
  const ofField = (field: Field): string[] => [
    ...(field.labelId ? [field.labelId] : []),
    ...(field.validation?.regex ? [field.validation.regex.message] : []),
    ...(field.schema ? keysOf(field.schema) : []),
  ];
  return [
    ...(schema.labelId ? [schema.labelId] : []),
    ...(schema.addLabelId ? [schema.addLabelId] : []),
    ...schema.fields.flatMap(ofField),
  ];
}

describe('code list definitions', () => {
  it('registers every code list, listed in GET /api/cl with its translated title', async () => {
    const res = await t.app.inject({
      url: '/api/cl',
      headers: { ...admin, 'content-language': 'sl' },
    });
    const items = res.json<{ items: { name: string; label: string; canWrite: boolean }[] }>().items;
    for (const name of CODE_LISTS) {
      const item = items.find((i) => i.name === name);
      expect(item, name).toBeDefined();
      expect(item?.label).toBe(catalogue.sl[`${name}.title`]);
      // An orgadmin writes the organisation's own lists, never the shared ones.
      expect(item?.canWrite, name).toBe(entity(name).scope === 'tenant');
    }
  });

  it('tells each user whether a table takes new records and deletes, and its sort keys', async () => {
    type Info = { name: string; canCreate: boolean; canDelete: boolean; sortKeys: string[] };
    const infoOf = async (headers: Record<string, string>) =>
      (await t.app.inject({ url: '/api/cl', headers })).json<{ items: Info[] }>().items;
    const forAdmin = await infoOf(admin);
    const forReader = await infoOf(reader);
    expect(forAdmin.find((i) => i.name === 'vatRate')).toMatchObject({
      canCreate: true,
      canDelete: true,
      sortKeys: ['code', 'name', 'nameSl', 'rate', 'validFrom'],
    });
    expect(forAdmin.find((i) => i.name === 'country')).toMatchObject({
      canCreate: false,
      canDelete: false,
      sortKeys: ['code', 'name', 'nameSl', 'isSepa'],
    });
    // The organisation itself is changed, never created or deleted, through the table calls.
    expect(forAdmin.find((i) => i.name === 'organization')).toMatchObject({
      canCreate: false,
      canDelete: false,
      sortKeys: ['name'],
    });
    expect(forReader.filter((i) => i.canCreate || i.canDelete)).toEqual([]);
    const sysadminCountry = (await infoOf(sysadmin)).find((i) => i.name === 'country');
    expect(sysadminCountry).toMatchObject({ canCreate: true, canDelete: true });
  });

  it.each(ENTITIES.filter((e) => !e.hidden).map((e) => [e.name]))(
    'serves a schema for %s that parses, with every label and message in sl and en-gb',
    async (name) => {
      const res = await t.app.inject({ url: `/api/cl/schema/${name}`, headers: admin });
      expect(res.statusCode, res.body).toBe(200);
      const schema = SchemaSchema.parse(res.json());
      expect(schema.id).toBe(name);
      const keys = keysOf(schema);
      expect(keys.length).toBeGreaterThan(schema.fields.length);
      for (const key of keys) {
        expect(catalogue['en-gb'][key], `en-gb ${key}`).toBeTruthy();
        expect(catalogue.sl[key], `sl ${key}`).toBeTruthy();
      }
    },
  );

  it.each(CODE_LISTS.map((name) => [name]))(
    '%s: titles by code and name, searches both names, and its samples are valid and distinct',
    (name) => {
      const def = entity(name);
      expect(def.titleColumns).toEqual(['code', 'name']);
      expect(def.columns.find((c) => c.name === 'code')).toMatchObject({ unique: true });
      for (const column of def.columns.filter((c) => ['name', 'nameSl'].includes(c.name)))
        expect(column, column.name).toMatchObject({ search: true, sort: true, lean: true });
      const samples = Array.from({ length: 60 }, (_, i) => def.sample(1000 + i));
      expect(new Set(samples.map((s) => s.code)).size).toBe(samples.length);
      for (const sample of samples) expect(validateModel(schemaOf(def), sample)).toEqual([]);
      expect(validateModel(schemaOf(def), { ...def.defaultModel?.(), ...def.sample(7) })).toEqual(
        [],
      );
    },
  );
});

/** Each data row must pass the same checks as a save through the engine. */
function problemsOf(def: EntityDef, rows: readonly Model[]): unknown[] {
  return rows.flatMap((row) => {
    const issues: unknown[] = validateModel(schemaOf(def), row);
    for (const column of def.columns) {
      const value = row[column.name];
      if (column.check && value !== null && value !== undefined && value !== '') {
        const problem = column.check(value, row);
        if (problem) issues.push({ code: row.code, problem });
      }
    }
    return issues.length ? [{ code: row.code, issues }] : [];
  });
}

describe('reference data', () => {
  it('passes every entity rule, with unique codes', () => {
    const sets: [string, readonly Model[]][] = [
      ['country', COUNTRIES],
      ['currency', CURRENCIES],
      ['bank', BANKS],
      ['paymentType', PAYMENT_TYPES],
      ['paymentPurpose', PAYMENT_PURPOSES],
      ['referenceModel', REFERENCE_MODELS],
      ['vatRate', DEFAULT_VAT_RATES],
      ['documentType', DEFAULT_DOCUMENT_TYPES],
    ];
    for (const [name, rows] of sets) {
      expect(problemsOf(entity(name), rows), name).toEqual([]);
      expect(new Set(rows.map((r) => r.code)).size, name).toBe(rows.length);
    }
    expect(BANKS.every((b) => checkBic(b.bic) === undefined)).toBe(true);
    // Names of the Bank of Slovenia list come as CP1250 read as Latin-1; none may be left.
    expect(BANKS.filter((b) => /[\u0080-\u00ff]/.test(b.name))).toEqual([]);
    expect(BANKS.find((b) => b.bic === 'BFKKSI22')?.name).toBe('BKS BANK AG, BANČNA PODRUŽNICA');
  });

  it('loads the global lists with their real rows', async () => {
    const countries = await listAll('country');
    expect(countries).toHaveLength(250);
    expect(byCode(countries, 'SI')).toMatchObject({
      name: 'Slovenia',
      nameSl: 'Slovenija',
      isSepa: true,
      displayTitle: 'SI - Slovenia',
    });
    expect(byCode(countries, 'CZ')).toMatchObject({ nameSl: 'Češka', isSepa: true });
    expect(byCode(countries, 'CH')).toMatchObject({ nameSl: 'Švica', isSepa: true });
    expect(byCode(countries, 'US')).toMatchObject({ isSepa: false });
    expect(byCode(countries, 'BA')).toMatchObject({
      nameSl: 'Bosna in Hercegovina',
      isSepa: false,
    });
    expect(countries.filter((c) => c.isSepa)).toHaveLength(54);

    const currencies = await listAll('currency');
    expect(currencies).toHaveLength(177);
    expect(byCode(currencies, 'EUR')).toMatchObject({
      numericCode: '978',
      minorUnits: 2,
      name: 'Euro',
      nameSl: 'evro',
      isActive: true,
    });
    expect(byCode(currencies, 'JPY')).toMatchObject({ minorUnits: 0 });
    expect(byCode(currencies, 'KWD')).toMatchObject({ minorUnits: 3 });
    expect(byCode(currencies, 'XAU')).toMatchObject({ minorUnits: null, isActive: false });

    const banks = await listAll('bank');
    expect(banks).toHaveLength(829);
    expect(byCode(banks, '02010')).toMatchObject({ bic: 'LJBASI2X', name: 'NLB D.D.' });
    expect(byCode(banks, '01050')).toMatchObject({ bic: 'BSLJSI2XFNB' });
    expect(new Set(banks.map((b) => b.bic))).toEqual(
      new Set([
        'BSLJSI2X',
        'BSLJSI2XFNB',
        'LJBASI2X',
        'SKBASI2X',
        'KBMASI2X',
        'GORESI2X',
        'BAKOSI2X',
        'SZKBSI2X',
        'BACXSI22',
        'HAABSI22',
        'KSPKSI22',
        'BFKKSI22',
        'SIDRSI22',
        'HLONSI22',
        'HDELSI22',
        'HKVISI22',
        'KDDSSI22',
        'PWSRSI22',
      ]),
    );

    const types = await listAll('paymentType');
    expect(types.map((p) => p.code)).toEqual(['NONSEPA', 'SEPA', 'SEPA_SI']);
    expect(byCode(types, 'SEPA_SI')).toMatchObject({ chargeBearer: 'SLEV', referenceType: 'SI' });
    expect(byCode(types, 'NONSEPA')).toMatchObject({ chargeBearer: 'SHAR', referenceType: 'NRC' });

    const purposes = await listAll('paymentPurpose');
    expect(purposes.length).toBeGreaterThanOrEqual(60);
    for (const code of ['SUPP', 'SALA', 'TAXS', 'GDSV', 'OTHR', 'COST', 'RENT', 'ELEC', 'VATX'])
      expect(byCode(purposes, code), code).toBeDefined();
    expect(byCode(purposes, 'SUPP')).toMatchObject({
      name: 'Supplier payment',
      nameSl: 'Plačilo dobavitelju',
    });

    const models = await listAll('referenceModel');
    expect(models).toHaveLength(29);
    expect(byCode(models, 'SI12')).toMatchObject({ referenceType: 'SI', structure: '(P1)K' });
    expect(byCode(models, 'SI99')).toMatchObject({ nameSl: 'Brez reference' });
    expect(byCode(models, 'RF')).toMatchObject({ referenceType: 'RF' });
    expect(byCode(models, 'NRC')).toMatchObject({ referenceType: 'NRC' });
  });

  it('stores the search text and sort keys the engine would write for every row', async () => {
    for (const name of CODE_LISTS.slice(0, 6)) {
      const def = entity(name);
      const result = await sql<Record<string, unknown>>`
        select * from ${sql.table(def.table)}
      `.execute(t.database.db);
      for (const row of result.rows) {
        const model = Object.fromEntries(def.columns.map((c) => [c.name, row[c.column]]));
        const stored = Object.fromEntries(engineColumnsOf(def).map((c) => [c, row[c]]));
        expect(stored, `${name} ${String(row.code)}`).toEqual(engineValuesOf(def, model));
      }
    }
  });
});

describe('migration 0003', () => {
  it('gives organisations that existed before it the default VAT rates and document types', async () => {
    const handle = await createDb({ dataDir: null, unmigrated: true });
    const migrate = async (migrations: Record<string, Migration>) => {
      const { error } = await new Migrator({
        db: handle.db,
        provider: { getMigrations: () => Promise.resolve(migrations) },
      }).migrateToLatest();
      expect(error).toBeUndefined();
    };
    try {
      await migrate({ '0001-foundation': m0001, '0002-table-engine': m0002 });
      for (const name of ['Stara A d.o.o.', 'Stara B d.o.o.'])
        await sql`insert into organization (key, name, name_nick, connect_code)
                  values (gen_random_uuid(), ${name}, ${name}, ${name})`.execute(handle.db);
      await migrate({
        '0001-foundation': m0001,
        '0002-table-engine': m0002,
        '0003-code-lists': m0003,
      });
      const rows = await sql<{ code: string; search_text: string }>`
        select v.code, v.search_text from vat_rate v join organization o on o.id = v.organization_id
        where o.name = 'Stara B d.o.o.' order by v.rate desc
      `.execute(handle.db);
      expect(rows.rows).toEqual([
        { code: '22', search_text: '22 general rate splosna stopnja' },
        { code: '9.5', search_text: '9.5 reduced rate znizana stopnja' },
        { code: '5', search_text: '5 special reduced rate posebna znizana stopnja' },
        { code: '0', search_text: '0 exempt or zero-rated oprosceno ali po stopnji 0 %' },
      ]);
      const types = await sql<{ n: string }>`select count(*) as n from document_type`.execute(
        handle.db,
      );
      expect(types.rows[0]?.n).toBe('8');
    } finally {
      await handle.close();
    }
  });
});

describe('lookups and search', () => {
  it('finds Slovenian names whatever the case and accents', async () => {
    for (const term of ['ceska', 'ČEŠKA', 'Ceška']) {
      const found = await listAll('country', `&search=${encodeURIComponent(term)}`);
      expect(
        found.map((c) => c.code),
        term,
      ).toEqual(['CZ']);
    }
    const krsko = await listAll('bank', `&search=${encodeURIComponent('poslovalnica krsko')}`);
    expect(krsko.map((b) => b.name)).toEqual(['SKB BANKA D.D. POSLOVALNICA KRŠKO']);
    const zavarovanje = await listAll('paymentPurpose', '&search=zivljenjsko');
    expect(zavarovanje.map((p) => p.code)).toEqual(['LIFI']);
    // English and Slovenian names are both searched.
    expect((await listAll('currency', '&search=swiss')).map((c) => c.code)).toEqual(['CHF']);
    expect((await listAll('currency', '&search=svicarski')).map((c) => c.code)).toEqual(['CHF']);
  });

  it('sorts by the declared keys, code by default', async () => {
    const codes = (await listAll('country')).map((c) => c.code as string);
    expect(codes).toEqual([...codes].sort());
    const desc = (await listAll('country', '&sort=code%20desc')).map((c) => c.code);
    expect(desc).toEqual([...codes].reverse());
    const byName = (await listAll('paymentPurpose', '&sort=name%20asc')).map((p) => p.name);
    expect(byName.slice(0, 3)).toEqual([
      'Account management',
      'Active employment policy',
      'Administrative management',
    ]);
  });

  it('gives lean rows of active items only in dropdown and cache mode', async () => {
    const dropdown = await listAll('currency', '&mode=dropdown');
    expect(dropdown).toHaveLength(155);
    expect(byCode(dropdown, 'XAU')).toBeUndefined();
    expect(Object.keys(byCode(dropdown, 'EUR') ?? {}).sort()).toEqual(
      ['code', 'displayTitle', 'id', 'key', 'minorUnits', 'name', 'nameSl', 'version'].sort(),
    );
    expect(await listAll('currency', '&mode=cache')).toHaveLength(155);
  });
});

describe("an organisation's own lists", () => {
  it('starts a new organisation with the Slovenian VAT rates and the document types', async () => {
    const user = await createUser(t);
    const token = await login(t, user.username);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/organization',
      headers: { authorization: token.apikey },
      payload: { name: 'Kovačija Žužemberk d.o.o.' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const headers = {
      authorization: token.apikey,
      'organization-id': res.json<OrganizationDetails>().id,
    };
    const rates = await listAll('vatRate', '', headers);
    expect(rates.map((r) => [r.code, r.rate, r.category, r.validFrom])).toEqual([
      ['22', '22.00', 'S', '2013-07-01'],
      ['9.5', '9.50', 'AA', '2013-07-01'],
      ['5', '5.00', 'AA', '2020-01-01'],
      ['0', '0.00', 'E', '1999-07-01'],
    ]);
    expect(byCode(rates, '9.5')).toMatchObject({
      name: 'Reduced rate',
      nameSl: 'Znižana stopnja',
      validTo: null,
      isActive: true,
    });
    const types = await listAll('documentType', '', headers);
    expect(types.map((d) => [d.code, d.einvoiceTypeCode])).toEqual([
      ['ADV', '386'],
      ['CN', '381'],
      ['INV', '380'],
      ['OTH', null],
    ]);
    expect(byCode(types, 'INV')).toMatchObject({ nameSl: 'Prejeti račun' });
    expect(await listAll('costCenter', '', headers)).toEqual([]);
    // Searchable like any saved row, and only inside that organisation.
    const found = await listAll('vatRate', '&search=znizana', headers);
    expect(found.map((r) => r.code)).toEqual(['9.5', '5']);
    expect(await listAll('vatRate', '&search=znizana', admin)).toEqual([]);
  });

  it('hides inactive cost centres in dropdown mode but lists them otherwise', async () => {
    const save = (payload: Model) =>
      t.app.inject({ method: 'POST', url: '/api/cl/costCenter', headers: admin, payload });
    expect((await save({ code: 'UPR', name: 'Uprava', isActive: true })).statusCode).toBe(201);
    expect((await save({ code: 'OLD', name: 'Stara Šiška', isActive: false })).statusCode).toBe(
      201,
    );
    const all = await listAll('costCenter');
    expect(all.map((c) => c.code)).toEqual(['OLD', 'UPR']);
    const dropdown = await listAll('costCenter', '&mode=dropdown');
    expect(dropdown.map((c) => c.code)).toEqual(['UPR']);
    expect(await listAll('costCenter', '&mode=dropdown&search=siska')).toEqual([]);
    expect((await listAll('costCenter', '&search=siska')).map((c) => c.code)).toEqual(['OLD']);
  });

  it('keeps dates as calendar days and refuses a validTo before validFrom', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/cl/vatRate',
      headers: admin,
      payload: {
        code: '8.5',
        name: 'Former reduced rate',
        nameSl: 'Nekdanja znižana stopnja',
        rate: '8.5',
        category: 'aa',
        validFrom: '2002-01-01',
        validTo: '2013-06-30',
        isActive: false,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().item).toMatchObject({
      rate: '8.50',
      category: 'AA',
      validFrom: '2002-01-01',
      validTo: '2013-06-30',
    });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/cl/vatRate',
      headers: admin,
      payload: {
        code: 'X',
        name: 'Backwards',
        nameSl: 'Narobe',
        rate: '150',
        category: 'S',
        validFrom: '2024-01-01',
        validTo: '2023-12-31',
      },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'validation.range', field: 'rate' }),
        expect.objectContaining({ code: 'validation.validToBeforeFrom', field: 'validTo' }),
      ]),
    );
  });

  it('lets members read but only writers change them', async () => {
    await listAll('vatRate', '', reader);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cl/costCenter',
      headers: reader,
      payload: entity('costCenter').sample(1),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error[0].code).toBe('errors.noWriteRight');
  });
});

describe('shared lists', () => {
  it('refuses writes by anyone but a sysadmin, and lets a sysadmin write', async () => {
    const eur = byCode(await listAll('currency'), 'EUR');
    if (!eur) throw new Error('no EUR');
    for (const headers of [admin, reader]) {
      const calls = [
        { method: 'POST' as const, url: '/api/cl/currency', payload: entity('currency').sample(1) },
        {
          method: 'PUT' as const,
          url: `/api/cl/currency/${eur.key}`,
          payload: { name: 'Changed', version: eur.version },
        },
        { method: 'DELETE' as const, url: '/api/cl/currency', payload: { keys: [eur.key] } },
      ];
      for (const call of calls) {
        const res = await t.app.inject({ ...call, headers });
        expect(res.statusCode, `${call.method} ${res.body}`).toBe(403);
        expect(res.json().error[0].code).toBe('errors.noWriteRight');
      }
    }
    expect(byCode(await listAll('currency'), 'EUR')).toEqual(eur);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/cl/paymentPurpose',
      headers: sysadmin,
      payload: { code: 'qzzz', name: 'Local purpose', nameSl: 'Lokalni namen', isActive: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().item).toMatchObject({ code: 'QZZZ' });
    // Shared: every organisation sees it.
    expect(byCode(await listAll('paymentPurpose', '', reader), 'QZZZ')).toBeDefined();
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/cl/paymentPurpose',
      headers: sysadmin,
      payload: { keys: [created.json().item.key] },
    });
    expect(removed.statusCode).toBe(200);
  });

  it('checks codes, BICs and the reference type of a model', async () => {
    const post = (name: string, payload: Model) =>
      t.app.inject({ method: 'POST', url: tablePath(name), headers: sysadmin, payload });
    const fieldsOf = (res: { json: () => { error: { code: string; field?: string }[] } }) =>
      res.json().error.map((e) => [e.field, e.code]);
    expect(
      fieldsOf(await post('currency', { ...entity('currency').sample(2), code: 'E1' })),
    ).toEqual([['code', 'validation.currencyCode']]);
    expect(
      fieldsOf(await post('currency', { ...entity('currency').sample(2), code: 'eur' })),
    ).toEqual([['code', 'errors.duplicateValue']]);
    expect(fieldsOf(await post('bank', { ...entity('bank').sample(2), bic: 'LJBASI20' }))).toEqual([
      ['bic', 'validation.bic.test'],
    ]);
    expect(
      fieldsOf(
        await post('referenceModel', {
          ...entity('referenceModel').sample(2),
          referenceType: 'RF',
        }),
      ),
    ).toEqual([['referenceType', 'validation.referenceTypeOfModel']]);
    expect(
      fieldsOf(
        await post('referenceModel', { ...entity('referenceModel').sample(2), code: 'SI1' }),
      ),
    ).toEqual([['code', 'validation.referenceModel']]);
  });
});

describe('demo data', () => {
  it('gives every seeded organisation its defaults and some cost centres', async () => {
    const handle = await createTestDb();
    try {
      expect(await seedDemo(handle.db)).toBe(true);
      const counts = await sql<{ name: string; vat: string; types: string; centres: string }>`
        select o.name,
          (select count(*) from vat_rate v where v.organization_id = o.id) as vat,
          (select count(*) from document_type d where d.organization_id = o.id) as types,
          (select count(*) from cost_center c where c.organization_id = o.id and c.is_active) as centres
        from organization o
      `.execute(handle.db);
      expect(counts.rows.length).toBeGreaterThan(0);
      for (const row of counts.rows)
        expect([row.vat, row.types, row.centres], row.name).toEqual(['4', '4', '3']);
      // Rows written outside the table calls still get the engine's search text and sort keys.
      const unwritten = await sql<{ n: string }>`
        select (select count(*) from organization where name_sort = '' or search_text = '')
          + (select count(*) from organization_bank_account where code_sort = '' or search_text = '')
          as n
      `.execute(handle.db);
      expect(unwritten.rows[0]?.n).toBe('0');
      // The organisations the demo user signs in to have suppliers to browse, in Slovenian order.
      const partners = await sql<{ name: string }>`
        select p.name from partner p join organization o on o.id = p.organization_id
        where o.name = 'Alpina Trgovina d.o.o.' order by p.name_sort
      `.execute(handle.db);
      expect(partners.rows.map((r) => r.name).slice(0, 3)).toEqual([
        'Čistilni servis Žalec d.o.o.',
        'Elektro Dolenjska d.o.o.',
        'Kurirska služba Drava d.o.o.',
      ]);
    } finally {
      await handle.close();
    }
  });
});
