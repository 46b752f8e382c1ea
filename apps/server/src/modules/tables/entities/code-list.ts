import { compactCode } from '@listina/forms';
import type { ColumnDef } from '../entity';

/**
 * Column shapes shared by the code lists: a unique code, a name in English and Slovenian
 * (name_en / name_sl, fields name and nameSl, both searched and sortable) and isActive
 * (inactive items are hidden in lookups: mode=cache and mode=dropdown).
 */

/** The code column: required, unique in its owner, searched, sorted and shown everywhere. */
export function codeColumn(options: {
  maxLength: number;
  /** A regex rule with its own message key (spec §5). */
  regex?: { pattern: string; message: string };
  /** Upper-case and strip spaces (ISO codes, BICs); free codes are only trimmed. */
  compact?: boolean;
}): ColumnDef {
  return {
    name: 'code',
    column: 'code',
    type: 'text',
    field: {
      maxLength: options.maxLength,
      validation: {
        required: true,
        ...(options.regex ? { regex: options.regex } : {}),
      },
    },
    search: true,
    sort: true,
    filter: true,
    list: true,
    lean: true,
    unique: true,
    ...(options.compact ? { normalise: compactCode } : {}),
  };
}

/** name (English, name_en) and nameSl (Slovenian, name_sl): both required and searched. */
export function localizedNameColumns(maxLength = 200): ColumnDef[] {
  return [
    {
      name: 'name',
      column: 'name_en',
      type: 'text',
      field: { maxLength, validation: { required: true } },
      search: true,
      sort: true,
      list: true,
      lean: true,
    },
    {
      name: 'nameSl',
      column: 'name_sl',
      type: 'text',
      field: { maxLength, validation: { required: true } },
      search: true,
      sort: true,
      list: true,
      lean: true,
    },
  ];
}

export const isActiveColumn: ColumnDef = {
  name: 'isActive',
  column: 'is_active',
  type: 'bool',
  field: { labelId: 'common.isActive' },
  filter: true,
  list: true,
};

/** Fixed select items (spec §3 references.items) of codes, each shown by its translation. */
export const labelledItems = (codes: readonly string[], prefix: string) =>
  codes.map((code) => ({ code, labelId: `${prefix}.${code}` }));

/** A text column holding one of a few fixed codes (charge bearer, reference type, ...). */
export function choiceColumn(
  name: string,
  column: string,
  choices: readonly string[],
  message: string,
  required = true,
): ColumnDef {
  return {
    name,
    column,
    type: 'text',
    field: {
      maxLength: Math.max(...choices.map((c) => c.length)),
      validation: {
        ...(required ? { required: true } : {}),
        regex: { pattern: `^(${choices.join('|')})$`, message },
      },
    },
    list: true,
    lean: true,
    normalise: compactCode,
  };
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** n written in base 26 with the letters A–Z, left-padded with A to `length` (wraps around). */
export function lettersOf(n: number, length: number): string {
  let rest = Math.abs(Math.trunc(n));
  let text = '';
  for (let i = 0; i < length; i++) {
    text = (LETTERS[rest % 26] ?? 'A') + text;
    rest = Math.floor(rest / 26);
  }
  return text;
}

/**
 * The n-th code of a finite code space that the reference data does not use, for sample():
 * every code of `all()` not in `taken`, in order, taken modulo their number. Distinct for
 * any run of consecutive n shorter than the free space (426 two-letter country codes,
 * 73 free SI models); the free codes are computed once, on first use.
 */
export function freeCodes(
  all: () => Iterable<string>,
  taken: () => Iterable<string>,
): (n: number) => string {
  let free: string[] | undefined;
  return (n) => {
    if (!free) {
      const used = new Set(taken());
      free = [...all()].filter((code) => !used.has(code));
    }
    return free[Math.abs(Math.trunc(n)) % free.length] ?? '';
  };
}

/** Every code of `length` capital letters, AA..ZZ style. */
export function* letterCodes(length: number): Generator<string> {
  for (let i = 0; i < 26 ** length; i++) yield lettersOf(i, length);
}
