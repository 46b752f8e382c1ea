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

/**
 * Which characters the texts about the parties of a payment may carry (names, addresses,
 * remittance information; docs/payments.md "Character set"): 'slovenian' keeps č ć đ š ž,
 * which Slovenian banks accept in domestic (SEPA_SI) payments; 'epc' is the EPC basic Latin
 * set that cross-border SEPA and non-SEPA payments are written in.
 */
export type PartyTextRule = 'slovenian' | 'epc';

/**
 * The rule for texts that concern all these payments (the initiating party's name for the
 * whole file, the debtor's for a PmtInf, a transaction's own texts for one): the Slovenian
 * letters only when every payment stays in Slovenia.
 */
export function partyTextRuleOf(
  orders: readonly { paymentType: 'SEPA_SI' | 'SEPA' | 'NONSEPA' }[],
): PartyTextRule {
  return orders.length > 0 && orders.every((order) => order.paymentType === 'SEPA_SI')
    ? 'slovenian'
    : 'epc';
}

/** A party text as the rule writes it: as it is, or with č ć đ š ž transliterated. */
export function partyText(rule: PartyTextRule, text: string): string {
  return rule === 'slovenian' ? text : transliterate(text);
}
