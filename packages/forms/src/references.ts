/**
 * Payment references, checked and made the same way in the form, on the server and in the
 * capture of invoices (../shared/domain/PAYMENTS-AND-EINVOICES.md §2): a reference split into
 * the model and the reference the way the UPN form and a payment order hold them (spec:
 * recipientModel, recipientReference): the first four characters, 'SI12' or 'RF18', then the
 * rest, so that model + reference is the reference a pain.001 sends ('SI1212345678909',
 * 'RF18539007547034'). SI models are checked by the ZBS rules and their mod 11 check digits,
 * RF by ISO 11649 (mod 97-10).
 */

export interface SplitReference {
  /** SI00–SI99, RF and its two check digits, or NRC for a reference that is neither. */
  model: string;
  /** After the model: '12345678909', '539007547034'; NRC: the text as written. */
  reference: string;
}

export const REFERENCE_PROBLEMS = ['format', 'unknownModel', 'checkDigit'] as const;
export type ReferenceProblem = (typeof REFERENCE_PROBLEMS)[number];

/**
 * §2.2, the ZBS model table: P a numeric part, K the mod 11 check digit over the bracketed
 * parts, written as their last digit. SI99 has no reference. The server's code list
 * (apps/server/src/db/reference-data/reference-models.json) has the same structures; a test keeps them equal.
 */
export const SI_REFERENCE_MODELS: Readonly<Record<string, string>> = {
  SI00: 'P1-P2-P3',
  SI01: '(P1-P2-P3)K',
  SI02: 'P1-(P2)K-(P3)K',
  SI03: '(P1)K-(P2)K-(P3)K',
  SI04: '(P1)K-P2-(P3)K',
  SI05: '(P1)K-P2-P3',
  SI06: 'P1-(P2-P3)K',
  SI07: 'P1-(P2)K-P3',
  SI08: '(P1-P2)K-(P3)K',
  SI09: '(P1-P2)K-P3',
  SI10: '(P1)K-(P2-P3)K',
  SI11: '(P1)K-(P2)K-P3',
  SI12: '(P1)K',
  SI18: '(P1)K-(P2)K-P3',
  SI19: '(P1)K-(P2)K-P3',
  SI21: '(P1)K-(P2)K',
  SI28: '(P1)K-(P2)K-P3',
  SI31: '(P1)K-(P2)K',
  SI38: '(P1)K-(P2)K-P3',
  SI40: '(P1)K-(P2)K-P3',
  SI41: '(P1)K-(P2)K-P3',
  SI48: '(P1)K-(P2)K-P3',
  SI49: '(P1)K-(P2)K-P3',
  SI51: '(P1)K-(P2)K-P3',
  SI55: '(P1)K-P2-P3',
  SI58: '(P1)K-(P2)K-P3',
  SI99: '',
};

const STRUCTURED = /^(SI\d{2}|RF\d{2})(.*)$/;
const RF_BODY = /^[0-9A-Z]{1,21}$/;
/** Model 12: one part of up to 13 digits, the last the check digit. */
const SI12_DIGITS = /^\d{1,12}$/;

/** SI and RF references without spaces, upper case; anything else is NRC, as written. */
export function splitReference(text: string): SplitReference {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  const structured = STRUCTURED.exec(compact);
  if (structured) return { model: structured[1] ?? '', reference: structured[2] ?? '' };
  return { model: 'NRC', reference: text.trim() };
}

/**
 * A whole reference written or pasted into a reference field ('SI12 1234567890 9',
 * 'RF18 5390 0754 7034', 'SI99'): its model and reference, so that the model field takes the
 * model. undefined for anything else: free text, a reference without its model, a model
 * alone ('SI12', still being typed), or RF text whose check digits do not match (words
 * that happen to start with RF and two digits stay as written).
 */
export function splitWholeReference(text: string): SplitReference | undefined {
  const split = splitReference(text);
  if (split.model === 'NRC') return undefined;
  if (split.model === 'SI99') return split.reference === '' ? split : undefined;
  if (split.reference === '') return undefined;
  if (split.model.startsWith('SI')) return /^[0-9-]+$/.test(split.reference) ? split : undefined;
  return checkReference(split) === undefined ? split : undefined;
}

/**
 * A payment order's reference fields from a whole reference in its reference field (spec:
 * recipientReferenceType, recipientModel, recipientReference): SI with its model, RF as one
 * reference (an RF order has no model). undefined when the field holds no whole reference or
 * the order's reference is free text (NRC) by choice.
 */
export function orderReferenceOf(
  reference: unknown,
  referenceType: unknown,
): Record<string, string | null> | undefined {
  if (typeof reference !== 'string' || referenceType === 'NRC') return undefined;
  const split = splitWholeReference(reference);
  if (!split) return undefined;
  if (split.model.startsWith('RF')) {
    return {
      recipientReferenceType: 'RF',
      recipientModel: null,
      recipientReference: `${split.model}${split.reference}`,
    };
  }
  return {
    recipientReferenceType: 'SI',
    recipientModel: split.model,
    recipientReference: split.reference,
  };
}

