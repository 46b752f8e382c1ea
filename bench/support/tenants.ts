import type { Kysely } from 'kysely';
import type { Database } from '../../apps/server/src/db/schema';
import { uuidv7 } from '../../apps/server/src/lib/ids';
import { newConnectCode } from '../../apps/server/src/modules/organizations/organizations.service';

/** Sizes by rank: proportional to 1/rank (Zipf), at least one each, summing to `total`. */
export function zipfSizes(total: number, n: number): number[] {
  let harmonic = 0;
  for (let r = 1; r <= n; r++) harmonic += 1 / r;
  const sizes = Array.from({ length: n }, (_, i) =>
    Math.max(1, Math.floor(total / harmonic / (i + 1))),
  );
  sizes[0] = (sizes[0] ?? 0) + total - sizes.reduce((a, b) => a + b, 0);
  return sizes;
}

/** The organisations "`prefix` 1" … "`prefix` n" (rank order), created when missing. */
export async function rankedOrganizations(
  db: Kysely<Database>,
  prefix: string,
  n: number,
): Promise<{ id: string; key: string }[]> {
  const nick = (rank: number) => `${prefix} ${rank}`;
  const found = await db
    .selectFrom('organization')
    .select(['id', 'key', 'name_nick'])
    .where('name_nick', 'like', `${prefix} %`)
    .execute();
  const byNick = new Map(found.map((o) => [o.name_nick, o]));
  const missing = Array.from({ length: n }, (_, i) => nick(i + 1))
    .filter((name) => !byNick.has(name))
    .map((name) => ({
      key: uuidv7(),
      name: `${name} d.o.o.`,
      name_nick: name,
      connect_code: newConnectCode(),
    }));
  for (let i = 0; i < missing.length; i += 500) {
    const made = await db
      .insertInto('organization')
      .values(missing.slice(i, i + 500))
      .returning(['id', 'key', 'name_nick'])
      .execute();
    for (const o of made) byNick.set(o.name_nick, o);
  }
  return Array.from({ length: n }, (_, i) => {
    const org = byNick.get(nick(i + 1));
    if (!org) throw new Error(`no ${nick(i + 1)}`);
    return org;
  });
}
