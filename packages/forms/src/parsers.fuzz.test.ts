import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BIC_PROBLEMS,
  IBAN_PROBLEMS,
  checkBic,
  checkIban,
  compactCode,
  isValidSlovenianVatId,
} from './banking';
import { colourBrightness, contrastTextColour, normaliseColour, randomColour } from './colour';
import { isIsoDate, parseDate } from './date';
import { parseDecimal } from './decimal';
import { DOMAIN_CHECK_CODES, DOMAIN_CHECKS, runDomainCheck } from './domain-checks';
import { fuzz } from './fuzz-settings';
import {
  checkReference,
  REFERENCE_PROBLEMS,
  rfReference,
  si12Reference,
  splitReference,
} from './references';
import {
  checkSepaIdentifier,
  checkSepaText,
  SEPA_IDENTIFIER_PROBLEMS,
  transliterate,
} from './sepa-text';
import { parseTime } from './time';
import { describeTimeBetween, describeTimespan } from './timespan';

/**
 * Hostile input to every text parser of the forms package (issue 9): any text, any length,
 * any code point gives a result of the documented shape and never an exception. Each
 * property runs a bounded number of fixed-seed inputs (fuzz-settings.ts).
 */

// Any code point, lone surrogates included, and texts made of a parser's own characters,
// which reach deeper than random text does.
const anyText = (maxLength: number) => fc.string({ unit: 'binary', maxLength });
const textOf = (characters: string[], maxLength: number) =>
  fc.array(fc.constantFrom(...characters), { maxLength }).map((parts) => parts.join(''));
const digitsAndSeparators = textOf([...'0123456789.,- \t', '\u00a0'], 40);

