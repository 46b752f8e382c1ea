/**
 * Schema validation (spec §5), the same on the server and in the browser.
 *
 * Per field the rules run in the spec's order and stop at the first that fails, so a field
 * carries at most one message, the one a form shows under it; maxLength is checked last.
 * min, max, range and regex judge only a value that is there: an empty field is the business
 * of required and requiredIf. Hidden fields (visible false) are not validated: a field the
 * user cannot see cannot block a save. After regex runs the field's domain check (check:
 * 'iban', 'paymentReference' …), on a value that is there, like regex.
 */
import { toIsoDate } from './date';
import { compareDecimal, toDecimalString } from './decimal-math';
import { DOMAIN_WARNING_FUNCTIONS, runDomainCheck, type DomainWarning } from './domain-checks';
import { evaluateCondition } from './expressions';
import { getValue, isFieldVisible, type Model } from './fields';
import type { Message } from './messages';
import type { Bound, Field, Schema, ValidationRule } from './schema';

/** A failed rule: translation key, its {0} {1} parameters, and the field's path. */
export interface ValidationIssue extends Message {
  /** Field name, or a path into grid rows: 'bankAccounts.2.code' (row index in the array). */
  field: string;
}

/** spec §5 order, then the domain check. */
export const VALIDATION_RULE_ORDER = [
  'sameAs',
  'min',
  'max',
  'range',
  'required',
  'requiredIf',
  'regex',
  'check',
] as const;
export type ValidationRuleName = (typeof VALIDATION_RULE_ORDER)[number];

export interface ValidationOptions {
  /** Today as yyyy-mm-dd, for checks such as notPast; default the local date. */
  today?: string;
  /** Prepended to field paths ('orders.2.'). */
  prefix?: string;
}

type RuleCheck = (
  value: unknown,
  rule: ValidationRule,
  model: Model,
  today: string,
) => Message | undefined;

/** Empty: undefined, null, a blank string or an empty array. false and 0 are values. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  return Array.isArray(value) && value.length === 0;
}

/**
 * Orders a value against a bound: exactly as decimals when both are numbers or decimal
 * strings, else as strings (ISO dates and times sort correctly). undefined when they cannot
 * be compared (a boolean, an object, a number against a date), and then the rule is skipped.
 */
export function compareToBound(value: unknown, bound: Bound): number | undefined {
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  const decimal = toDecimalString(value);
  const decimalBound = toDecimalString(bound);
  if (decimal !== undefined && decimalBound !== undefined) {
    return compareDecimal(decimal, decimalBound);
  }
  if (typeof value !== 'string' || typeof bound !== 'string') return undefined;
  return value < bound ? -1 : value > bound ? 1 : 0;
}

// sameAs: two empty values are the same; otherwise compared as text ('5' equals 5).
function comparable(value: unknown): string {
  if (isEmptyValue(value)) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return String(value);
  }
  return JSON.stringify(value) ?? '';
}

const patterns = new Map<string, RegExp>();

function patternOf(pattern: string, flags = ''): RegExp {
  const key = `${flags}/${pattern}`;
  let regex = patterns.get(key);
  if (!regex) {
    regex = new RegExp(pattern, flags);
    patterns.set(key, regex);
  }
  return regex;
}

const isBelow = (value: unknown, bound: Bound): boolean => (compareToBound(value, bound) ?? 0) < 0;
const isAbove = (value: unknown, bound: Bound): boolean => (compareToBound(value, bound) ?? 0) > 0;
const REQUIRED: Message = { code: 'validation.required', parameters: [] };

// spec §5: one check per rule, keyed by the rule's name.
const CHECKS: Record<ValidationRuleName, RuleCheck> = {
  sameAs: (value, { sameAs = '' }, model) =>
    comparable(value) === comparable(getValue(model, sameAs))
      ? undefined
      : { code: 'validation.sameAs', parameters: [sameAs] },
  min: (value, { min }) =>
    min !== undefined && !isEmptyValue(value) && isBelow(value, min)
      ? { code: 'validation.min', parameters: [min] }
      : undefined,
  max: (value, { max }) =>
    max !== undefined && !isEmptyValue(value) && isAbove(value, max)
      ? { code: 'validation.max', parameters: [max] }
      : undefined,
  range: (value, { range }) =>
    range && !isEmptyValue(value) && (isBelow(value, range[0]) || isAbove(value, range[1]))
      ? { code: 'validation.range', parameters: [...range] }
      : undefined,
  required: (value, { required }) => (required && isEmptyValue(value) ? REQUIRED : undefined),
  requiredIf: (value, { requiredIf }, model) =>
    requiredIf !== undefined && isEmptyValue(value) && evaluateCondition(requiredIf, model)
      ? REQUIRED
      : undefined,
  regex: (value, { regex }) => {
    if (!regex || isEmptyValue(value)) return undefined;
    if (typeof value !== 'string' && typeof value !== 'number') return undefined;
    return patternOf(regex.pattern, regex.flags).test(String(value))
      ? undefined
      : { code: regex.message, parameters: [] };
  },
  check: (value, { check }, model, today) =>
    check === undefined || isEmptyValue(value)
      ? undefined
      : runDomainCheck(check, value, model, today),
};

