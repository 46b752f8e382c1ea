import { describe, expect, it } from 'vitest';
import {
  allDocFilters,
  combineFilters,
  docFilterStrings,
  docFilterValuesOf,
  EMPTY_DOC_FILTER,
  parseDocFilter,
} from './doc-filters';

describe('document list filters as filter strings', () => {
  it('adds nothing for empty fields', () => {
    expect(docFilterStrings(EMPTY_DOC_FILTER)).toEqual([]);
  });

  it('writes equality for type and partner, and ranges with an open end left empty', () => {
    expect(
      docFilterStrings({
        documentTypeId: 3,
        customerKey: 'p-1',
        issueDateFrom: '2026-01-01',
        issueDateTo: null,
        totalAmountFrom: null,
        totalAmountTo: '250.50',
      }),
    ).toEqual([
      'documentTypeId:3',
      'customerKey:p-1',
      'issueDate:2026-01-01..',
      'totalAmount:..250.50',
    ]);
    expect(
      docFilterStrings({ ...EMPTY_DOC_FILTER, totalAmountFrom: '100.00', totalAmountTo: '-5' }),
    ).toEqual(['totalAmount:100.00..-5']);
  });

  it('reads saved filters back into the same values', () => {
    const values = {
      documentTypeId: 12,
      customerKey: '7f0c9a52-7c9e-4b7d-9a6e-3c7d1c0b2a11',
      issueDateFrom: '2026-01-01',
      issueDateTo: '2026-01-31',
      totalAmountFrom: '100.00',
      totalAmountTo: null,
    };
    expect(parseDocFilter(docFilterStrings(values))).toEqual({ values, others: [] });
  });

  it('reads a single value of a range field as a range of one', () => {
    expect(parseDocFilter(['issueDate:2026-03-01']).values).toMatchObject({
      issueDateFrom: '2026-03-01',
      issueDateTo: '2026-03-01',
    });
  });

  it('keeps what the bar has no field for: other fields, second values, bad values', () => {
    const saved = [
      'status:draft',
      'documentTypeId:4',
      'documentTypeId:5',
      'issueDate:2026-02-30..',
      'totalAmount:..',
      'totalAmount:1,5..',
      'nocolon',
    ];
    const parsed = parseDocFilter(saved);
    expect(parsed.values).toEqual({ ...EMPTY_DOC_FILTER, documentTypeId: 4 });
    expect(parsed.others).toEqual([
      'status:draft',
      'documentTypeId:5',
      'issueDate:2026-02-30..',
      'totalAmount:..',
      'totalAmount:1,5..',
      'nocolon',
    ]);
    expect(allDocFilters(parsed)).toEqual(['documentTypeId:4', ...parsed.others]);
  });

  it("reads the form's model, taking an id given as text and dropping what is not a value", () => {
    expect(
      docFilterValuesOf({
        documentTypeId: '7',
        customerKey: '',
        issueDateFrom: '2026-01-01',
        issueDateTo: '01.02.2026',
        totalAmountFrom: '12.50',
        totalAmountTo: 'abc',
      }),
    ).toEqual({
      ...EMPTY_DOC_FILTER,
      documentTypeId: 7,
      issueDateFrom: '2026-01-01',
      totalAmountFrom: '12.50',
    });
  });

  it("keeps the tile's filter and leaves out the user's on the fields the tile filters", () => {
    expect(
      combineFilters(['status:draft'], ['status:active', 'documentTypeId:3', 'issueDate:..']),
    ).toEqual(['status:draft', 'documentTypeId:3', 'issueDate:..']);
    expect(combineFilters([], ['customerKey:p-1'])).toEqual(['customerKey:p-1']);
  });
});
