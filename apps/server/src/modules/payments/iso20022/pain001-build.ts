import { checkEpcRules, type EpcViolation } from './epc-rules';
import { checkPainOrders } from './order-checks';
import { writePain001 } from './pain001-write';
import { PaymentsFileError } from './payments-file-error';
import { checkPain001 } from './schema-check';
import type { OrderProblem, PainFile } from './types';

/**
 * The pain.001 to hand to a bank: the orders are checked first (every problem at once, as
 * 'errors.payments.pain001.invalidOrders'), then the written file against the official XSD
 * and the EPC rules (epc-rules.ts). Never returns a file the bank's checks would refuse.
 */
export async function buildCheckedPain001(file: PainFile): Promise<string> {
  checkFile(file);
  const problems = checkPainOrders(file.orders);
  if (problems.length > 0) {
    throw new PaymentsFileError(
      'errors.payments.pain001.invalidOrders',
      [problems.length],
      problems,
    );
  }
  const xml = writePain001(file);
  const check = await checkPain001(xml, file.version);
  if (!check.valid) {
    // The orders passed their checks, so this is a gap in them or in the writer.
    throw new PaymentsFileError('errors.payments.pain001.schema', [
      file.version,
      check.errors[0] ?? '',
    ]);
  }
  const violations = checkEpcRules(xml);
  if (violations.length > 0) {
    throw new PaymentsFileError(
      'errors.payments.pain001.epc',
      [violations.length],
      violations.map((violation) => epcProblem(file, violation)),
    );
  }
  return xml;
}

/**
 * A broken EPC rule as a problem of the order whose transaction it is in (-1: the file's),
 * the transaction named with its recipient and amount, as the user knows the order.
 */
function epcProblem(file: PainFile, violation: EpcViolation): OrderProblem {
  const index = file.orders.findIndex((order) => order.endToEndId === violation.endToEndId);
  const order = file.orders[index];
  const where = order
    ? `${violation.where} (${order.recipientName}, ${order.amount} ${order.currency})`
    : violation.where;
  return {
    index,
    code: violation.code,
    parameters: [where, violation.element, violation.value, ...violation.extra],
  };
}

/** What the group header needs: the EPC limits on MsgId (35) and InitgPty/Nm (70). */
function checkFile(file: PainFile): void {
  if (file.orders.length === 0) throw new PaymentsFileError('errors.payments.pain001.noOrders');
  const id = file.messageId;
  // EPC: 1–35 characters, not starting or ending with '/' nor containing '//' (domain §1.4).
  if (id.length < 1 || id.length > 35 || /\s|^\/|\/$|\/\//.test(id)) {
    throw new PaymentsFileError('errors.payments.pain001.messageId', [id]);
  }
  const name = file.initiatorName.trim();
  if (name === '' || name.length > 70) {
    throw new PaymentsFileError('errors.payments.pain001.initiatorName', [70]);
  }
}