/**
 * A document's reference fields (paymentReferenceModel, paymentReference) from a whole one:
 * SI with its model; RF as the model RF of the code list and the whole creditor reference.
 */
export function documentReferenceOf(reference: unknown): Record<string, string> | undefined {
  const split = typeof reference === 'string' ? splitWholeReference(reference) : undefined;
  if (!split) return undefined;
  return split.model.startsWith('RF')
    ? { paymentReferenceModel: 'RF', paymentReference: `${split.model}${split.reference}` }
    : { paymentReferenceModel: split.model, paymentReference: split.reference };
}

/** What is wrong with an SI or RF reference, or undefined when it is right (NRC always is). */
export function checkReference({ model, reference }: SplitReference): ReferenceProblem | undefined {
  if (model === 'NRC') return undefined;
  if (/^RF\d{2}$/.test(model)) {
    if (!RF_BODY.test(reference)) return 'format';
    return mod97(reference + model) === 1 ? undefined : 'checkDigit';
  }
  const structure = Object.hasOwn(SI_REFERENCE_MODELS, model)
    ? SI_REFERENCE_MODELS[model]
    : undefined;
  if (structure === undefined) return 'unknownModel';
  return checkSiReference(model, structure, reference);
}

/**
 * §2.1: digits and at most two hyphens, not first, last or doubled; at most 20 digits, 22
 * characters, and 12 digits a part (13 in model 12). SI99 has no reference at all.
 */
function checkSiReference(
  model: string,
  structure: string,
  reference: string,
): ReferenceProblem | undefined {
  if (model === 'SI99') return reference === '' ? undefined : 'format';
  const parts = reference.split('-');
  const maxPartDigits = model === 'SI12' ? 13 : 12;
  const isWellFormed =
    reference.length <= 22 &&
    parts.length <= 3 &&
    parts.every((part) => /^\d+$/.test(part) && part.length <= maxPartDigits) &&
    parts.join('').length <= 20;
  if (!isWellFormed) return 'format';
  return checkDigitsMatch(structure, parts);
}

/**
 * §2.2: '(P1-P2)K-(P3)K' has a check digit over P1 and P2 as the last digit of P2, and one
 * over P3 as its last digit; a part outside brackets has none. Parts under a check digit
 * must be there; a part after them may be left out.
 */
function checkDigitsMatch(structure: string, parts: string[]): ReferenceProblem | undefined {
  const partCount = structure.match(/P\d/g)?.length ?? 0;
  if (parts.length > partCount) return 'format';
  for (const [, group = ''] of structure.matchAll(/\(([^)]*)\)K/g)) {
    const indexes = [...group.matchAll(/P(\d)/g)].map(([, n]) => Number(n) - 1);
    if (indexes.some((index) => index >= parts.length)) return 'format';
    const digits = indexes.map((index) => parts[index]).join('');
    if (digits.length < 2) return 'format';
    if (siCheckDigit(digits.slice(0, -1)) !== Number(digits.slice(-1))) return 'checkDigit';
  }
  return undefined;
}

/** §2.3: weights 2, 3, 4, … from the rightmost digit; K = 11 − (S mod 11), 10 and 11 give 0. */
export function siCheckDigit(digits: string): number {
  const sum = [...digits].reverse().reduce((total, digit, i) => total + Number(digit) * (i + 2), 0);
  const check = 11 - (sum % 11);
  return check >= 10 ? 0 : check;
}

/**
 * The reference of model 12 for 1 to 12 digits: the digits and their check digit
 * ('1234567890' → '12345678909'), to go after the model SI12.
 */
export function si12Reference(digits: string): string {
  if (!SI12_DIGITS.test(digits)) {
    throw new RangeError(`an SI12 reference is made of 1 to 12 digits, not '${digits}'`);
  }
  return `${digits}${siCheckDigit(digits)}`;
}

/**
 * §2.4: the RF creditor reference of 1 to 21 letters and digits (spaces dropped, upper
 * case): 'RF', two check digits, 98 − (body + 'RF00' mod 97), then the body.
 */
export function rfReference(body: string): string {
  const compact = body.replace(/\s+/g, '').toUpperCase();
  if (!RF_BODY.test(compact)) {
    throw new RangeError(`an RF reference body is 1 to 21 letters and digits, not '${body}'`);
  }
  const check = 98 - mod97(`${compact}RF00`);
  return `RF${String(check).padStart(2, '0')}${compact}`;
}

/** ISO 7064 MOD 97-10 of letters and digits, letters counting A = 10 … Z = 35. */
function mod97(text: string): number {
  const digits = text.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (let i = 0; i < digits.length; i += 7) {
    remainder = Number(String(remainder) + digits.slice(i, i + 7)) % 97;
  }
  return remainder;
}
