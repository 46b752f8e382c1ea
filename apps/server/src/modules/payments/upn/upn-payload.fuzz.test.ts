import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzz } from '../../../../test/fuzz';
import { readPaymentQr } from '../../capture/qr/payment-qr';
import { UPN_QR_CAPACITY, upnPayload, type UpnData } from './upn-payload';
import { UpnError } from './upn-error';

/**
 * Any payment text to the UPN QR writer (issue 9): the payload fits the symbol or the
 * writer refuses with a UpnError naming the field; what it writes, the QR reader reads back
 * without a format or control-sum problem.
 */

const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: fc.constantFrom(...'abcčšžČŠŽ -.,/0123456789'), maxLength: 50 }),
);

/** Mostly a right value, sometimes any text: each input goes wrong in a few fields at most. */
const field = (...right: string[]) =>
  fc.oneof({ arbitrary: fc.constantFrom(...right), weight: 6 }, { arbitrary: text, weight: 1 });

const data: fc.Arbitrary<UpnData> = fc.record({
  payerName: field('Janez Novak', ''),
  payerAddress: field('Slovenska 1', ''),
  payerTown: field('1000 Ljubljana', ''),
  amount: field('0.01', '123.45', '99999999.99', '1e5', '-1', ''),
  purposeCode: field('GDSV', 'SUPP', 'OTHR'),
  purpose: field('Račun 2026-001', 'Plačilo'),
  dueDate: field('2026-12-31', '2026-02-30'),
  recipientIban: field('SI56020170014356205', 'DE89370400440532013000'),
  recipientReference: field('SI1212345678909', 'RF18539007547034', 'SI99'),
  recipientName: field('Šumi d.o.o.', 'Dobavitelj d.o.o.'),
  recipientAddress: field('Ulica 2', ''),
  recipientTown: field('2000 Maribor', ''),
});

describe('UPN QR payload', () => {
  it('fits the symbol and reads back, or is refused naming the field', () => {
    let written = 0;
    fc.assert(
      fc.property(data, (payment) => {
        let payload: Uint8Array;
        try {
          payload = upnPayload(payment);
        } catch (error) {
          expect(error).toBeInstanceOf(UpnError);
          return;
        }
        expect(payload.length).toBeLessThanOrEqual(UPN_QR_CAPACITY);
        written++;
        const read = readPaymentQr(payload);
        expect(read?.kind).toBe('upnqr');
        const codes = read?.problems.map((problem) => problem.code) ?? [];
        expect(codes).not.toContain('capture.qr.format');
        expect(codes).not.toContain('capture.qr.controlSum');
      }),
      fuzz(1000),
    );
    // The inputs reach the writing, not only the refusals.
    expect(written).toBeGreaterThan(20);
  });
});
