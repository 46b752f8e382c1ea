import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { evaluateExpression, ExpressionError, MAX_EXPRESSION_LENGTH } from './expressions';
import { fuzz } from './fuzz-settings';

/**
 * Hostile schema expressions (issue 9): deep nesting, huge literals, long texts and every
 * route to a prototype or a global are refused with an ExpressionError or evaluated to a
 * plain value; nothing reaches Object.prototype, functions or globals.
 */

// The package is typed without DOM or Node libraries; both runtimes have console.
const { console } = globalThis as unknown as { console: { error: (...data: unknown[]) => void } };

const model = { amount: 100, name: 'Šumi', rows: [{ code: 'A' }, { code: 'B' }], a: { b: {} } };

/** The value, or the error when it throws: either must be an ExpressionError. */
function outcome(expression: string): unknown {
  try {
    return evaluateExpression(expression, model);
  } catch (error) {
    expect(error).toBeInstanceOf(ExpressionError);
    return error;
  }
}

const isRefused = (expression: string) => outcome(expression) instanceof ExpressionError;

describe('hostile expressions', () => {
  beforeAll(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterAll(() => {
    vi.restoreAllMocks();
  });

  it('evaluates or refuses nesting as deep as the length limit allows', () => {
    const depth = (MAX_EXPRESSION_LENGTH - 1) / 2;
    expect(outcome(`${'('.repeat(depth)}1${')'.repeat(depth)}`)).toBe(1);
    expect(outcome(`${'!'.repeat(MAX_EXPRESSION_LENGTH - 1)}1`)).toBe(false);
    expect(outcome(`${'-'.repeat(MAX_EXPRESSION_LENGTH - 1)}1`)).toBe(-1);
    expect(Array.isArray(outcome(`${'['.repeat(depth)}${']'.repeat(depth)}`))).toBe(true);
    expect(outcome(Array.from({ length: 1000 }, () => '1').join('+'))).toBe(1000);
    expect(isRefused(`a${'[0]'.repeat(600)}`)).toBe(true);
    expect(isRefused(`${'('.repeat(depth + 1)}1${')'.repeat(depth + 1)}`)).toBe(true);
  });

  it('evaluates huge literals and long texts to plain values', () => {
    expect(outcome('9'.repeat(MAX_EXPRESSION_LENGTH))).toBe(Infinity);
    const text = 'x'.repeat(MAX_EXPRESSION_LENGTH - 2);
    expect(outcome(`"${text}"`)).toBe(text);
    expect(isRefused(`"${'x'.repeat(10 * MAX_EXPRESSION_LENGTH)}"`)).toBe(true);
    expect(isRefused('"unclosed')).toBe(true);
  });

  it('refuses every route to a prototype, however it is written', () => {
    for (const expression of [
      '__proto__',
      'constructor',
      'a.constructor',
      'a.__proto__',
      'a["__proto__"]',
      'a["con" + "structor"]',
      'rows[0]["constructor"]',
      'name.constructor',
      '"".constructor',
      '{}.constructor',
      '[].constructor',
      '{__proto__: 1}',
      '{constructor: 1}',
      'a.b.toString',
      'a["valueOf"]',
      'a[rows[0].code + "__proto__"[0]]',
      'rows[.constructor]',
      'a.prototype',
      'name|constructor',
      'constructor(1)',
    ]) {
      expect(isRefused(expression), expression).toBe(true);
    }
  });

  it('never reaches globals: their names are missing model fields', () => {
    for (const name of ['process', 'globalThis', 'this', 'require', 'window', 'Function', 'eval']) {
      expect(outcome(name), name).toBeUndefined();
    }
    expect(isRefused('eval("1")')).toBe(true);
    expect(isRefused('Function("return process")()')).toBe(true);
  });

  it('token soup: a plain value or an ExpressionError; Object.prototype stays untouched', () => {
    const token = fc.constantFrom(
      ...['amount', 'name', 'rows', 'a', 'b', 'code', '.', '[', ']', '(', ')', '{', '}', ':'],
      ...['?', ',', '+', '-', '*', '/', '//', '%', '^', '==', '!=', '<', '>=', '&&', '||', '!'],
      ...['in', '|', '"', "'", ' ', '1', '1e308', '0.5', '"x"', 'true', 'null', 'undefined'],
      ...['constructor', '__proto__', 'prototype', 'toString', 'hasOwnProperty', 'process'],
    );
    const expression = fc.oneof(
      fc.array(token, { maxLength: 40 }).map((parts) => parts.join('')),
      fc.string({ unit: 'binary', maxLength: 80 }),
      fc.string({ unit: 'binary', minLength: MAX_EXPRESSION_LENGTH - 10, maxLength: 2100 }),
    );
    const prototypeNames = Object.getOwnPropertyNames(Object.prototype).sort();
    fc.assert(
      fc.property(expression, (text) => {
        const result = outcome(text);
        expect(typeof result).not.toBe('function');
      }),
      fuzz(2000),
    );
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeNames);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.toString.call([])).toBe('[object Array]');
  });

  it('cannot write to the model or a prototype: assignment does not parse', () => {
    for (const expression of ['amount = 1', 'a.b = 1', '__proto__.polluted = 1', 'a["x"] = 1']) {
      expect(isRefused(expression), expression).toBe(true);
    }
    expect(model.amount).toBe(100);
    expect(model.a).toEqual({ b: {} });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
