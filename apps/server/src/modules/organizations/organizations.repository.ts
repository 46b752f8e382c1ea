import type { Db } from '../../db/create-db';
import { inScope } from '../../db/scope';

/** SQL of organisations and memberships. */

export function findByConnectCode(db: Db, code: string) {
  return db
    .selectFrom('organization')
    .select(['id', 'key', 'name_nick'])
    .where('connect_code', '=', code)
    .executeTakeFirst();
}

export async function isMember(db: Db, organizationId: string, userId: string) {
  const row = await db
    .selectFrom('organization_member')
    .select('user_id')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Adds the user as a member; false when they are one already (a connect sent twice at once). */
export async function addMember(
  db: Db,
  organizationId: string,
  userId: string,
  roles: string[],
): Promise<boolean> {
  const added = await db
    .insertInto('organization_member')
    .values({ organization_id: organizationId, user_id: userId, roles })
    .onConflict((conflict) => conflict.doNothing())
    .returning('user_id')
    .execute();
  return added.length > 0;
}

export function insertOrganization(
  db: Db,
  values: {
    key: string;
    name: string;
    name_nick: string;
    tax_number: string | null;
    connect_code: string;
  },
) {
  return db.insertInto('organization').values(values).returningAll().executeTakeFirstOrThrow();
}

export function getOrganization(db: Db, scope: { userId: string; organizationId: string }) {
  return inScope(db, scope, (trx) =>
    trx
      .selectFrom('organization')
      .selectAll()
      .where('id', '=', scope.organizationId)
      .executeTakeFirstOrThrow(),
  );
}

const companyColumns = [
  'tax_number',
  'vat_id',
  'registration_number',
  'name',
  'address',
  'post_code',
  'town',
  'country_code',
] as const;

/** The local company register is shared reference data: no organisation scope. */
export function findCompanyByTaxNumber(db: Db, taxNumber: string) {
  return db
    .selectFrom('company_register')
    .select(companyColumns)
    .where('tax_number', '=', taxNumber)
    .executeTakeFirst();
}

export function searchCompanies(db: Db, words: string[], limit: number) {
  let query = db.selectFrom('company_register').select(companyColumns);
  for (const word of words) query = query.where('search_text', 'like', `%${word}%`);
  return query.orderBy('name').limit(limit).execute();
}
