/**
 * Slovenian alphabetical order as a key that sorts bytewise (ADR 0007). PostgreSQL compares
 * the engine's sort columns with collation "C", and PGlite has no Slovenian ICU collation, so
 * the engine writes the key itself: lower case, other accents dropped (Å sorts as A, é as e),
 * while č, ć, đ, š and ž stay letters of their own right after their base letter
 * (c < č < ć < d < đ < e, s < š < t, z < ž). Each of them becomes its base letter followed by
 * a character that sorts after every letter: '{' and '|' come right after 'z'.
 */

const OWN_LETTERS: Readonly<Record<string, string>> = {
  č: 'c{',
  ć: 'c|',
  đ: 'd{',
  š: 's{',
  ž: 'z{',
};

/** Letters that NFD does not split into a base letter and an accent. */
const BASE_LETTERS: Readonly<Record<string, string>> = {
  ø: 'o',
  ł: 'l',
  ð: 'd',
  ı: 'i',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  þ: 'th',
};

export function slovenianSortKey(text: string): string {
  return (
    text
      // Composed first, so that a č typed as c + caron is still one letter of its own.
      .normalize('NFC')
      .toLowerCase()
      .replace(/[čćđšž]/g, (letter) => OWN_LETTERS[letter] ?? letter)
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[øłðıæœßþ]/g, (letter) => BASE_LETTERS[letter] ?? letter)
  );
}
