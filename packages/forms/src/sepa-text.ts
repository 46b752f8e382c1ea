/**
 * The characters a SEPA payment file may carry (../shared/domain/PAYMENTS-AND-EINVOICES.md
 * §1.4): the EPC basic Latin set, a-z A-Z 0-9 / - ? : ( ) . , ' + and space, plus the
 * Slovenian letters, which Slovenian banks accept in names and purpose texts. Files for
 * cross-border payments transliterate them first.
 */

/** The EPC basic Latin set (EPC217-08). */
const EPC_CHARACTER = /^[A-Za-z0-9/\-?:().,'+ ]$/;
/** The letters Slovenian banks accept besides the EPC set. */
export const SLOVENIAN_LETTERS = 'čćđšžČĆĐŠŽ';

const TRANSLITERATION: Readonly<Record<string, string>> = {
  č: 'c',
  ć: 'c',
  đ: 'd',
  š: 's',
  ž: 'z',
  Č: 'C',
  Ć: 'C',
  Đ: 'D',
  Š: 'S',
  Ž: 'Z',
};

export interface SepaTextOptions {
  /** Accept č ć đ š ž (default): Slovenian banks do; a cross-border file does not. */
  slovenianLetters?: boolean;
}

export function isSepaCharacter(character: string, options: SepaTextOptions = {}): boolean {
  const { slovenianLetters = true } = options;
  if (EPC_CHARACTER.test(character)) return true;
  return slovenianLetters && character.length === 1 && SLOVENIAN_LETTERS.includes(character);
}

/** The first character a SEPA file cannot carry (a whole code point), or undefined. */
export function checkSepaText(text: string, options: SepaTextOptions = {}): string | undefined {
  return [...text].find((character) => !isSepaCharacter(character, options));
}

/** č→c, ć→c, đ→d, š→s, ž→z and their capitals; every other character stays. */
export function transliterate(text: string): string {
  return text.replace(/[čćđšžČĆĐŠŽ]/g, (letter) => TRANSLITERATION[letter] ?? letter);
}

/**
 * Characters outside the EPC set written as EPC text the way a bank's conversion would, before
 * the accents are dropped: German umlauts and ß spelt out (Müller → Mueller), letters
 * without a decomposition (Ø, Æ, Ł, Þ) by their usual Latin spelling, € as EUR, & as +
 * (EPC217-08), typographic quotes and dashes as ' and -.
 */
const SEPA_SPELLING: Readonly<Record<string, string>> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  Ä: 'Ae',
  Ö: 'Oe',
  Ü: 'Ue',
  ß: 'ss',
  ẞ: 'SS',
  Ø: 'O',
  ø: 'o',
  Æ: 'AE',
  æ: 'ae',
  Œ: 'OE',
  œ: 'oe',
  Ł: 'L',
  ł: 'l',
  Þ: 'Th',
  þ: 'th',
  Ð: 'D',
  ð: 'd',
  ı: 'i',
  Ħ: 'H',
  ħ: 'h',
  '€': 'EUR',
  '&': '+',
  '@': '(at)',
  '"': "'",
  '‘': "'",
  '’': "'",
  '‚': "'",
  '`': "'",
  '´': "'",
  '“': "'",
  '”': "'",
  '„': "'",
  '«': "'",
  '»': "'",
  '‹': "'",
  '›': "'",
  '–': '-',
  '—': '-',
  '‐': '-',
  _: '-',
  ';': ',',
  '[': '(',
  ']': ')',
  '{': '(',
  '}': ')',
  '\\': '/',
};

const COMBINING_MARKS = /[\u0300-\u036f]/g;

/** One character as EPC text: spelt out, else without its accents, else '.'. */
function sepaSpelling(character: string, options: SepaTextOptions): string {
  if (isSepaCharacter(character, options)) return character;
  if (/^\s$/u.test(character)) return ' ';
  const spelt = SEPA_SPELLING[character];
  if (spelt !== undefined) return spelt;
  const bare = character.normalize('NFD').replace(COMBINING_MARKS, '');
  if (bare !== '' && [...bare].every((c) => isSepaCharacter(c, options))) return bare;
  const slovenian = transliterate(character);
  return isSepaCharacter(slovenian, options) ? slovenian : '.';
}

/**
 * The text with every character a SEPA file cannot carry replaced (Müller & Ørsted €
 * → Mueller + Orsted EUR); č ć đ š ž kept unless slovenianLetters is false. What a payment
 * order's warning offers, and what pain.001 writes, so a file never carries such a character.
 */
export function toSepaText(text: string, options: SepaTextOptions = {}): string {
  if (checkSepaText(text, options) === undefined) return text;
  return [...text].map((character) => sepaSpelling(character, options)).join('');
}

export const SEPA_IDENTIFIER_PROBLEMS = ['empty', 'tooLong', 'character', 'slash'] as const;
export type SepaIdentifierProblem = (typeof SEPA_IDENTIFIER_PROBLEMS)[number];

/** pain.001 Max35Text identifiers: MsgId, PmtInfId, InstrId, EndToEndId. */
export const SEPA_IDENTIFIER_MAX_LENGTH = 35;

/**
 * An identifier (MsgId, PmtInfId, InstrId, EndToEndId): 1 to 35 characters of the EPC set
 * (no Slovenian letters: banks match these as they are), not starting or ending with '/'
 * and without '//' (EPC implementation guidelines).
 */
export function checkSepaIdentifier(id: string): SepaIdentifierProblem | undefined {
  if (id === '') return 'empty';
  if ([...id].length > SEPA_IDENTIFIER_MAX_LENGTH) return 'tooLong';
  if (checkSepaText(id, { slovenianLetters: false }) !== undefined) return 'character';
  if (id.startsWith('/') || id.endsWith('/') || id.includes('//')) return 'slash';
  return undefined;
}
