import { describe, expect, it } from 'vitest';
import { ReferencesSchema } from '@listina/forms';
import { serverFilterPlan, shownItems } from './reference-items';

const refs = (input: Record<string, unknown>) => ReferencesSchema.parse(input);

describe('serverFilterPlan (spec §3 serverFilters: sent with every lookup call)', () => {
  it('sends customerKey and equality filters to a table; null stays here', () => {
    const plan = serverFilterPlan(
      refs({
        table: 'partnerBankAccount',
        serverFilters: { customerKey: 'p-1', bic: 'LJBASI2X', isActive: true, gone: null },
      }),
      'table',
    );
    expect(plan).toEqual({
      query: { customerKey: 'p-1' },
      filter: ['bic:LJBASI2X', 'isActive:true'],
      inBrowser: { gone: null },
    });
  });

  it('sends a list of values to a table as the filter repeated (any of)', () => {
    const plan = serverFilterPlan(
      refs({ table: 'documentType', serverFilters: { einvoiceTypeCode: ['380', 381] } }),
      'table',
    );
    expect(plan).toEqual({
      query: {},
      filter: ['einvoiceTypeCode:380', 'einvoiceTypeCode:381'],
      inBrowser: undefined,
    });
  });

  it('sends every single value to another call, as text; lists and null stay here', () => {
    const plan = serverFilterPlan(
      refs({
        api: '/api/banks',
        serverFilters: { country: 'SI', active: true, size: 3, type: ['a', 'b'], gone: null },
      }),
      'api',
    );
    expect(plan).toEqual({
      query: { country: 'SI', active: 'true', size: '3' },
      filter: [],
      inBrowser: { type: ['a', 'b'], gone: null },
    });
  });

  it('filters fixed items here', () => {
    const plan = serverFilterPlan(refs({ items: [], serverFilters: { kind: 'x' } }), 'fixed');
    expect(plan).toEqual({ query: {}, filter: [], inBrowser: { kind: 'x' } });
  });

  it('has nothing to do without serverFilters', () => {
    expect(serverFilterPlan(refs({ table: 'country' }), 'table')).toEqual({
      query: {},
      filter: [],
      inBrowser: undefined,
    });
  });
});

describe('shownItems filters', () => {
  const items = [
    { code: 'A', kind: 'x', group: 1 },
    { code: 'B', kind: 'y', group: 1 },
    { code: 'C', kind: 'x', group: 2 },
    { code: 'D', kind: 'x', group: 1, isActive: false },
  ];
  const codes = (list: Record<string, unknown>[]) => list.map((item) => item.code);

  it('applies hard filters always, and browser and soft filters only when given', () => {
    const references = refs({ items, hardFilters: { group: 1 }, softFilters: { kind: 'x' } });
    expect(codes(shownItems(items, references))).toEqual(['A', 'B']);
    expect(codes(shownItems(items, references, { softFilters: { kind: 'x' } }))).toEqual(['A']);
    expect(codes(shownItems(items, references, { browserFilters: { kind: 'y' } }))).toEqual(['B']);
  });

  it('reads a list as any of its values and matches 5 and "5" alike', () => {
    const references = refs({ items });
    expect(codes(shownItems(items, references, { browserFilters: { group: ['2'] } }))).toEqual([
      'C',
    ]);
  });
});
