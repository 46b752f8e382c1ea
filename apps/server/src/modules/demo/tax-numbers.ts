/**
 * The n-th demo Slovenian tax number: 8 digits, the first not 0, with a valid mod 11 check
 * digit (weights 8..2; K = 11 − (S mod 11), 10 → 0, 11 never issued; ../shared/domain). The
 * demo company register, the demo organisations and the tests draw from the same sequence.
 */
export function demoTaxNumber(n: number): string {
  for (let base = 1_000_000 + n * 7919; ; base++) {
    const digits = String(base).padStart(7, '0').split('').map(Number);
    const sum = digits.reduce((total, digit, i) => total + digit * (8 - i), 0);
    const check = 11 - (sum % 11);
    if (check === 11 || digits[0] === 0) continue;
    return `${digits.join('')}${check === 10 ? 0 : check}`;
  }
}
