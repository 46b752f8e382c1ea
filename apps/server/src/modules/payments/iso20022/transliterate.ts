/**
 * č ć đ š ž → c c d s z for payments that leave Slovenia (domain §1.4: default ON for
 * cross-border, OFF for SEPA_SI). Local on purpose: nothing here depends on packages/forms.
 */
const LATIN2_TO_ASCII: Readonly<Record<string, string>> = {
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

const SLOVENIAN_LETTERS = /[čćđšžČĆĐŠŽ]/g;

export function transliterate(text: string): string {
  return text.replace(SLOVENIAN_LETTERS, (letter) => LATIN2_TO_ASCII[letter] ?? letter);
}
