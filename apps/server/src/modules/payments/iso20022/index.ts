export {
  readCamt,
  readCheckedCamt,
  type CamtEntry,
  type CamtRead,
  type CamtStatus,
} from './camt-read';
export { checkEpcRules, EPC_RULE_CODES, type EpcRuleCode, type EpcViolation } from './epc-rules';
export { checkPainOrders, formatCents, toCents } from './order-checks';
export { buildCheckedPain001 } from './pain001-build';
export { readPain001, type Pain001Read } from './pain001-read';
export { writePain001 } from './pain001-write';
export {
  PAYMENTS_FILE_ERROR_CODES,
  PaymentsFileError,
  type PaymentsFileErrorCode,
} from './payments-file-error';
export { MAX_PAYMENTS_XML_BYTES } from './safe-read';
export { checkCamt, checkPain001, type CamtVersion } from './schema-check';
export { partyText, partyTextRuleOf, transliterate, type PartyTextRule } from './transliterate';
export {
  PAIN_VERSIONS,
  type OrderProblem,
  type PainBank,
  type PainFile,
  type PainOrder,
  type PainVersion,
} from './types';
