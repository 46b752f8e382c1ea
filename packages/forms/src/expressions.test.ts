import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  compileExpression,
  evaluateCondition,
  evaluateExpression,
  ExpressionError,
  MAX_EXPRESSION_LENGTH,
} from './expressions';

// The package is typed without DOM or Node libraries (see expressions.ts).
const { console } = globalThis as unknown as { console: { error: (...data: unknown[]) => void } };
let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  consoleError.mockRestore();
});

function failureOf(expression: string, model: object = {}): ExpressionError {
  try {
    evaluateExpression(expression, model);
  } catch (error) {
    if (error instanceof ExpressionError) return error;
    throw error;
  }
  throw new Error(`expected ${expression} to fail`);
}

describe('evaluateExpression (spec §3 condition, expr, storedExpr)', () => {
  it('evaluates the spec example over a model', () => {
    const expression = 'amount > 100 && paymentType == "SEPA_SI"';
    expect(evaluateExpression(expression, { amount: 150, paymentType: 'SEPA_SI' })).toBe(true);
    expect(evaluateExpression(expression, { amount: 50, paymentType: 'SEPA_SI' })).toBe(false);
    expect(evaluateExpression(expression, { amount: 150, paymentType: 'SEPA' })).toBe(false);
  });

  it('computes values, reads nested fields and treats missing ones as undefined', () => {
    expect(evaluateExpression('quantity * price', { quantity: 3, price: 2.5 })).toBe(7.5);
    expect(evaluateExpression('recipientBank.BIC', { recipientBank: { BIC: 'LJBASI2X' } })).toBe(
      'LJBASI2X',
    );
    expect(evaluateExpression('missing.deeper', {})).toBeUndefined();
    expect(evaluateExpression('name + " (" + code + ")"', { name: 'Euro', code: 'EUR' })).toBe(
      'Euro (EUR)',
    );
  });

  it('allows ordinary field names such as name and length, and string length', () => {
    expect(evaluateExpression('name == "x" && length == 2', { name: 'x', length: 2 })).toBe(true);
    expect(evaluateExpression('code.length', { code: 'SI56' })).toBe(4);
  });

  it('filters arrays and indexes them by literal and computed keys', () => {
    const model = {
      rows: [
        { isDefault: false, code: 'A' },
        { isDefault: true, code: 'B' },
      ],
    };
    expect(evaluateExpression('rows[.isDefault == true][0].code', model)).toBe('B');
    expect(evaluateExpression('rows[1].code', model)).toBe('B');
    expect(evaluateExpression('rows[index].code', { ...model, index: 0 })).toBe('A');
    expect(evaluateExpression('totals["net"]', { totals: { net: 10 } })).toBe(10);
  });

  it('refuses prototype access however it is written', () => {
    const attacks = [
      'constructor.constructor("return process")()',
      'a.constructor',
      'a.__proto__',
      'a["constructor"]',
      'a["__proto__"]',
      'a["con" + "structor"]',
      'a[key]',
      '"text"["constructor"]',
      '"text"["con" + "structor"]',
      'a.prototype',
      'a["prototype"]',
      'toString',
      'a.hasOwnProperty',
      '{"__proto__": 1}',
    ];
    for (const attack of attacks) {
      expect(() => evaluateExpression(attack, { a: {}, key: 'constructor' }), attack).toThrow(
        ExpressionError,
      );
    }
    expect(failureOf('a[key]', { a: {}, key: '__proto__' }).message).toBe(
      'access to "__proto__" is not allowed in expression: a[key]',
    );
  });

  it('never lets a function out as a value', () => {
    expect(() => evaluateExpression('a["toLocaleString"]', { a: {} })).toThrow(ExpressionError);
  });

  it('logs a failure with its expression and rethrows it as ExpressionError (spec §8)', () => {
    const failure = failureOf('amount >', { amount: 1 });
    expect(failure).toBeInstanceOf(ExpressionError);
    expect(failure.name).toBe('ExpressionError');
    expect(failure.expression).toBe('amount >');
    expect(failure.message).toBe('Unexpected end of expression: amount >');
    expect(consoleError).toHaveBeenCalledWith(
      'Expression evaluation failed:',
      'amount >',
      failure.message,
    );
  });

  it('fails on an empty or overlong expression and on an unknown transform', () => {
    expect(failureOf('  ').message).toBe('empty expression in expression:   ');
    expect(() => evaluateExpression('1+'.repeat(MAX_EXPRESSION_LENGTH) + '1')).toThrow(
      'longer than 2000 characters',
    );
    expect(() => evaluateExpression('name|upper', { name: 'a' })).toThrow(
      'Transform upper is not defined.',
    );
  });

  it('wraps a runtime error such as indexing undefined', () => {
    expect(failureOf('a[0]', {}).message).toContain('in expression: a[0]');
  });

  it('compiles once per expression text and checks syntax without a model', () => {
    expect(() => {
      compileExpression('amount > 1');
    }).not.toThrow();
    expect(() => {
      compileExpression('amount >');
    }).toThrow(ExpressionError);
  });

  it('never crashes on arbitrary text: a value or an ExpressionError', () => {
    const model = { amount: 100, paymentType: 'SEPA_SI', rows: [{ code: 'A' }], a: {} };
    const tokens = fc.constantFrom(
      'amount',
      'rows',
      'a',
      '.',
      '[',
      ']',
      '(',
      ')',
      '"',
      '+',
      '==',
      '&&',
      '|',
      '?',
      ':',
      'constructor',
      '__proto__',
      'prototype',
      '{',
      '}',
      ',',
      '1',
      '"x"',
      ' ',
      '!',
      'in',
    );
    const text = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.array(tokens, { maxLength: 12 }).map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(text, (expression) => {
        try {
          const result = evaluateExpression(expression, model);
          expect(typeof result).not.toBe('function');
        } catch (error) {
          expect(error).toBeInstanceOf(ExpressionError);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('evaluateCondition', () => {
  it('holds when absent or empty, else follows the truthiness of the result', () => {
    expect(evaluateCondition(undefined, {})).toBe(true);
    expect(evaluateCondition('', {})).toBe(true);
    expect(evaluateCondition('amount', { amount: 0 })).toBe(false);
    expect(evaluateCondition('amount', { amount: 5 })).toBe(true);
    expect(evaluateCondition('missing', {})).toBe(false);
  });
});