function checkMaxLength(field: Field, value: unknown): Message | undefined {
  if (field.maxLength === undefined || typeof value !== 'string') return undefined;
  // Characters as PostgreSQL counts them (code points), not UTF-16 units.
  return [...value].length > field.maxLength
    ? { code: 'validation.tooLong', parameters: [field.maxLength] }
    : undefined;
}

function firstFailure(
  field: Field,
  value: unknown,
  model: Model,
  today: string,
): Message | undefined {
  const rule = field.validation;
  if (rule) {
    for (const name of VALIDATION_RULE_ORDER) {
      if (rule[name] === undefined) continue;
      const failure = CHECKS[name](value, rule, model, today);
      if (failure) return failure;
    }
  }
  return checkMaxLength(field, value);
}

const todayOf = (options: ValidationOptions): string => options.today ?? toIsoDate(new Date());

/**
 * The field's first failing rule (spec §5 order, the domain check, then maxLength), as zero or
 * one issue. `value` defaults to the field's value in the model.
 */
export function validateField(
  field: Field,
  model: Model,
  path: string = field.name,
  value: unknown = getValue(model, field.name),
  options: ValidationOptions = {},
): ValidationIssue[] {
  const failure = firstFailure(field, value, model, todayOf(options));
  return failure ? [{ ...failure, field: path }] : [];
}

function isMarkedForDelete(row: unknown): boolean {
  return typeof row === 'object' && row !== null && (row as Model).markForDelete === true;
}

function validateGrid(
  field: Field,
  rowSchema: Schema,
  model: Model,
  path: string,
  today: string,
): ValidationIssue[] {
  // spec §3: a schema's condition decides whether it applies; here, over the parent model.
  if (!evaluateCondition(rowSchema.condition, model)) return [];
  const value = getValue(model, field.name);
  const rows: unknown[] = Array.isArray(value) ? value : [];
  // spec §4: rows marked for delete are removed on save, so they are neither checked nor counted.
  const liveRows = rows.filter((row) => !isMarkedForDelete(row));
  const own = validateField(field, model, path, liveRows, { today });
  if (own.length === 0 && rowSchema.allowEmptyArray === false && liveRows.length === 0) {
    own.push({ ...REQUIRED, field: path });
  }
  const rowIssues = rows.flatMap((row, index) =>
    isMarkedForDelete(row) || typeof row !== 'object' || row === null || Array.isArray(row)
      ? []
      : validateModel(rowSchema, row as Model, { today, prefix: `${path}.${index}.` }),
  );
  return [...own, ...rowIssues];
}

/**
 * Every issue of a model against its schema: each visible field, then each grid row that is not
 * marked for delete (validated against the grid's schema, with the row as its model).
 */
export function validateModel(
  schema: Schema,
  model: Model,
  options: ValidationOptions = {},
): ValidationIssue[] {
  const today = todayOf(options);
  const prefix = options.prefix ?? '';
  return schema.fields.flatMap((field) => {
    if (!isFieldVisible(field, model)) return [];
    const path = `${prefix}${field.name}`;
    return field.schema
      ? validateGrid(field, field.schema, model, path, today)
      : validateField(field, model, path, undefined, { today });
  });
}

/** A domain check's warning about a field: the message, the field's path, a value to offer. */
export interface ValidationWarning extends DomainWarning {
  field: string;
}

/**
 * Warnings of the domain checks about a model (a character a bank's file cannot carry):
 * each visible, non-empty top-level field whose check warns, with the value it suggests.
 * They do not stop a save in the form; the server asks for ignoreWarnings.
 */
export function validateModelWarnings(schema: Schema, model: Model): ValidationWarning[] {
  return schema.fields.flatMap((field) => {
    const check = field.validation?.check;
    const warn = check === undefined ? undefined : DOMAIN_WARNING_FUNCTIONS[check];
    if (!warn || field.schema || !isFieldVisible(field, model)) return [];
    const value = getValue(model, field.name);
    if (isEmptyValue(value)) return [];
    const warning = warn(value, model);
    return warning ? [{ ...warning, field: field.name }] : [];
  });
}
