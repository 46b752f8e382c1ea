import { describe, expect, it } from 'vitest';
import { SchemaSchema } from '@listina/forms';
import { fittedWidths, gridColumns, shownColumns, SHRINK_MIN_WIDTH } from './columns';

const t = (key: string) => key;
const has = () => false;

/** The payment orders' default set as the server sends it (widths add up to 1,150 px). */
const schema = SchemaSchema.parse({
  id: 'payOrder',
  fields: [
    { name: 'recipientIdCb', labelText: 'Recipient name', maxLength: 70 },
    { name: 'recipientIBAN', labelText: 'Recipient IBAN', maxLength: 34 },
    { name: 'recipientReference', labelText: 'Reference', maxLength: 35 },
    { name: 'amount', labelText: 'Amount', inputType: 'currency' },
    { name: 'executionDate', labelText: 'Execution date', dataType: 'date' },
    { name: 'state', labelText: 'State', inputType: 'select' },
    { name: 'payPackageId', labelText: 'Package', inputType: 'combo' },
    { name: 'organizationBankAccountId', labelText: 'Paid from account' },
    { name: 'recipientAccountIdCb', labelText: 'Recipient account', visible: false },
  ],
  gridColumns: [
    { name: 'recipientIdCb', width: 220, shrink: true },
    { name: 'recipientIBAN', width: 200, shrink: true },
    { name: 'recipientReference', width: 160, shrink: true },
    { name: 'amount', width: 120 },
    { name: 'executionDate', width: 110 },
    { name: 'state', width: 125 },
    { name: 'payPackageId', width: 215, shrink: true },
    { name: 'organizationBankAccountId', hidden: true },
  ],
});

describe('grid columns of a schema with gridColumns (issue 24)', () => {
  const offered = gridColumns(schema, null, t, has);

  it('offers the schema’s columns in its order, whatever the rows carry, not every field', () => {
    expect(offered.map((column) => column.name)).toEqual([
      'recipientIdCb',
      'recipientIBAN',
      'recipientReference',
      'amount',
      'executionDate',
      'state',
      'payPackageId',
      'organizationBankAccountId',
    ]);
    expect(gridColumns(schema, 'recipientAccountIdCb,amount', t, has)).toEqual(offered);
    expect(offered.find((column) => column.name === 'state')).toMatchObject({
      defaultWidth: 125,
      isDefault: true,
      shrink: false,
    });
  });

  it('shows the default set, or the user’s choice in its order without names it no longer has', () => {
    const names = (chosen: string[] | null) =>
      shownColumns(offered, chosen).map((column) => column.name);
    expect(names(null)).not.toContain('organizationBankAccountId');
    expect(names(null)).toHaveLength(7);
    expect(names(['state', 'gone', 'organizationBankAccountId'])).toEqual([
      'state',
      'organizationBankAccountId',
    ]);
    expect(names(['gone'])).toEqual(names(null));
  });

  it('lets the long text columns give way first when the grid is narrower than the columns', () => {
    const shown = shownColumns(offered, null);
    expect(fittedWidths(shown, {}, 0).recipientIdCb).toBe(220);
    expect(fittedWidths(shown, {}, 2000).recipientIdCb).toBe(220);

    // 1,440 px wide with the side bar and paddings: about 1,100 px for the columns.
    const fitted = fittedWidths(shown, {}, 1100);
    const total = Object.values(fitted).reduce((sum, width) => sum + width, 0);
    expect(total).toBeLessThanOrEqual(1100);
    expect(fitted).toMatchObject({ amount: 120, executionDate: 110, state: 125 });
    expect(fitted.recipientIdCb).toBeLessThan(220);
    expect(fitted.recipientIdCb).toBeGreaterThanOrEqual(SHRINK_MIN_WIDTH);

    // A width the user set is kept; the others give way.
    const chosen = fittedWidths(shown, { recipientIdCb: 260 }, 1100);
    expect(chosen.recipientIdCb).toBe(260);
    expect(chosen.recipientIBAN).toBeLessThan(fitted.recipientIBAN ?? 0);

    // Never below the minimum, even when that is still too wide.
    const narrow = fittedWidths(shown, {}, 300);
    expect(narrow.recipientIdCb).toBe(SHRINK_MIN_WIDTH);
  });
});
