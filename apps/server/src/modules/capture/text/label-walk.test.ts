import { describe, expect, it } from 'vitest';
import { labelsOf, LANGUAGES, type LabelField } from './invoice-labels';
import { LABELLED_NAME, readSupplierName } from './supplier-name';
import { readTextFields, type TextField } from './text-fields';

/**
 * The flat-text reader takes its labels from the label data (label-data/), not from code:
 * every label of every language, printed before a value, leads to its field.
 */

/** A value as printed after a label, and what each field it fills must read. */
const SAMPLES: Partial<
  Record<LabelField, { printed: string; read: Partial<Record<TextField, string>> }>
> = {
  invoiceNumber: { printed: '2026-0017', read: { invoiceNumber: '2026-0017' } },
  issueDate: { printed: '05.03.2026', read: { issueDate: '2026-03-05' } },
  dueDate: { printed: '05.03.2026', read: { dueDate: '2026-03-05' } },
  netAmount: { printed: '1.234,56 €', read: { netAmount: '1234.56' } },
  vatAmount: { printed: '1.234,56 €', read: { vatAmount: '1234.56' } },
  totalAmount: { printed: '1.234,56 €', read: { totalAmount: '1234.56' } },
  amountDue: { printed: '1.234,56 €', read: { amountDue: '1234.56' } },
  prepaidAmount: { printed: '1.234,56 €', read: { prepaidAmount: '1234.56' } },
  roundingAmount: { printed: '0,02 €', read: { roundingAmount: '0.02' } },
  iban: { printed: 'SI56 1910 0000 0123 438', read: { iban: 'SI56191000000123438' } },
  bic: { printed: 'LJBASI2X', read: { bic: 'LJBASI2X' } },
  vatId: { printed: 'SI12345679', read: { vatId: 'SI12345679' } },
  reference: {
    printed: 'SI00 5449-2175',
    read: { referenceModel: 'SI00', reference: '5449-2175' },
  },
  purposeCode: { printed: 'SUPP', read: { purposeCode: 'SUPP' } },
};

const cases = LANGUAGES.flatMap((language) =>
  Object.entries(SAMPLES).flatMap(([field, sample]) =>
    labelsOf(field as LabelField, [language]).map((label) => ({
      language,
      field,
      label: label.text,
      sample,
    })),
  ),
);

describe('the flat-text reader’s labels are the label data', () => {
  it.each(cases)('$language $field "$label"', ({ label, sample }) => {
    const fields = readTextFields(`${label}: ${sample.printed}\n`);
    for (const [field, value] of Object.entries(sample.read))
      expect(fields[field as TextField]?.value, field).toBe(value);
  });

  const parties = LANGUAGES.flatMap((language) =>
    (['seller', 'buyer'] as const).flatMap((field) =>
      labelsOf(field, [language]).map((label) => ({ language, field, label: label.text })),
    ),
  );
  it.each(parties)('$language $field "$label"', ({ field, label }) => {
    const found = readSupplierName(`${label}: Brinje Orodja d.o.o.\n`);
    if (field === 'seller')
      expect(found).toMatchObject({ value: 'Brinje Orodja d.o.o.', confidence: LABELLED_NAME });
    else expect(found).toBeUndefined();
  });
});
