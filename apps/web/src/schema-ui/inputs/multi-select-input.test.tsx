import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FieldInput } from '@listina/forms';
import { json } from '../../test/fake-api';
import { renderInput } from './input-harness';

const roles = [
  { id: 1, key: 'r1', displayTitle: 'orgadmin', code: 'orgadmin', name: 'Administrator' },
  { id: 2, key: 'r2', displayTitle: 'approver', code: 'approver', name: 'Approver' },
  { id: 3, key: 'r3', displayTitle: 'user', code: 'user', name: 'User' },
];

// The field as the server sends a member's roles (organization-member.ts, multiple column).
const rolesField: FieldInput = {
  name: 'roles',
  dataType: 'text',
  inputType: 'select',
  multiple: true,
  references: { table: 'role', field: 'code', displayFields: ['code', 'name'] },
};

const handlers = { 'GET /api/cl/:name': () => json({ items: roles, nextCursor: null }) };

describe('select of several (multiple)', () => {
  it('shows a checkbox per role in a labelled group, the stored ones checked', async () => {
    const { control } = await renderInput(rolesField, {
      label: 'Roles',
      value: ['approver'],
      handlers,
    });
    const group = within(control);
    expect(screen.getByRole('group', { name: 'Roles' })).toBeTruthy();
    expect(
      (await group.findByRole<HTMLInputElement>('checkbox', { name: 'approver – Approver' }))
        .checked,
    ).toBe(true);
    expect(
      group.getByRole<HTMLInputElement>('checkbox', { name: 'orgadmin – Administrator' }).checked,
    ).toBe(false);
    expect(group.getByRole<HTMLInputElement>('checkbox', { name: 'user – User' }).checked).toBe(
      false,
    );
  });

  it('adds and removes codes, keeping the list in the items order', async () => {
    const { control, value } = await renderInput(rolesField, {
      label: 'Roles',
      value: ['user'],
      handlers,
    });
    const group = within(control);
    await userEvent.click(
      await group.findByRole<HTMLInputElement>('checkbox', { name: 'orgadmin – Administrator' }),
    );
    expect(value()).toEqual(['orgadmin', 'user']);
    await userEvent.click(group.getByRole<HTMLInputElement>('checkbox', { name: 'user – User' }));
    expect(value()).toEqual(['orgadmin']);
  });

  it('keeps a stored code that is no longer offered, checked, until the user unchecks it', async () => {
    const { control, value } = await renderInput(rolesField, {
      label: 'Roles',
      value: ['retired', 'user'],
      handlers,
    });
    const group = within(control);
    const retired = await group.findByRole<HTMLInputElement>('checkbox', { name: 'retired' });
    expect(retired.checked).toBe(true);
    await userEvent.click(
      group.getByRole<HTMLInputElement>('checkbox', { name: 'approver – Approver' }),
    );
    expect(value()).toEqual(['approver', 'user', 'retired']);
    await userEvent.click(retired);
    expect(value()).toEqual(['approver', 'user']);
  });

  it('is read-only when the field is', async () => {
    const { control } = await renderInput(rolesField, {
      label: 'Roles',
      value: ['user'],
      readonly: true,
      handlers,
    });
    expect(
      (await within(control).findByRole<HTMLInputElement>('checkbox', { name: 'user – User' }))
        .disabled,
    ).toBe(true);
  });
});