describe('decimal, date and time parsers', () => {
  it('parseDecimal gives a canonical value or a flag, never an exception', () => {
    const bound = fc.option(fc.oneof(fc.double(), digitsAndSeparators), { nil: undefined });
    fc.assert(
      fc.property(
        fc.oneof(anyText(60), digitsAndSeparators),
        fc.integer({ min: 0, max: 6 }),
        fc.boolean(),
        bound,
        bound,
        (text, places, isInteger, min, max) => {
          const result = parseDecimal(text, { places, isInteger, min, max });
          const kept = isInteger ? 0 : places;
          const shape = kept === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+\\.\\d{${kept}}$`);
          if (result.value !== null) expect(result.value).toMatch(shape);
          if (result.invalid) expect(result.value).toBeNull();
        },
      ),
      fuzz(500),
    );
  });

  it('parseDecimal keeps every digit of a very long number', () => {
    const digits = '1234567890'.repeat(10_000);
    expect(parseDecimal(`-${digits},5`, { places: 1 }).value).toBe(`-${digits}.5`);
    expect(parseDecimal(`${'.'.repeat(50_000)}1`).invalid).toBe(true);
  });

  it('parseDate and parseTime give a real date or time, or null', () => {
    const dateText = textOf([...'0123456789./- '], 16);
    fc.assert(
      fc.property(fc.oneof(anyText(40), dateText), fc.boolean(), (text, isBirthDate) => {
        const date = parseDate(text, { today: '2026-11-24', isBirthDate });
        if (date.value !== null) expect(isIsoDate(date.value)).toBe(true);
        const time = parseTime(text);
        if (time.value !== null) expect(time.value).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
        expect(time.invalid && time.value !== null).toBe(false);
      }),
      fuzz(500),
    );
    expect(parseDate('1'.repeat(100_000)).invalid).toBe(true);
    expect(parseTime(`1${' '.repeat(100_000)}1`).invalid).toBe(true);
  });

  it('describeTimespan counts any number, NaN and infinities as a whole unit from 0', () => {
    fc.assert(
      fc.property(fc.double(), anyText(30), (milliseconds, instant) => {
        for (const span of [describeTimespan(milliseconds), describeTimeBetween(instant)]) {
          const [count] = span.parameters;
          expect(Number.isInteger(count) && count >= 0).toBe(true);
        }
      }),
      fuzz(300),
    );
  });

  it('colours: any value is a colour or the default, any random() a colour', () => {
    fc.assert(
      fc.property(fc.anything(), fc.double({ noNaN: true, min: 0, max: 1 }), (value, random) => {
        expect(normaliseColour(value)).toMatch(/^#[0-9A-F]{6}$/);
        const brightness = colourBrightness(value);
        expect(brightness >= 0 && brightness <= 255).toBe(true);
        expect(['#000000', '#FFFFFF']).toContain(contrastTextColour(value));
        expect(randomColour(() => random)).toMatch(/^#[0-9A-F]{6}$/);
      }),
      fuzz(300),
    );
  });
});

describe('references, IBAN, BIC and SEPA text', () => {
  const referenceText = fc.oneof(
    anyText(40),
    fc
      .tuple(fc.constantFrom('SI', 'RF', 'si', 'Rf', 'NRC'), textOf([...'0123456789-A '], 30))
      .map(([model, rest]) => model + rest),
  );

  it('checkReference names a known problem or none, for any text', () => {
    fc.assert(
      fc.property(referenceText, (text) => {
        const split = splitReference(text);
        expect(typeof split.model).toBe('string');
        const problem = checkReference(split);
        if (problem !== undefined) expect(REFERENCE_PROBLEMS).toContain(problem);
      }),
      fuzz(500),
    );
    expect(checkReference(splitReference(`SI12${'1'.repeat(100_000)}`))).toBe('format');
    expect(checkReference(splitReference(`RF18${'A'.repeat(100_000)}`))).toBe('format');
  });

  it('references made by si12Reference and rfReference check, other input is a RangeError', () => {
    fc.assert(
      fc.property(referenceText, (text) => {
        for (const [make, model] of [
          [si12Reference, 'SI12'],
          [rfReference, ''],
        ] as const) {
          let made: string;
          try {
            made = make(text);
          } catch (error) {
            expect(error).toBeInstanceOf(RangeError);
            continue;
          }
          expect(checkReference(splitReference(model + made))).toBeUndefined();
        }
      }),
      fuzz(500),
    );
  });

  it('checkIban, checkBic and the VAT ID check answer any text', () => {
    const codeText = textOf([...'0123456789ABCDEFGSIRZ '], 40);
    fc.assert(
      fc.property(fc.oneof(anyText(50), codeText), (text) => {
        const compact = compactCode(text) as string;
        expect([undefined, ...IBAN_PROBLEMS]).toContain(checkIban(text));
        expect([undefined, ...BIC_PROBLEMS]).toContain(checkBic(compact));
        expect(typeof isValidSlovenianVatId(text)).toBe('boolean');
      }),
      fuzz(500),
    );
    expect(checkIban(`SI56${'1'.repeat(100_000)}`)).toBe('format');
  });

  it('checkSepaText names a character of the text; identifiers a known problem', () => {
    fc.assert(
      fc.property(anyText(50), (text) => {
        const character = checkSepaText(text);
        if (character !== undefined) expect(text).toContain(character);
        expect([...transliterate(text)]).toHaveLength([...text].length);
        const problem = checkSepaIdentifier(text);
        if (problem !== undefined) expect(SEPA_IDENTIFIER_PROBLEMS).toContain(problem);
      }),
      fuzz(500),
    );
  });
});

describe('domain checks', () => {
  // Values of every type, and objects that throw on any access, as a hostile client sends.
  const trap = new Proxy(
    {},
    {
      get() {
        throw new Error('touched');
      },
    },
  );
  const value = fc.oneof(fc.anything(), referenceLike(), fc.constant(trap));
  const model = fc.record({
    recipientModel: value,
    recipientReferenceType: fc.oneof(fc.constantFrom('SI', 'RF', 'NRC', ''), value),
    paymentType: fc.oneof(fc.constantFrom('SEPA_SI', 'SEPA', 'BN'), value),
  });

  it('gives no message or one of its documented codes, for any value and model', () => {
    fc.assert(
      fc.property(fc.constantFrom(...DOMAIN_CHECKS), value, model, (name, input, fields) => {
        const message = runDomainCheck(name, input, fields, '2026-11-24');
        if (message !== undefined) expect(DOMAIN_CHECK_CODES).toContain(message.code);
      }),
      fuzz(1000),
    );
  });
});

function referenceLike() {
  return textOf([...'SIRF0123456789- ', '12', '00'], 24);
}
