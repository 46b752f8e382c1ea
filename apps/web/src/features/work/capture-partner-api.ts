import { tableRoutes } from '@listina/contract';
import { compactCode, type Model } from '@listina/forms';
import { callApi } from '../../api/client';
import { PARTNER_TABLE, usePartnerSuggestions } from '../../schema-ui/api';
import type { FoundSupplier } from './capture-api';

/**
 * The partner of a captured document (issue 7): the organisation's partners that may be the
 * supplier capture found (GET /api/cl/partner/{vatId}/{iban}/{name}), and the supplier made in
 * one step from what was found when none is.
 */

/** The partners that may be the supplier capture found. */
export function useSupplierSuggestions(supplier: FoundSupplier) {
  return usePartnerSuggestions({
    vatId: String(compactCode(supplier.vatId)),
    iban: String(compactCode(supplier.iban)),
    name: supplier.name,
  });
}

/**
 * The countries whose VAT IDs carry a prefix other than their ISO code: Greece's EL, and
 * Northern Ireland's XI (a part of GB).
 */
const COUNTRY_OF_PREFIX: Readonly<Record<string, string>> = { EL: 'GR', XI: 'GB' };
/** The prefixes of EU VAT IDs (VIES), and of the neighbours' that Slovenian invoices show. */
const VAT_PREFIXES: ReadonlySet<string> = new Set(
  (
    'AT BE BG CY CZ DE DK EE EL ES FI FR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK XI ' +
    'GB CH NO RS BA ME MK'
  ).split(' '),
);

/** The country of a VAT ID by its prefix (SI12345678 → SI), when the prefix is one known. */
export function countryOfVatId(vatId: string): string | null {
  const prefix = String(compactCode(vatId)).slice(0, 2);
  if (!VAT_PREFIXES.has(prefix)) return null;
  return COUNTRY_OF_PREFIX[prefix] ?? prefix;
}

const CODE_LENGTH = 20;

/** A code for the new partner: its VAT ID, else its name in capitals (Šumi d.o.o. → SUMIDOO). */
export function supplierCodeOf(supplier: FoundSupplier, name: string): string {
  const vatId = String(compactCode(supplier.vatId));
  if (vatId !== '') return vatId.slice(0, CODE_LENGTH);
  const fromName = name
    .normalize('NFD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .slice(0, CODE_LENGTH);
  return fromName || String(compactCode(supplier.iban)).slice(0, CODE_LENGTH);
}

/**
 * The partner's model: the table's default (active, its default country, the next code of the
 * organisation's numbering when it has one), then the name, a code of its own when the
 * default has none, VAT ID, the country of its VAT prefix, and the IBAN as its default bank
 * account.
 */
export function newSupplierModel(defaults: Model, supplier: FoundSupplier, name: string): Model {
  const country = countryOfVatId(supplier.vatId);
  const iban = String(compactCode(supplier.iban));
  return {
    ...defaults,
    code:
      typeof defaults.code === 'string' && defaults.code.trim() !== ''
        ? defaults.code
        : supplierCodeOf(supplier, name),
    name: name.trim(),
    ...(supplier.vatId ? { vatId: String(compactCode(supplier.vatId)) } : {}),
    ...(country ? { countryCode: country } : {}),
    // A nested row not saved yet has a negative id (spec §7).
    bankAccounts:
      iban === ''
        ? []
        : [
            {
              id: -1,
              code: iban,
              bic: supplier.bic,
              displayText: '',
              isDefault: true,
              isActive: true,
            },
          ],
  };
}

/** POST /api/cl/partner with the supplier capture found; the new partner's key. */
export async function createSupplier(supplier: FoundSupplier, name: string): Promise<string> {
  const defaults = await callApi(tableRoutes.defaultModel, { params: { name: PARTNER_TABLE } });
  const created = await callApi(tableRoutes.create, {
    params: { name: PARTNER_TABLE },
    body: newSupplierModel(defaults, supplier, name),
  });
  return created.item.key;
}
