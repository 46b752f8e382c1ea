import { defineEntity } from '../entity';
import { codeColumn, isActiveColumn, localizedNameColumns } from './code-list';

/**
 * The organisation roles (global; spec §6, lower-case), the choices of a member's roles. The
 * server checks roles by code, so codes are fixed by the server (migration 0011 loads them
 * from data/roles.json): sysadmins may rename a role or hide it from lookups, not add one.
 */
export const role = defineEntity({
  name: 'role',
  table: 'role',
  scope: 'global',
  canCreate: false,
  canDelete: false,
  labelId: 'role.title',
  columns: [
    { ...codeColumn({ maxLength: 30 }), serverOwned: true },
    ...localizedNameColumns(100),
    {
      name: 'isAdmin',
      column: 'is_admin',
      type: 'bool',
      field: {},
      list: true,
      lean: true,
      serverOwned: true,
    },
    isActiveColumn,
  ],
  titleColumns: ['code', 'name'],
  defaultSort: 'code asc',
  gridColumns: [
    { name: 'code', width: 150 },
    { name: 'name', width: 200, shrink: true },
    { name: 'nameSl', width: 200, shrink: true },
    { name: 'isAdmin', width: 90 },
    { name: 'isActive', width: 90 },
  ],
  writeRoles: ['sysadmin'],
  sample: (n) => ({
    name: `Role label ${n}`,
    nameSl: `Oznaka vloge ${n} – članstvo`,
    isActive: true,
  }),
});
