/**
 * Labels as invoices print them, and as they print them without č, ć, š, ž and đ: a
 * supplier's system that knows only ASCII writes "Stevilka racuna", "Znesek za placilo" and
 * "Rok placila", and OCR drops the háček now and then (issue 21). A label pattern written
 * with the letters matches both forms; written without them, only the plain one.
 */

const PLAIN_OR_MARKED: Readonly<Record<string, string>> = {
  č: '[čc]',
  ć: '[ćc]',
  š: '[šs]',
  ž: '[žz]',
  đ: '(?:đ|dj|d)',
  Č: '[ČC]',
  Ć: '[ĆC]',
  Š: '[ŠS]',
  Ž: '[ŽZ]',
  Đ: '(?:Đ|DJ|Dj|D)',
};

/**
 * A regular expression source of labels in which each letter with a háček or an accent also
 * matches its plain letter. Only for label alternations: the letters must not stand inside a
 * character class of the pattern.
 */
export function labelPattern(labels: string): string {
  return labels.replace(/[čćšžđČĆŠŽĐ]/g, (letter) => PLAIN_OR_MARKED[letter] ?? letter);
}

/** A RegExp of label alternations that reads them with or without their marks. */
export const labelRegExp = (labels: string, flags: string): RegExp =>
  new RegExp(labelPattern(labels), flags);
