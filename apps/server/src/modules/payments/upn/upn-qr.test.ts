import { describe, expect, it } from 'vitest';
import { matrixImage, readSymbols } from './test-symbols';
import { upnPayload, type UpnData } from './upn-payload';
import { dataCodewords, upnQrMatrix } from './upn-qr';

const ORDER: UpnData = {
  amount: '1268.74',
  purposeCode: 'GDSV',
  purpose: 'Plačilo računa 18/2016.',
  dueDate: '2026-12-16',
  recipientIban: 'SI56020360253863406',
  recipientReference: 'SI081236-17-345679',
  recipientName: 'Združenje bank Slovenije - GIZ',
  recipientAddress: 'Šubičeva 2',
  recipientTown: '1000 Ljubljana',
};

const LONGEST: UpnData = {
  ...ORDER,
  payerIban: 'SI56020170014356205',
  payerReference: 'SI00225268-32526-222',
  payerName: 'Ž'.repeat(33),
  payerAddress: 'č'.repeat(33),
  payerTown: 'š'.repeat(33),
  paymentDate: '2026-12-01',
  isUrgent: true,
  purpose: 'Đ'.repeat(42),
  recipientIban: 'MT84MALT011000012345MTLCAST001S',
  recipientName: 'Ć'.repeat(33),
  recipientAddress: 'ä'.repeat(33),
  recipientTown: 'ő'.repeat(33),
};

describe('UPN QR symbol', () => {
  it('writes ECI 4 (ISO 8859-2), then the whole text as one byte-mode segment', () => {
    const payload = upnPayload(ORDER);
    const codewords = dataCodewords(payload);
    // 0111 ECI, 00000100 designator 4, 0100 byte mode, 16-bit count: four codewords.
    expect([...codewords.subarray(0, 4)]).toEqual([
      0x70,
      0x44,
      payload.length >> 8,
      payload.length & 0xff,
    ]);
    expect(codewords.subarray(4, 4 + payload.length)).toEqual(payload);
    // The terminator, then the pad codewords to the 415 data codewords of version 15-M.
    expect([...codewords.subarray(4 + payload.length, 8 + payload.length)]).toEqual([
      0, 0xec, 0x11, 0xec,
    ]);
    expect(codewords).toHaveLength(415);
  });

  it.each([
    ['an order slip', ORDER],
    ['every field at its longest', LONGEST],
    ['a zero amount without a reference', { ...ORDER, amount: '0', recipientReference: 'SI99' }],
  ])('is read back as version 15, ECC M, ECI 4 with the same bytes: %s', async (_, data) => {
    const payload = upnPayload(data);
    const matrix = upnQrMatrix(payload);
    expect(matrix.size).toBe(77);
    const [symbol, ...others] = await readSymbols(matrixImage(matrix));
    expect(others).toEqual([]);
    expect(symbol).toMatchObject({ version: '15', ecLevel: 'M', hasEci: true });
    expect(symbol?.bytes).toEqual(payload);
    expect(
      Buffer.from(symbol?.bytesEci ?? [])
        .subarray(0, 10)
        .toString('latin1'),
    ).toBe(']Q2\\000004');
  });

  it('holds the 411 bytes Priloga 7.3 allows, and refuses more', async () => {
    const full = new Uint8Array(411).fill(0x20);
    const [symbol] = await readSymbols(matrixImage(upnQrMatrix(full)));
    expect(symbol?.bytes).toEqual(full);
    expect(() => upnQrMatrix(new Uint8Array(412))).toThrow(/411/);
  });
});

describe('UPN QR data masks', () => {
  it.each([0, 1, 2, 3, 4, 5, 6, 7])('is read back with data mask %i', async (mask) => {
    const payload = upnPayload(LONGEST);
    const matrix = upnQrMatrix(payload, { mask });
    expect(matrix.mask).toBe(mask);
    const [symbol] = await readSymbols(matrixImage(matrix));
    expect(symbol?.bytes).toEqual(payload);
  });
});
