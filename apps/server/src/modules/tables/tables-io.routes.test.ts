import { describe, expect, it } from 'vitest';
import { attachment } from '../../lib/content-disposition';
import { localDate } from '../../lib/local-date';

describe('download headers', () => {
  it('gives an ASCII file name and the exact UTF-8 one', () => {
    expect(attachment('partner-2026-11-22.xlsx')).toBe(
      `attachment; filename="partner-2026-11-22.xlsx"; filename*=UTF-8''partner-2026-11-22.xlsx`,
    );
    expect(attachment('Šifrant "č" (1).csv')).toBe(
      `attachment; filename="Sifrant _c_ (1).csv"; filename*=UTF-8''%C5%A0ifrant%20%22%C4%8D%22%20%281%29.csv`,
    );
  });

  it("dates the file in the caller's time zone", () => {
    const now = new Date('2026-11-22T23:30:00Z');
    expect(localDate('Europe/Ljubljana', now)).toBe('2026-11-23');
    expect(localDate(undefined, now)).toBe('2026-11-22');
    expect(localDate('Not/AZone', now)).toBe('2026-11-22');
  });
});
