import { describe, expect, it } from 'vitest';
import { nextSort, sortParam, type SortKey } from './sort';

const click = (sort: SortKey[], field: string, shift = false) => nextSort(sort, field, shift);

describe('grid sort', () => {
  it('cycles one column asc, desc, off on plain clicks', () => {
    const asc = click([], 'code');
    const desc = click(asc, 'code');
    expect(sortParam(asc)).toBe('code asc');
    expect(sortParam(desc)).toBe('code desc');
    expect(sortParam(click(desc, 'code'))).toBeUndefined();
  });

  it('replaces the sort with a plain click on another column', () => {
    const two = click(click([], 'code'), 'name', true);
    expect(sortParam(click(two, 'rate'))).toBe('rate asc');
    expect(sortParam(click(two, 'name'))).toBe('name asc');
  });

  it('adds a column with shift and cycles it in place', () => {
    let sort = click([], 'code');
    sort = click(sort, 'name', true);
    expect(sortParam(sort)).toBe('code asc,name asc');
    sort = click(sort, 'code', true);
    expect(sortParam(sort)).toBe('code desc,name asc');
    sort = click(sort, 'code', true);
    expect(sortParam(sort)).toBe('name asc');
  });
});
