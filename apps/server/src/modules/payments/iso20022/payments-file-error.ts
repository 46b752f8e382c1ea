import { AppError, type MessageSpec } from '../../../lib/errors';
import type { OrderProblem } from './types';

/**
 * Why a payments file cannot be read or written. Each code has a message in
 * catalogue/<locale>/payments-files.json; the parameters fill its {0}, {1}.
 */
export const PAYMENTS_FILE_ERROR_CODES = [
  /** More bytes than are read: [megabytes, limit in megabytes]. */
  'errors.payments.xml.tooLarge',
  /** A DOCTYPE or ENTITY declaration (XXE, billion laughs): []. */
  'errors.payments.xml.entities',
  /** Elements nested deeper than any payments file: [limit]. */
  'errors.payments.xml.tooDeep',
  /** Not well-formed XML: [line, parser message]. */
  'errors.payments.xml.malformed',
  /** Bytes that are not text in the declared (or default UTF-8) encoding: [encoding, line]. */
  'errors.payments.xml.encoding',
  /** An encoding that is not read: [encoding]. */
  'errors.payments.xml.unknownEncoding',
  /** Well-formed XML, but not pain.001: [root element namespace or name]. */
  'errors.payments.xml.notPain001',
  /** Well-formed XML, but not camt.053 or camt.054: [root element namespace or name]. */
  'errors.payments.xml.notCamt',
  /** A version of the message that is not read: [namespace]. */
  'errors.payments.xml.unsupportedVersion',
  /** A file without orders: []. */
  'errors.payments.pain001.noOrders',
  /** A message id that is empty, over 35 characters, has spaces or misplaced '/': [id]. */
  'errors.payments.pain001.messageId',
  /** The initiator's name is empty or too long: [limit]. */
  'errors.payments.pain001.initiatorName',
  /** The orders cannot go into a file: [count]; then one message per problem. */
  'errors.payments.pain001.invalidOrders',
  /** The written file breaks EPC rules (epc-rules.ts): [count]; then one message each. */
  'errors.payments.pain001.epc',
  /** The written file fails the official XSD: [version, first error]. */
  'errors.payments.pain001.schema',
  /** A camt file that fails its official XSD: [version, line, xmllint's first error]. */
  'errors.payments.camt.schema',
] as const;

export type PaymentsFileErrorCode = (typeof PAYMENTS_FILE_ERROR_CODES)[number];

export class PaymentsFileError extends AppError {
  override readonly name = 'PaymentsFileError';

  constructor(
    readonly code: PaymentsFileErrorCode,
    readonly parameters: (string | number)[] = [],
    /** For invalidOrders: what is wrong with which order. */
    readonly problems: OrderProblem[] = [],
  ) {
    super(code === 'errors.payments.pain001.schema' ? 500 : 400, [
      { code, parameters },
      ...problems.map(problemMessage),
    ]);
  }
}

/** A problem as a message whose field names the order: 'orders.3.amount'. */
function problemMessage(problem: OrderProblem): MessageSpec {
  return {
    code: problem.code,
    parameters: problem.parameters,
    field: `orders.${problem.index}${problem.field ? `.${problem.field}` : ''}`,
  };
}
