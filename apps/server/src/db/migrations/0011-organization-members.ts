import { sql, type Kysely, type RawBuilder } from 'kysely';
import { uuidv7 } from '../../lib/ids';
import { slovenianSortKey } from '../../lib/collation';
import { ROLES } from '../reference-data';
import { searchNormalise } from '../../lib/search-normalise';

/**
 * Organisation members and their roles as code lists (issue 3). The role list is global
 * reference data (the roles the server knows, spec §6). A membership row becomes an engine
 * record: an id and key, a version, and copies of its user's name, e-mail and whether the
 * account is confirmed, so the list is searched and sorted like any other table.
 *
 * Members join outside the engine (a new organisation's creator, a connect code, the seed),
 * and users rename themselves, so triggers keep the copies, the search text and the sort keys
 * of memberships. Those are SQL, so the engine's TypeScript normalisation is written here as
 * two functions: accented Latin letters folded as searchNormalise and slovenianSortKey fold
 * them (the letter tables are computed from the same JavaScript normalisation), then lower().
 * The engine writes its own exact values on every change of a membership.
 *
 * The last orgadmin of an organisation cannot lose the role: the engine refuses it with a
 * message, and a deferred constraint trigger holds it for every other writer (undo included).
 */

/**
 * Latin-1 Supplement and Latin Extended-A letters as translate() pairs: to their ASCII base
 * letter when they have one, else upper case to lower case (lower() itself only knows ASCII
 * under the C locale).
 */
function foldTable(except: string): { from: string; to: string } {
  let from = '';
  let to = '';
  for (let code = 0xc0; code <= 0x17f; code++) {
    const letter = String.fromCharCode(code);
    const lower = letter.toLowerCase();
    if (except.includes(lower)) continue;
    const base = letter.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    if (base !== letter && /^[A-Za-z]$/.test(base)) {
      from += letter;
      to += base;
    } else if (lower !== letter && lower.length === 1) {
      from += letter;
      to += lower;
    }
  }
  return { from, to };
}

const OWN_LETTERS: [string, string][] = [
  ['č', 'c{'],
  ['ć', 'c|'],
  ['đ', 'd{'],
  ['š', 's{'],
  ['ž', 'z{'],
];
const BASE_LETTERS: [string, string][] = [
  ['ø', 'o'],
  ['ł', 'l'],
  ['ð', 'd'],
  ['ı', 'i'],
  ['æ', 'ae'],
  ['œ', 'oe'],
  ['ß', 'ss'],
  ['þ', 'th'],
];

/** replace(replace(text, a, b), …) for each pair, in both cases. */
function replaced(text: RawBuilder<unknown>, pairs: [string, string][]) {
  let expression = text;
  for (const [letter, by] of pairs) {
    for (const form of new Set([letter, letter.toUpperCase()])) {
      expression = sql`replace(${expression}, ${sql.lit(form)}, ${sql.lit(by)})`;
    }
  }
  return expression;
}

async function createFoldFunctions(db: Kysely<unknown>) {
  const search = foldTable('đ');
  const sort = foldTable(OWN_LETTERS.map(([l]) => l).join(''));
  const searchBody = sql`lower(translate(replace(replace(t, 'Đ', 'D'), 'đ', 'd'), ${sql.lit(search.from)}, ${sql.lit(search.to)}))`;
  const sortBody = sql`lower(${replaced(
    sql`translate(${replaced(sql`t`, OWN_LETTERS)}, ${sql.lit(sort.from)}, ${sql.lit(sort.to)})`,
    BASE_LETTERS,
  )})`;
  await sql`
    create function listina_search_text(t text) returns text
      language sql immutable parallel safe return ${searchBody};
    create function listina_sort_key(t text) returns text
      language sql immutable parallel safe return ${sortBody};
  `.execute(db);
}

async function createRoles(db: Kysely<unknown>) {
  await sql`
    create table role (
      id bigint generated always as identity primary key,
      key uuid not null unique,
      code text not null unique,
      name_en text not null,
      name_sl text not null,
      is_admin boolean not null default false,
      is_active boolean not null default true,
      code_sort text collate "C" not null default '',
      name_en_sort text collate "C" not null default '',
      name_sl_sort text collate "C" not null default '',
      search_text text not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      version integer not null default 1
    );
    grant select, insert, update, delete on role to listina_tenant;
  `.execute(db);
  for (const role of ROLES) {
    await sql`
      insert into role (key, code, name_en, name_sl, is_admin, code_sort, name_en_sort,
                        name_sl_sort, search_text)
      values (${uuidv7()}, ${role.code}, ${role.name}, ${role.nameSl}, ${role.isAdmin},
              ${slovenianSortKey(role.code)}, ${slovenianSortKey(role.name)},
              ${slovenianSortKey(role.nameSl)},
              ${searchNormalise([role.code, role.name, role.nameSl].join(' '))})
    `.execute(db);
  }
}

async function extendMembers(db: Kysely<unknown>) {
  await sql`
    alter table organization_member
      add column id bigint generated always as identity,
      add column key uuid not null default gen_random_uuid(),
      add column user_name text not null default '',
      add column display_name text not null default '',
      add column email text not null default '',
      add column is_active boolean not null default false,
      add column user_name_sort text collate "C" not null default '',
      add column display_name_sort text collate "C" not null default '',
      add column search_text text not null default '',
      add column updated_at timestamptz not null default now(),
      add column version integer not null default 1;
    create unique index organization_member_id_uq on organization_member (organization_id, id);
    create unique index organization_member_key_uq on organization_member (organization_id, key);
    grant usage on all sequences in schema public to listina_tenant;

    -- The user's fields as the membership shows them (security definer: whoever inserts).
    create function listina_member_user_fields() returns trigger
      language plpgsql security definer set search_path = public, pg_temp
    as $$
    begin
      select u.username, u.display_name, u.email, u.email_confirmed_at is not null
        into new.user_name, new.display_name, new.email, new.is_active
        from app_user u where u.id = new.user_id;
      new.user_name_sort := listina_sort_key(new.user_name);
      new.display_name_sort := listina_sort_key(new.display_name);
      new.search_text := listina_search_text(
        new.user_name || ' ' || new.display_name || ' ' || new.email);
      return new;
    end
    $$;
    create trigger organization_member_user_fields
      before insert or update of user_id on organization_member
      for each row execute function listina_member_user_fields();

    create function listina_user_to_members() returns trigger
      language plpgsql security definer set search_path = public, pg_temp
    as $$
    begin
      update organization_member set user_id = user_id where user_id = new.id;
      return null;
    end
    $$;
    create trigger app_user_to_members
      after update of username, display_name, email, email_confirmed_at on app_user
      for each row execute function listina_user_to_members();

    update organization_member set user_id = user_id;

    create function listina_keep_an_orgadmin() returns trigger
      language plpgsql security definer set search_path = public, pg_temp
    as $$
    begin
      if not exists (
        select 1 from organization_member
        where organization_id = old.organization_id and 'orgadmin' = any (roles)
      ) then
        raise exception 'organisation % would have no orgadmin', old.organization_id
          using errcode = 'P0001', hint = 'errors.lastOrgAdmin';
      end if;
      return null;
    end
    $$;
    create constraint trigger organization_member_keeps_an_orgadmin
      after update of roles on organization_member
      deferrable initially deferred
      for each row when ('orgadmin' = any (old.roles) and not 'orgadmin' = any (new.roles))
      execute function listina_keep_an_orgadmin();
  `.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await createFoldFunctions(db);
  await createRoles(db);
  await extendMembers(db);
}
