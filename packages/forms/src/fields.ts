/** Reading a model through its schema: values by path, visibility, read-only, stored expressions. */
import { evaluateCondition, evaluateExpression } from './expressions';
import type { Field, Flag, Schema } from './schema';

export type Model = Record<string, unknown>;

function isRecord(value: unknown): value is Model {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The value at a dot path ('recipientBank.BIC', 'bankAccounts.0.code'). Only own properties are
 * read, so a path can never reach a prototype; a missing step gives undefined.
 */
export function getValue(model: unknown, path: string): unknown {
  let current: unknown = model;
  for (const key of path.split('.')) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, key)) {
      return undefined;
    }
    current = (current as Model)[key];
  }
  return current;
}

/** A copy of the model with the value at a dot path replaced; objects on the way are copied. */
export function setValue(model: Model, path: string, value: unknown): Model {
  const [key = '', ...rest] = path.split('.');
  if (rest.length === 0) return { ...model, [key]: value };
  const child = Object.hasOwn(model, key) ? model[key] : undefined;
  return { ...model, [key]: setValue(isRecord(child) ? child : {}, rest.join('.'), value) };
}

function flagHolds(flag: Flag | undefined, model: Model, fallback: boolean): boolean {
  if (flag === undefined) return fallback;
  return typeof flag === 'boolean' ? flag : evaluateCondition(flag, model);
}

/** spec §5: fields show by their `visible` flag or condition expression (default shown). */
export function isFieldVisible(field: Field, model: Model): boolean {
  return flagHolds(field.visible, model, true);
}

/** spec §5: a read-only schema makes every field read-only; otherwise the field decides. */
export function isFieldReadonly(field: Field, model: Model, schema?: Schema): boolean {
  return flagHolds(schema?.readonly, model, false) || flagHolds(field.readonly, model, false);
}

function applyToRows(rows: unknown, schema: Schema): unknown {
  if (!Array.isArray(rows)) return rows;
  return rows.map((row: unknown) => (isRecord(row) ? applyStoredExpressions(schema, row) : row));
}

/**
 * A copy of the model with every storedExpr field set to its expression's value (spec §3),
 * grid rows included. Fields are computed in schema order, each seeing those before it, so a
 * total may build on a subtotal. The server runs it too, so a stored value cannot be forged.
 */
export function applyStoredExpressions(schema: Schema, model: Model): Model {
  let result = model;
  for (const field of schema.fields) {
    if (field.schema) {
      const rows = applyToRows(getValue(result, field.name), field.schema);
      if (rows !== undefined) result = setValue(result, field.name, rows);
    }
    if (field.storedExpr !== undefined) {
      result = setValue(result, field.name, evaluateExpression(field.storedExpr, result));
    }
  }
  return result;
}

/** The field with this name, or undefined. */
export function findField(schema: Schema, name: string): Field | undefined {
  return schema.fields.find((field) => field.name === name);
}
