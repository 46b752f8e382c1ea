import { sql, type RawBuilder } from 'kysely';
import { UUID_PATTERN } from '../../../lib/ids';
import type { MessageSpec } from '../../../lib/errors';
import { ROLES } from '../../../db/reference-data';
import { defineEntity, type ColumnDef, type RuleContext } from '../entity';

/** The roles a member may have in an organisation (spec §6: lower-case). */
export const ORGANIZATION_ROLES: readonly string[] = ROLES.map((r) => r.code);

/** Trimmed, lower-cased, each once, in a fixed order. */
function normaliseRoles(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  const roles = (value as unknown[]).map((r) =>
    typeof r === 'string' ? r.trim().toLowerCase() : r,
  );
  return [...new Set(roles.filter((r) => r !== ''))].sort();
}

/**
 * A list of the organisation's roles (a member's roles, the roles a workflow step names):
 * lower-cased, each once, every one a role that exists.
 */
export function organizationRolesColumn(options: {
  labelId?: string;
  required?: boolean;
  /** Also in lookups' lean rows. */
  lean?: boolean;
}): ColumnDef {
  return {
    name: 'roles',
    column: 'roles',
    type: 'text',
    multiple: true,
    field: {
      inputType: 'select',
      ...(options.labelId ? { labelId: options.labelId } : {}),
      references: { table: 'role', field: 'code', displayFields: ['code', 'name'] },
      ...(options.required ? { validation: { required: true } } : {}),
    },
    list: true,
    lean: options.lean ?? false,
    normalise: normaliseRoles,
    check: (value) => {
      const unknown = (value as string[]).filter((r) => !ORGANIZATION_ROLES.includes(r));
      return unknown.length > 0
        ? {
            code: 'validation.unknownRole',
            parameters: [unknown.join(', '), ORGANIZATION_ROLES.join(', ')],
          }
        : undefined;
    },
  };
}

/** A required, searchable and sortable text of the user's, copied by the database (read-only here). */
function userTextColumn(name: string, column: string): ColumnDef {
  return {
    name,
    column,
    type: 'text',
    field: {},
    search: true,
    sort: true,
    notNull: true,
    list: true,
    lean: true,
    serverOwned: true,
  };
}

/**
 * An organisation keeps an orgadmin: the last one cannot lose the role (someone must be able
 * to manage members and the connect code). Organisations that never had one are not held to it.
 */
async function keepsAnOrgAdmin(
  model: Record<string, unknown>,
  { db, organizationId, id }: RuleContext,
): Promise<MessageSpec[]> {
  const roles = Array.isArray(model.roles) ? (model.roles as unknown[]) : [];
  if (id === undefined || organizationId === null || roles.includes('orgadmin')) return [];
  const found = await sql<{ isAdmin: boolean; others: boolean }>`
    select coalesce(bool_or(id = ${id}), false) as "isAdmin",
           coalesce(bool_or(id <> ${id}), false) as others
    from organization_member
    where organization_id = ${organizationId} and 'orgadmin' = any (roles)
  `.execute(db);
  const row = found.rows[0];
  return row?.isAdmin && !row.others
    ? [{ code: 'errors.lastOrgAdmin', parameters: [], field: 'roles' }]
    : [];
}

/**
 * The members of the active organisation with their roles (issue 3). Members join by the
 * organisation's connect code, so none is created here; admins (the engine's rule for a table
 * with no write roles) change their roles. Name, e-mail and whether the account is confirmed
 * are the user's, copied by the database (migration 0011) and read-only here.
 */
/**
 * The active members who may act at the step a document stands at (named by the step, or by
 * one of their roles), other than the one it is already forwarded to: those a forward may go
 * to, as the workflow checks it (state-machine `isAssignee`). None when it stands at no step.
 */
function assigneesOfSql(documentKey: string): RawBuilder<unknown> {
  return sql`(organization_member.is_active and exists (
    select 1 from doc d
    join workflow_step s on s.organization_id = d.organization_id and s.id = d.workflow_step_id
    where d.organization_id = organization_member.organization_id
      and d.key = ${documentKey}::uuid and d.workflow_standing = 'step'
      and organization_member.user_id is distinct from d.workflow_forwarded_to
      and (organization_member.key::text = any(s.member_keys)
        or s.roles && organization_member.roles)))`;
}

export const organizationMember = defineEntity({
  name: 'organizationMember',
  table: 'organization_member',
  scope: 'tenant',
  canCreate: false,
  canDelete: false,
  labelId: 'organizationMember.title',
  columns: [
    userTextColumn('userName', 'user_name'),
    userTextColumn('displayName', 'display_name'),
    {
      name: 'email',
      column: 'email',
      type: 'text',
      field: {},
      search: true,
      list: true,
      serverOwned: true,
    },
    organizationRolesColumn({ required: true, lean: true }),
    {
      name: 'isActive',
      column: 'is_active',
      type: 'bool',
      field: { labelId: 'organizationMember.isActive' },
      filter: true,
      list: true,
      serverOwned: true,
    },
  ],
  titleColumns: ['displayName'],
  defaultSort: 'displayName asc',
  gridColumns: [
    { name: 'displayName', width: 200, shrink: true },
    { name: 'userName', width: 180, shrink: true },
    { name: 'email', width: 240, shrink: true },
    { name: 'roles', width: 240, shrink: true },
    { name: 'isActive', width: 120 },
  ],
  writeRoles: [],
  rules: keepsAnOrgAdmin,
  // The members a document can be forwarded to (issue 24): `assigneeOf:<document key>`.
  namedFilters: {
    assigneeOf: (value) => (UUID_PATTERN.test(value) ? assigneesOfSql(value) : undefined),
  },
  // Always with orgadmin, so applying a sample to any member never takes the role away.
  sample: (n) => ({
    roles: normaliseRoles([
      'orgadmin',
      ORGANIZATION_ROLES[1 + (n % (ORGANIZATION_ROLES.length - 1))],
    ]),
  }),
});
