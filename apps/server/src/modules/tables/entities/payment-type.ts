import { defineEntity } from '../entity';
import { choiceColumn, codeColumn, localizedNameColumns } from './code-list';

/** ISO 20022 ChargeBearerType1Code; SEPA credit transfers always use SLEV. */
export const CHARGE_BEARERS = ['SLEV', 'SHAR', 'DEBT', 'CRED'] as const;
/** Reference types of a payment order (spec §3: SI for SEPA_SI, otherwise NRC). */
export const REFERENCE_TYPES = ['SI', 'RF', 'NRC'] as const;

/**
 * How a payment order is executed (global): SEPA_SI (the spec's default), SEPA and NONSEPA,
 * with the charge bearer and the reference type a new order of that type starts with.
 */
export const paymentType = defineEntity({
  name: 'paymentType',
  table: 'payment_type',
  scope: 'global',
  labelId: 'paymentType.title',
  columns: [
    codeColumn({
      maxLength: 20,
      regex: { pattern: '^[A-Z][A-Z0-9_]*$', message: 'validation.paymentTypeCode' },
      compact: true,
    }),
    ...localizedNameColumns(100),
    choiceColumn('chargeBearer', 'charge_bearer', CHARGE_BEARERS, 'validation.chargeBearer'),
    choiceColumn('referenceType', 'reference_type', REFERENCE_TYPES, 'validation.referenceType'),
  ],
  titleColumns: ['code', 'name'],
  defaultSort: 'code asc',
  gridColumns: [
    { name: 'code', width: 110 },
    { name: 'name', width: 200, shrink: true },
    { name: 'nameSl', width: 200, shrink: true },
    { name: 'chargeBearer', width: 110 },
    { name: 'referenceType', width: 110 },
  ],
  defaultModel: () => ({
    code: '',
    name: '',
    nameSl: '',
    chargeBearer: 'SLEV',
    referenceType: 'NRC',
  }),
  writeRoles: ['sysadmin'],
  sample: (n) => ({
    code: `PT_${n}`,
    name: `Sample transfer ${n}`,
    nameSl: `Vzorčno nakazilo ${n}`,
    chargeBearer: CHARGE_BEARERS[n % CHARGE_BEARERS.length],
    referenceType: REFERENCE_TYPES[n % REFERENCE_TYPES.length],
  }),
});
