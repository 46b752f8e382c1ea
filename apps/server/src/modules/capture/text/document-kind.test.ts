import { describe, expect, it } from 'vitest';
import { documentTypeCodeOf } from './document-kind';
import { foldText, languageLabels, LANGUAGES } from './invoice-labels';

describe('the kind of document a text prints', () => {
  it('is given by its first title, the longer where two begin together', () => {
    expect(documentTypeCodeOf('Lesni d.o.o.\nRAČUN št. 2026-15\nDatum: 3. 3. 2026')).toBe('380');
    expect(documentTypeCodeOf('DOBROPIS 12/2026 k računu 2026-15')).toBe('381');
    expect(documentTypeCodeOf('AVANSNI RAČUN št. A-7')).toBe('386');
    expect(documentTypeCodeOf('Predračun 44')).toBe('325');
    expect(documentTypeCodeOf('Gutschrift Nr. 4711 zur Rechnung 4700')).toBe('381');
    expect(documentTypeCodeOf('Commercial Invoice\nNo. 95/2026')).toBe('380');
    expect(documentTypeCodeOf('CREDIT NOTE CN-204')).toBe('381');
    expect(documentTypeCodeOf("Facture d'acompte n° 12")).toBe('386');
    expect(documentTypeCodeOf('Faktura korygująca nr 3/2026')).toBe('384');
    expect(documentTypeCodeOf('Delivery note 77, order 12')).toBeUndefined();
    // A word that only contains a title is none ("Računalništvo", "Rechnungsadresse").
    expect(documentTypeCodeOf('Računalništvo Novak, Rechnungsadresse')).toBeUndefined();
  });

  it('reads every title of every language as its kind (label-data titleTypes, else 380)', () => {
    for (const language of LANGUAGES) {
      const { title, titleTypes } = languageLabels(language);
      const kindOf = new Map(
        Object.entries(titleTypes).flatMap(([code, titles]) =>
          titles.map((t) => [foldText(t), code] as const),
        ),
      );
      for (const text of title) {
        const expected = kindOf.get(foldText(text)) ?? '380';
        // A title another language writes the same way with another kind is not this one's.
        const elsewhere = LANGUAGES.some((other) =>
          Object.entries(languageLabels(other).titleTypes).some(
            ([code, titles]) =>
              code !== expected && titles.some((t) => foldText(t) === foldText(text)),
          ),
        );
        if (!elsewhere)
          expect(documentTypeCodeOf(`${text.toUpperCase()} 12`), `${language}: ${text}`).toBe(
            expected,
          );
      }
    }
  });

  it('lists in titleTypes only titles of the language', () => {
    for (const language of LANGUAGES) {
      const { title, titleTypes } = languageLabels(language);
      for (const titles of Object.values(titleTypes))
        for (const text of titles) expect(title, `${language}: ${text}`).toContain(text);
    }
  });
});
