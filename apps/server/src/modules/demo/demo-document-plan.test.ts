import { describe, expect, it } from 'vitest';
import { checkIban, checkBic, isValidSlovenianVatId } from '@listina/forms';
import { addDays, planDocuments, statusCounts } from './demo-document-plan';
import { siReferenceCheckDigit } from './demo-numbers';
import { profileSuppliers } from './profile-suppliers';

const TODAY = '2026-11-24';

const suppliers = profileSuppliers();

const plan = (seed = 'SI10079190', count = 60) =>
  planDocuments({ seed, count, today: TODAY, suppliers, costCenters: ['100', '200', '300'] });

const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);

describe('demo document plan', () => {
  it('computes SI12 check digits by the ZBS mod 11 rule', () => {
    // shared/domain/PAYMENTS-AND-EINVOICES.md §2.3, worked examples.
    expect(siReferenceCheckDigit('1234567890')).toBe(9);
    expect(siReferenceCheckDigit('5678')).toBe(2);
    expect(siReferenceCheckDigit('6')).toBe(0);
    expect(siReferenceCheckDigit('0')).toBe(0);
  });

  it('gives sixty documents ~15 % drafts, 40 % active, 40 % archived and 5 % rejected', () => {
    const docs = plan();
    const count = (status: string) => docs.filter((d) => d.status === status).length;
    expect(docs).toHaveLength(60);
    expect([count('draft'), count('active'), count('archived'), count('rejected')]).toEqual([
      9, 24, 24, 3,
    ]);
    expect(statusCounts(8)).toEqual({ draft: 1, rejected: 1, active: 3, archived: 3 });
    // The newest are still drafts, the oldest archived.
    const byAge = [...docs].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(byAge.slice(-9).every((d) => d.status === 'draft')).toBe(true);
    expect(byAge[0]?.status).toMatch(/archived|rejected/);
  });

  it('makes every total net plus VAT and the cost lines add up to it', () => {
    const docs = [...plan(), ...plan('SI10087109'), ...plan('SI10095023')];
    for (const doc of docs) {
      expect(doc.lines.length).toBeGreaterThanOrEqual(1);
      expect(doc.lines.length).toBeLessThanOrEqual(4);
      for (const line of doc.lines)
        expect(line.amount).toBe(Math.round((line.quantity * line.price) / 100));
      expect(sum(doc.vatGroups.map((g) => g.net))).toBe(sum(doc.lines.map((l) => l.amount)));
      for (const group of doc.vatGroups)
        expect(group.tax).toBe(Math.round((group.net * Number(group.vat) * 10) / 1000));
      expect(doc.total).toBe(doc.net + doc.tax);
      if (doc.costLines.length > 0) expect(sum(doc.costLines.map((l) => l.amount))).toBe(doc.total);
    }
    const nonDrafts = docs.filter((d) => d.status !== 'draft');
    const allocated = nonDrafts.filter((d) => d.costLines.length > 0);
    expect(allocated.length / nonDrafts.length).toBeGreaterThan(0.75);
    expect(docs.filter((d) => d.status === 'draft').every((d) => d.costLines.length === 0)).toBe(
      true,
    );
    // Both rates occur, and some documents carry both.
    const rates = new Set(docs.flatMap((d) => d.vatGroups.map((g) => g.vat)));
    expect([...rates].sort()).toEqual(['22', '9.5']);
    expect(docs.some((d) => d.vatGroups.length === 2)).toBe(true);
  });

  it('dates documents in the year before today, received after issue, due after that', () => {
    for (const doc of plan()) {
      expect(doc.issueDate >= addDays(TODAY, -365) && doc.issueDate < TODAY).toBe(true);
      expect(doc.receivedDate >= doc.issueDate && doc.receivedDate <= TODAY).toBe(true);
      if (doc.type === 'CN') expect(doc.dueDate).toBeNull();
      else expect(doc.dueDate && doc.dueDate > doc.issueDate).toBe(true);
      expect(doc.createdAt.toISOString().slice(0, 10)).toBe(doc.receivedDate);
    }
  });

  it('writes valid payment references and one number per supplier invoice', () => {
    const docs = plan();
    for (const doc of docs.filter((d) => d.type !== 'CN')) {
      expect(doc.iban).toBe(doc.supplier.iban);
      if (doc.referenceModel === 'SI12') {
        const digits = doc.reference ?? '';
        expect(digits).toMatch(/^\d{2,13}$/);
        expect(siReferenceCheckDigit(digits.slice(0, -1))).toBe(Number(digits.slice(-1)));
      } else {
        expect(doc.referenceModel).toBe('SI00');
        expect(doc.reference).toMatch(/^\d{1,12}(-\d{1,12}){0,2}$/);
      }
    }
    const numbers = docs.map((d) => `${d.supplier.key} ${d.number}`);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(docs.map((d) => d.type)).toContain('INV');
  });

  it('plans the same documents for the same organisation', () => {
    const strip = (docs: ReturnType<typeof plan>) =>
      docs.map(({ supplier, ...d }) => [supplier.key, d]);
    expect(strip(plan())).toEqual(strip(plan()));
    expect(strip(plan('SI10087109'))).not.toEqual(strip(plan()));
  });

  it('has suppliers with valid VAT IDs, IBANs and BICs and Slovenian descriptions', () => {
    for (const s of suppliers) {
      expect(isValidSlovenianVatId(s.vatId), s.name).toBe(true);
      expect(checkIban(s.iban ?? ''), s.name).toBeUndefined();
      expect(checkBic(s.bic ?? ''), s.name).toBeUndefined();
    }
    const descriptions = plan()
      .map((d) => d.description ?? '')
      .join(' ');
    for (const letter of ['č', 'š', 'ž']) expect(descriptions).toContain(letter);
  });
});
