import { sql, type Kysely } from 'kysely';
import { uuidv7 } from '../../lib/ids';
import { searchNormalise } from '../../lib/search-normalise';

/**
 * A local company register (spec §7: GET /api/cl/organization/external/check and /search are
 * answered from it, never from an outside service) with demo companies, and the index that
 * serves the partner list in its default order.
 */
const DEMO_COMPANIES: [string, string, string, string][] = [
  ['Alpina Trgovina d.o.o.', 'Dunajska cesta 101', '1000', 'Ljubljana'],
  ['Bistra Storitve d.o.o.', 'Partizanska cesta 12', '2000', 'Maribor'],
  ['Čebelica Računovodstvo d.o.o.', 'Prešernova ulica 5', '3000', 'Celje'],
  ['Drava Logistika d.d.', 'Ptujska cesta 44', '2000', 'Maribor'],
  ['Elektro Zupan d.o.o.', 'Kidričeva ulica 3', '4000', 'Kranj'],
  ['Gradbeništvo Kos d.o.o.', 'Cesta v Mestni log 77', '1000', 'Ljubljana'],
  ['Kmetija Ravne', 'Ravne 14', '2390', 'Ravne na Koroškem'],
  ['Lekarna Lipa d.o.o.', 'Glavni trg 9', '8000', 'Novo mesto'],
  ['Mizarstvo Hribar s.p.', 'Vrhniška cesta 20', '1360', 'Vrhnika'],
  ['Optika Jelen d.o.o.', 'Čevljarska ulica 2', '6000', 'Koper'],
  ['Pekarna Vrhnika d.o.o.', 'Tržaška cesta 1', '1360', 'Vrhnika'],
  ['Šumi Sladkarije d.o.o.', 'Tovarniška cesta 8', '1000', 'Ljubljana'],
  ['Tiskarna Sova d.o.o.', 'Industrijska cesta 6', '5000', 'Nova Gorica'],
  ['Turistika Bled d.o.o.', 'Ljubljanska cesta 4', '4260', 'Bled'],
  ['Žito Mlin d.d.', 'Šmartinska cesta 154', '1000', 'Ljubljana'],
];

/** The n-th Slovenian tax number with a valid mod 11 check digit (weights 8..2). */
export function demoTaxNumber(n: number): string {
  for (let base = 1_000_000 + n * 7919; ; base++) {
    const digits = String(base).padStart(7, '0').split('').map(Number);
    const sum = digits.reduce((total, digit, i) => total + digit * (8 - i), 0);
    const check = 11 - (sum % 11);
    if (check === 10 || digits[0] === 0) continue;
    return `${digits.join('')}${check === 11 ? 0 : check}`;
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table company_register (
      id bigint generated always as identity primary key,
      key uuid not null unique,
      tax_number text not null unique,
      vat_id text,
      registration_number text not null,
      name text not null,
      address text not null,
      post_code text not null,
      town text not null,
      country_code text not null default 'SI',
      search_text text not null default ''
    );
    grant select on company_register to listina_tenant;
    create index partner_name_idx on partner (organization_id, name, id);
  `.execute(db);
  for (const [index, [name, address, postCode, town]] of DEMO_COMPANIES.entries()) {
    const taxNumber = demoTaxNumber(index + 1);
    const vatId = index % 4 === 3 ? null : `SI${taxNumber}`;
    await sql`
      insert into company_register
        (key, tax_number, vat_id, registration_number, name, address, post_code, town, search_text)
      values (${uuidv7()}, ${taxNumber}, ${vatId}, ${String(6_000_000_000 + index * 1013)}, ${name},
              ${address}, ${postCode}, ${town}, ${searchNormalise(`${name} ${taxNumber} ${town}`)})
    `.execute(db);
  }
}
