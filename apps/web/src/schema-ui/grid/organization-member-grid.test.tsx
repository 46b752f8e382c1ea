import { describe, expect, it } from 'vitest';
import type { TableRecord } from '@listina/contract';
import type { SchemaInput } from '@listina/forms';
import { json } from '../../test/fake-api';
import { rateEntity, renderGrid, rowTexts, waitForRows } from './grid-test-kit';

/**
 * GET /api/cl/schema/organizationMember as the server sends it (the entity in
 * apps/server/src/modules/tables/entities/organization-member.ts): roles is a select over
 * the role code list, and its value is a list of role codes.
 */
const memberSchema: SchemaInput = {
  id: 'organizationMember',
  labelId: 'organizationMember.title',
  fields: [
    {
      name: 'userName',
      dataType: 'text',
      inputType: 'text',
      labelId: 'organizationMember.userName',
      readonly: true,
    },
    {
      name: 'displayName',
      dataType: 'text',
      inputType: 'text',
      labelId: 'organizationMember.displayName',
      readonly: true,
    },
    {
      name: 'email',
      dataType: 'text',
      inputType: 'text',
      labelId: 'organizationMember.email',
      readonly: true,
    },
    {
      name: 'roles',
      dataType: 'text',
      inputType: 'select',
      labelId: 'organizationMember.roles',
      multiple: true,
      references: { table: 'role', field: 'code', displayFields: ['code', 'name'] },
      validation: { required: true },
    },
    {
      name: 'isActive',
      dataType: 'bool',
      inputType: 'checkbox',
      labelId: 'organizationMember.isActive',
      readonly: true,
    },
  ],
};

const member = (n: number, roles: string[]): TableRecord => ({
  id: n,
  key: `m-${n}`,
  version: 1,
  displayTitle: `Member ${n}`,
  userName: `user${n}`,
  displayName: `Member ${n}`,
  email: `user${n}@example.com`,
  roles,
  isActive: true,
});

describe('organization member grid', () => {
  it("shows a member's roles as the role codes joined by commas", async () => {
    renderGrid({
      rights: { ...rateEntity, name: 'organizationMember', canCreate: false, canDelete: false },
      props: { table: 'organizationMember' },
      handlers: {
        'GET /api/cl/schema/:name': () => json(memberSchema),
        'GET /api/cl/:name': () =>
          json({
            items: [member(1, ['orgadmin', 'user']), member(2, ['user'])],
            nextCursor: null,
          }),
      },
    });
    await waitForRows(2);
    const [first, second] = rowTexts();
    expect(first).toEqual([
      'user1',
      'Member 1',
      'user1@example.com',
      'orgadmin, user',
      expect.anything(),
    ]);
    expect(second?.[3]).toBe('user');
  });
});
