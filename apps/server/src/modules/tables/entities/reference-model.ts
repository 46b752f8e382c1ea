import { defineEntity } from '../entity';
import { REFERENCE_MODELS } from '../../../db/reference-data';
import {
  choiceColumn,
  codeColumn,
  freeCodes,
  isActiveColumn,
  localizedNameColumns,
} from './code-list';
import { REFERENCE_TYPES } from './payment-type';

function* siModels() {
  for (let i = 0; i < 100; i++) yield `SI${String(i).padStart(2, '0')}`;
}
const sampleCode = freeCodes(siModels, () => REFERENCE_MODELS.map((m) => m.code));

/**
 * Payment reference models (global): SI00–SI99 as the ZBS rules define them (structure:
 * P parts, K mod 11 check digits), RF (ISO 11649 creditor reference) and NRC (none).
 */
export const referenceModel = defineEntity({
  name: 'referenceModel',
  table: 'reference_model',
  scope: 'global',
  labelId: 'referenceModel.title',
  columns: [
    codeColumn({
      maxLength: 4,
      regex: { pattern: '^(SI[0-9]{2}|RF|NRC)$', message: 'validation.referenceModel' },
      compact: true,
    }),
    {
      ...choiceColumn(
        'referenceType',
        'reference_type',
        REFERENCE_TYPES,
        'validation.referenceType',
      ),
      // A payment order's model lookup offers the SI models only.
      filter: true,
      // SI00–SI99 are SI references; RF and NRC are their own types.
      check: (value, model) =>
        typeof model.code === 'string' && model.code !== '' && !model.code.startsWith(String(value))
          ? { code: 'validation.referenceTypeOfModel', parameters: [model.code] }
          : undefined,
    },
    {
      name: 'structure',
      column: 'structure',
      type: 'text',
      field: { maxLength: 100 },
      list: true,
    },
    ...localizedNameColumns(200),
    isActiveColumn,
  ],
  titleColumns: ['code', 'name'],
  defaultSort: 'code asc',
  gridColumns: [
    { name: 'code', width: 80 },
    { name: 'referenceType', width: 110 },
    { name: 'structure', width: 200, shrink: true },
    { name: 'name', width: 220, shrink: true },
    { name: 'nameSl', width: 220, shrink: true },
    { name: 'isActive', width: 90 },
  ],
  defaultModel: () => ({
    code: '',
    referenceType: 'SI',
    structure: '',
    name: '',
    nameSl: '',
    isActive: true,
  }),
  writeRoles: ['sysadmin'],
  sample: (n) => ({
    code: sampleCode(n),
    referenceType: 'SI',
    structure: '(P1)K-P2',
    name: `Sample model ${n}`,
    nameSl: `Vzorčni model ${n} s kontrolno številko`,
    isActive: true,
  }),
});
