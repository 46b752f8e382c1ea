import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzz } from '../../../../test/fuzz';
import { readPaymentQr, type PaymentQr } from './payment-qr';

/**
 * Hostile QR payloads (issue 9): any bytes after the UPN QR or EPC QR leader, fields of any
 * text and count, payloads far beyond a QR code's capacity give a payment with problems
 * named by catalogue codes (capture.*, validation.*), or nothing, never an exception.
 */

function expectPayment(read: PaymentQr | undefined): void {
  if (read === undefined) return;
  expect(['upnqr', 'epc']).toContain(read.kind);
  for (const value of Object.values(read.values)) expect(typeof value).toBe('string');
  for (const problem of read.problems)
    expect(problem.code).toMatch(/^(capture|validation)\.[a-zA-Z.]+$/);
}

const field = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.stringMatching(/^\d{1,12}$/),
  fc.constantFrom('SI56020170014356205', 'SI12 1234567890', 'RF18539007547034', '01.02.2026'),
  fc.constantFrom('00000001000', 'EUR12.50', 'SCT', 'INST', '001', '002', '1', 'LJBASI2X', 'OTHR'),
);

describe('payment QR readers', () => {
  it('read any bytes after a UPN QR or EPC QR leader', () => {
    const leader = fc.constantFrom(
      'UPNQR\n',
      'UPNQR',
      'BCD\n',
      'BCD\r\n001\n1\nSCT\n',
      'BCD\n002\n9\n',
    );
    fc.assert(
      fc.property(leader, fc.uint8Array({ maxLength: 400 }), (head, rest) => {
        const bytes = Buffer.concat([Buffer.from(head, 'latin1'), Buffer.from(rest)]);
        expectPayment(readPaymentQr(bytes));
        expectPayment(readPaymentQr(bytes, bytes.toString('utf8')));
      }),
      fuzz(1000),
    );
  });

  it('read any fields in the places of a UPN QR and an EPC QR', () => {
    fc.assert(
      fc.property(fc.array(field, { maxLength: 24 }), fc.boolean(), (fields, isUpn) => {
        const lines = isUpn ? ['UPNQR', ...fields] : ['BCD', ...fields];
        const text = lines.join(isUpn ? '\n' : '\r\n');
        expectPayment(readPaymentQr(Buffer.from(text, isUpn ? 'latin1' : 'utf8')));
      }),
      fuzz(1000),
    );
  });

  it('read a payload far beyond any QR capacity', () => {
    const huge = `UPNQR${'\n'.repeat(19)}${'x'.repeat(2 ** 20)}`;
    expectPayment(readPaymentQr(Buffer.from(huge)));
    expectPayment(readPaymentQr(Buffer.from(`BCD\n001\n1\nSCT\n${'\n'.repeat(100_000)}`)));
  });
});
