import banks from './banks.json' with { type: 'json' };
import countries from './countries.json' with { type: 'json' };
import currencies from './currencies.json' with { type: 'json' };
import organizationDefaults from './organization-defaults.json' with { type: 'json' };
import paymentPurposes from './payment-purposes.json' with { type: 'json' };
import paymentTypes from './payment-types.json' with { type: 'json' };
import referenceModels from './reference-models.json' with { type: 'json' };
import roles from './roles.json' with { type: 'json' };

/**
 * Reference data of the code lists, as API models (field names of the entity definitions). Type aliases, not
 * interfaces, so a row is also a Model (Record<string, unknown>).
 * Migration 0003 loads the global lists from here, and seedOrganizationDefaults gives every
 * new organisation its VAT rates and document types. Once 0003 has run somewhere, change
 * the global lists with a new migration (an upsert by code), not only by editing a file.
 *
 * Sources: countries — ISO 3166-1 alpha-2 (249 codes) plus XK (Kosovo, user-assigned, used
 * in IBANs), names from CLDR (en-GB, sl) with ISO-style corrections; isSepa — the EPC list
 * of the SEPA schemes' geographical scope (EU/EEA, CH, GB, MC, SM, VA, AD, AL, ME, MD, MK,
 * RS and the territories counted with their country). Currencies — ISO 4217 list one; funds,
 * metals, units and test codes inactive. Banks — the Bank of Slovenia list of payment
 * service provider identifiers (via shared/domain/schwifty_generated_si.json, 2024-04-30),
 * one row per 5-digit identifier (digits 5–9 of an SI IBAN), names decoded from CP1250.
 * Purposes — ISO 20022 ExternalPurpose1Code. Reference models — the ZBS model table
 * (shared/domain/PAYMENTS-AND-EINVOICES.md §2) with RF (ISO 11649) and NRC. Roles — the
 * organisation roles the server and the web app check (spec §6, lower-case); sysadmin and
 * support are a user's own roles, not an organisation's, and are not in the list.
 */

export type CountryData = {
  code: string;
  name: string;
  nameSl: string;
  isSepa: boolean;
};
export type CurrencyData = {
  code: string;
  numericCode: string;
  minorUnits: number | null;
  name: string;
  nameSl: string;
  isActive: boolean;
};
export type BankData = {
  code: string;
  bic: string;
  name: string;
};
export type PaymentTypeData = {
  code: string;
  name: string;
  nameSl: string;
  chargeBearer: string;
  referenceType: string;
};
export type PaymentPurposeData = {
  code: string;
  name: string;
  nameSl: string;
  isActive: boolean;
};
export type ReferenceModelData = {
  code: string;
  referenceType: string;
  structure: string;
  name: string;
  nameSl: string;
  isActive: boolean;
};
export type VatRateData = {
  code: string;
  name: string;
  nameSl: string;
  rate: string;
  category: string;
  validFrom: string;
  validTo: string | null;
  isActive: boolean;
  /** The organisation's default rate (one of them): the standard rate. */
  isDefault: boolean;
};
export type DocumentTypeData = {
  code: string;
  name: string;
  nameSl: string;
  einvoiceTypeCode: string | null;
  isActive: boolean;
};

export type RoleData = {
  code: string;
  name: string;
  nameSl: string;
  isAdmin: boolean;
};

export const COUNTRIES: readonly CountryData[] = countries;
export const CURRENCIES: readonly CurrencyData[] = currencies;
export const BANKS: readonly BankData[] = banks;
export const PAYMENT_TYPES: readonly PaymentTypeData[] = paymentTypes;
export const PAYMENT_PURPOSES: readonly PaymentPurposeData[] = paymentPurposes;
export const REFERENCE_MODELS: readonly ReferenceModelData[] = referenceModels;
export const DEFAULT_VAT_RATES: readonly VatRateData[] = organizationDefaults.vatRates;
export const DEFAULT_DOCUMENT_TYPES: readonly DocumentTypeData[] =
  organizationDefaults.documentTypes;
export const ROLES: readonly RoleData[] = roles;
