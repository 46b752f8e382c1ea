import type { Db } from '../../db/create-db';
import { uuidv7 } from '../../lib/ids';
import { demoTaxNumber } from './tax-numbers';
import { hashPassword } from '../../lib/secrets';
import { newConnectCode } from '../organizations/organizations.service';
import { insertModels, seedOrganizationDefaults } from '../tables/defaults';
import { costCenter } from '../tables/entities/cost-center';
import { partner } from '../tables/entities/partner';
import { organizationBankAccount } from '../tables/entities/organization';

export const DEMO_PASSWORD = 'listina-demo';

/** Seeded sign-ins, printed at start-up. */
export const DEMO_USERS = [
  {
    username: 'demo',
    displayName: 'Demo Uporabnik',
    lang: 'sl',
    note: '4 organisations, different roles',
  },
  {
    username: 'many',
    displayName: 'Mateja Mnogo',
    lang: 'en-gb',
    note: '12 organisations (searchable selector)',
  },
] as const;

const DEMO_ORGS: { name: string; nick: string; taxNumber: string; roles: string[] }[] = [
  {
    name: 'Alpina Trgovina d.o.o.',
    nick: 'Alpina Trgovina',
    taxNumber: `SI${demoTaxNumber(1)}`,
    roles: ['orgadmin'],
  },
  {
    name: 'Bistra Storitve d.o.o.',
    nick: 'Bistra Storitve',
    taxNumber: `SI${demoTaxNumber(2)}`,
    roles: ['approver'],
  },
  {
    name: 'Čebelica Računovodstvo d.o.o.',
    nick: 'Čebelica Računovodstvo',
    taxNumber: `SI${demoTaxNumber(3)}`,
    roles: ['dataentryextended'],
  },
  {
    name: 'Drava Logistika d.d.',
    nick: 'Drava Logistika',
    taxNumber: `SI${demoTaxNumber(4)}`,
    roles: ['accountant', 'approver'],
  },
];

/** Suppliers of the demo organisations (invented names; valid VAT ID check digits). */
const DEMO_PARTNERS = [
  ['ELDO', 'Elektro Dolenjska d.o.o.', 'Novo mesto', '8000', '300'],
  ['PISA', 'Pisarna Šentvid d.o.o.', 'Ljubljana', '1210', '100'],
  ['ČIST', 'Čistilni servis Žalec d.o.o.', 'Žalec', '3310', '300'],
  ['KURI', 'Kurirska služba Drava d.o.o.', 'Maribor', '2000', '200'],
  ['TELE', 'Telekomunikacije Koper d.d.', 'Koper', '6000', '100'],
  ['ZAVA', 'Zavarovalnica Triglav Demo d.d.', 'Ljubljana', '1000', '100'],
].map(([code, name, town, postCode, costCenterCode], i) => ({
  code,
  name,
  town,
  postCode,
  countryCode: 'SI',
  vatId: `SI${demoTaxNumber(40 + i)}`,
  costCenterCode,
  isActive: true,
}));

/** Cost centres of the demo organisations; one inactive, to show it missing from lookups. */
const DEMO_COST_CENTERS = [
  { code: '100', name: 'Uprava', isActive: true },
  { code: '200', name: 'Prodaja', isActive: true },
  { code: '300', name: 'Logistika in skladišče', isActive: true },
  { code: '900', name: 'Opuščeno – stara trgovina Šiška', isActive: false },
];

const MANY_ORGS = [
  'Zelenjava Kranj',
  'Avtoprevozi Novak',
  'Mizarstvo Hribar',
  'Gradbeništvo Kos',
  'Pekarna Vrhnika',
  'Elektro Zupan',
  'Turistika Bled',
  'Optika Jelen',
  'Kmetija Ravne',
  'Tiskarna Sova',
  'Lekarna Lipa',
  'Vinska klet Goriška',
];

/** Every organisation the seed makes: the demo user's four, then eight more of user many. */
export const SEEDED_ORGS: {
  name: string;
  nick: string;
  taxNumber: string;
  members: Record<string, string[]>;
}[] = [
  ...DEMO_ORGS.map(({ roles, ...o }) => ({ ...o, members: { demo: roles, many: ['user'] } })),
  ...MANY_ORGS.slice(0, 8).map((nick, i) => ({
    name: `${nick} d.o.o.`,
    nick,
    taxNumber: `SI${demoTaxNumber(20 + i)}`,
    members: { many: i % 3 === 0 ? ['orgadmin'] : ['user'] },
  })),
];

/** An SI56 IBAN with valid national and ISO 7064 check digits, from a bank code and a number. */
export function slovenianIban(bankCode: string, account: string): string {
  const body = `${bankCode}${account}`.padStart(13, '0');
  const national = String(98n - ((BigInt(body) * 100n) % 97n)).padStart(2, '0');
  const bban = `${body}${national}`;
  const numeric = `${bban}${'SI'
    .split('')
    .map((c) => c.charCodeAt(0) - 55)
    .join('')}00`;
  const check = String(98n - (BigInt(numeric) % 97n)).padStart(2, '0');
  return `SI${check}${bban}`;
}

/** Demo data for an empty database: users demo and many, their organisations and bank accounts. */
export async function seedDemo(db: Db): Promise<boolean> {
  const existing = await db.selectFrom('app_user').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    const users = new Map<string, string>();
    for (const u of DEMO_USERS) {
      const row = await trx
        .insertInto('app_user')
        .values({
          key: uuidv7(),
          username: u.username,
          email: `${u.username}@listina.local`,
          display_name: u.displayName,
          password_hash: passwordHash,
          lang: u.lang,
          email_confirmed_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      users.set(u.username, row.id);
    }
    for (const [index, o] of SEEDED_ORGS.entries()) {
      const org = await trx
        .insertInto('organization')
        .values({
          key: uuidv7(),
          name: o.name,
          name_nick: o.nick,
          tax_number: o.taxNumber,
          connect_code: newConnectCode(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [username, roles] of Object.entries(o.members)) {
        const userId = users.get(username);
        if (!userId) throw new Error(`seed: unknown user ${username}`);
        await trx
          .insertInto('organization_member')
          .values({ organization_id: org.id, user_id: userId, roles })
          .execute();
      }
      // Through the engine's row mapping, so search text and sort keys are written too.
      await insertModels(trx, organizationBankAccount, org.id, [
        {
          code: slovenianIban('02010', String(10000000 + index * 7919)),
          bic: 'LJBASI2X',
          displayText: 'NLB',
          isDefault: true,
        },
        {
          code: slovenianIban('04515', String(20000000 + index * 6007)),
          bic: 'KBMASI2X',
          displayText: 'NKBM',
        },
      ]);
      await seedOrganizationDefaults(trx, org.id);
      await insertModels(trx, costCenter, org.id, DEMO_COST_CENTERS);
      if (index < DEMO_ORGS.length) await insertModels(trx, partner, org.id, DEMO_PARTNERS);
    }
  });
  return true;
}
