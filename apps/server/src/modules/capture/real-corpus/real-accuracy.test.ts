import { beforeAll, describe, expect, it } from 'vitest';
import { DERIVED } from '../layout/layout-amounts';
import { percent, tally } from './accuracy';
import { readRealCorpus, type RealReading } from './read-real-corpus';

/**
 * Capture of real suppliers' invoices read first time (issue 23): every text-layer PDF of the
 * real corpus read as the capture job reads it, with the values written by hand from each
 * file. The target is 90 % of header fields; bench/capture-real.bench.ts reports the same
 * figures per field and per language, and the scans and the second invoices of a supplier.
 */

/** Issue 23's target for text PDFs read first time. */
const FIRST_TIME = 0.9;

let readings: RealReading[];

beforeAll(async () => {
  readings = await readRealCorpus({ filter: (invoice) => !invoice.scan });
}, 300_000);

describe('real invoices read first time', () => {
  it('reads at least 90 % of the header values of the text PDFs right', () => {
    const verdicts = readings.flatMap((r) =>
      r.verdicts.map((v) => ({ ...v, file: r.invoice.file })),
    );
    const all = tally(
      verdicts,
      () => 'all',
      (v) => v.right,
    ).get('all') ?? { right: 0, all: 0 };
    const misses = verdicts
      .filter((v) => !v.right)
      .map((v) => `${v.file} ${v.field}: ${v.expected} ≠ ${v.found ?? '—'}`);
    expect(all.all).toBeGreaterThan(400);
    expect(
      all.right / all.all,
      `${percent(all)} right; misses:\n${misses.join('\n')}`,
    ).toBeGreaterThanOrEqual(FIRST_TIME);
  });

  it('never reads the buyer as the supplier', () => {
    const buyers = readings.filter((r) => {
      const name = r.fields.supplierName?.value.toLowerCase() ?? '';
      return name !== '' && name === r.invoice.buyerName.toLowerCase();
    });
    expect(buyers.map((r) => r.invoice.file)).toEqual([]);
  });

  it('gives each value it read a box on its page, for the preview to highlight', () => {
    // An amount worked out from two read ones (net = total - VAT) stands nowhere: it has none.
    const layoutRead = readings.flatMap((r) =>
      Object.entries(r.fields).filter(
        ([, found]) =>
          found.source === 'text' &&
          found.box === undefined &&
          found.at === undefined &&
          found.confidence !== DERIVED,
      ),
    );
    expect(layoutRead).toEqual([]);
  });
});
