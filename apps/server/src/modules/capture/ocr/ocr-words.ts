import { isValidSlovenianVatId } from '@listina/forms';
import type { OcrWord } from './ocr-engine';

/**
 * OCR's words as the text reader should see them: specks of dust read as punctuation left
 * out, and the confusions that hide an invoice's labels and codes undone. Only where a
 * misreading is the one sensible reading: the values are checked afterwards all the same (IBAN
 * and VAT ID check digits), so a wrong guess is not taken.
 */

export interface ReadWord {
  word: OcrWord;
  /** The word as the text reader gets it. */
  text: string;
}

/** A lone mark Tesseract is unsure of is a speck; '€', '%' and '#' it is sure of are kept. */
const SPECK_BELOW = 80;

/** Labels before which a group of four is the start of an IBAN or an SI/RF reference. */
const CODE_LABEL = /^(?:IBAN|TRR|Referenca|Reference|Sklic|Ref\.?):?$/i;

/** Label words whose č or š OCR drops: without them the label is not found. */
const LABEL_WORDS: readonly [RegExp, string][] = [
  [/^([Pp])lac(il[oa]:?)$/, '$1lač$2'],
  [/^([Rr])acun(a:?)$/, '$1ačun$2'],
  [/^st\.$/, 'št.'],
  [/^Stevilka$/, 'Številka'],
];

/** A group of an IBAN printed in fours (SI56 0201 …), and one with a speck after it. */
const IBAN_START = /^[A-Z]{2}\d{2}$/;
const GROUP = /^[A-Z0-9]{4}$/;
const SPECKED_GROUP = /^([A-Z0-9]{4})[.,:;]$/;

export function readableWords(line: readonly OcrWord[]): ReadWord[] {
  const words: ReadWord[] = [];
  /** Whether the words since an IBAN's label are its groups so far. */
  let isInIban = false;
  for (const [i, word] of line.entries()) {
    const isMark = !/[\p{L}\p{N}€%#]/u.test(word.text);
    const before = words[words.length - 1]?.text ?? '';
    // Between a label's colon and its value a mark is a leader or the gap read as a dash
    // ("Številka računa: — 2600001433"), however sure Tesseract is of it.
    if (isMark && (word.confidence < SPECK_BELOW || before.endsWith(':'))) continue;
    let text = fixWord(word.text, CODE_LABEL.test(before));
    // A speck read after a group inside an IBAN (SI56 0700 0908. 1726) splits it: the
    // check digits decide afterwards whether the groups were read right.
    const specked = SPECKED_GROUP.exec(text);
    if (isInIban && specked && /^[A-Z0-9]{1,4}$/.test(line[i + 1]?.text ?? ''))
      text = specked[1] ?? text;
    isInIban = CODE_LABEL.test(before) ? IBAN_START.test(text) : isInIban && GROUP.test(text);
    words.push({ word, text });
  }
  return words;
}

function fixWord(text: string, isAfterCodeLabel: boolean): string {
  for (const [pattern, replacement] of LABEL_WORDS) {
    if (pattern.test(text)) return text.replace(pattern, replacement);
  }
  // A Slovenian VAT ID has 8 digits: SI and one more is its I read twice (SI1, S11, 511 …).
  const vatId = /^[S5$][1lIi|$]{1,2}(\d{8})[.,;]?$/.exec(text);
  if (vatId && isValidSlovenianVatId(`SI${vatId[1] ?? ''}`)) return `SI${vatId[1] ?? ''}`;
  // The SI of an IBAN, VAT ID or reference read as S1, Sl, Si, S| (and SIl before digits).
  const prefixed = text.replace(/^([(:]?)S[1lIi|][l|I]?(?=\d{2})/, '$1SI');
  if (!isAfterCodeLabel) return prefixed;
  // After its label, a group of four starting 5 is SI too (S read as 5), and a model is
  // followed by no stop.
  return prefixed.replace(/^5[1lIi|](?=\d{2}$)/, 'SI').replace(/^((?:SI|RF)\d{2})[.,:]$/, '$1');
}
