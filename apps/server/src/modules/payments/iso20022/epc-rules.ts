import { childrenNamed, elementsAt, textAt } from '../../capture/einvoice/safe-xml';
import { formatCents, toCents } from './order-checks';
import type { XmlElement } from './safe-read';
import { parseXmlTree } from './xml-tree';

/**
 * The EPC SEPA Credit Transfer rules a pain.001 must keep beyond the ISO XSD (domain notes
 * §1.2–§1.5; docs/payments.md "EPC rules"), checked on the written file as a bank would read
 * it. Every payment information block is checked for what any bank refuses: identifiers,
 * counts and control sums, one Ustrd or one Strd per transaction, text lengths and the
 * character set, amounts above 0 with at most 2 decimals. SEPA blocks (SvcLvl SEPA) besides:
 * euros only and the charge bearer SLEV; a non-SEPA block keeps its own currency and ChrgBr.
 *
 * The character set: the EPC basic Latin set (which is also the SWIFT set of non-SEPA
 * payments); the texts about the parties (names, addresses, remittance texts) of payments
 * that all stay in Slovenia (SEPA, a Slovenian creditor IBAN) may also carry č ć đ š ž.
 * Identifiers and references never do.
 */

/** One broken rule: a catalogue code of payments-files.json and where it is broken. */
export interface EpcViolation {
  /** 'payments.epc.character' … (EPC_RULE_CODES) */
  code: EpcRuleCode;
  /** The block or transaction: 'GrpHdr', 'PmtInf <id>', 'CdtTrfTxInf <EndToEndId>'. */
  where: string;
  /** The end-to-end id of the transaction, when the violation is in one. */
  endToEndId?: string;
  /** The element, as a path below `where`: 'Cdtr/Nm', 'RmtInf'. */
  element: string;
  /** The offending value as the file has it ('' when an element is missing). */
  value: string;
  /** More parameters of the message after where, element and value. */
  extra: (string | number)[];
}

/** Each rule's message: {0} where, {1} element, {2} value, then the extras. */
export const EPC_RULE_CODES = [
  /** An identifier of 1–35 EPC characters without a '/' at either end or '//': []. */
  'payments.epc.identifier',
  /** An identifier used twice in the file: []. */
  'payments.epc.duplicateId',
  /** NbOfTxs that is not the number of transactions: [actual count]. */
  'payments.epc.count',
  /** CtrlSum that is not the sum of the amounts: [actual sum]. */
  'payments.epc.controlSum',
  /** An amount that is not above 0 with at most 2 decimals: []. */
  'payments.epc.amount',
  /** A SEPA amount in another currency than EUR: []. */
  'payments.epc.currency',
  /** A SEPA block or transaction whose ChrgBr is not SLEV: []. */
  'payments.epc.chargeBearer',
  /** Both Ustrd and Strd, or more than one of either: []. */
  'payments.epc.remittance',
  /** A text over its EPC length: [limit]. */
  'payments.epc.tooLong',
  /** More address lines than EPC allows: [limit]. */
  'payments.epc.addressLines',
  /** A character outside the set the payment may carry: [character]. */
  'payments.epc.character',
] as const;
export type EpcRuleCode = (typeof EPC_RULE_CODES)[number];

/** EPC217-08 basic Latin set. */
const EPC_CHARACTER = /^[A-Za-z0-9/\-?:().,'+ ]$/u;
/** What Slovenian banks take besides it in domestic party texts (docs/payments.md). */
const SLOVENIAN_LETTER = /^[čćđšžČĆĐŠŽ]$/u;
const MAX = { id: 35, name: 70, ustrd: 140, addressLine: 70, addressLines: 2 } as const;
const AMOUNT = /^\d+(?:\.\d{1,2})?$/;

type Charset = 'slovenian' | 'epc';

interface Context {
  violations: EpcViolation[];
  where: string;
  endToEndId?: string;
}

/** Every EPC rule the pain.001 breaks, in document order; [] for a file a bank takes. */
export function checkEpcRules(xml: string): EpcViolation[] {
  const root = parseXmlTree(xml);
  const initiation = childrenNamed(root, 'CstmrCdtTrfInitn')[0];
  const violations: EpcViolation[] = [];
  if (!initiation) return violations;
  const header = childrenNamed(initiation, 'GrpHdr')[0];
  const blocks = childrenNamed(initiation, 'PmtInf');
  const transfers = blocks.flatMap((block) => childrenNamed(block, 'CdtTrfTxInf'));
  // Once a block: its children are its transactions, thousands of them.
  const sepaBlocks = new Set(blocks.filter(isSepaBlock));
  const domestic = new Set(
    blocks.flatMap((block) =>
      childrenNamed(block, 'CdtTrfTxInf').filter((transfer) =>
        isDomestic(sepaBlocks.has(block), transfer),
      ),
    ),
  );
  const charsetOf = (list: readonly XmlElement[]): Charset =>
    list.length > 0 && list.every((transfer) => domestic.has(transfer)) ? 'slovenian' : 'epc';

  const fileContext: Context = { violations, where: 'GrpHdr' };
  if (header) {
    checkIdentifier(fileContext, header, 'MsgId', true);
    checkTotals(fileContext, header, transfers);
    checkParty(fileContext, header, 'InitgPty', charsetOf(transfers));
  }
  const ids = new Map<string, Set<string>>();
  const once = (context: Context, element: XmlElement, name: string) => {
    const value = textAt(element, [name]);
    if (value === undefined) return;
    const seen = ids.get(name) ?? new Set<string>();
    ids.set(name, seen);
    if (seen.has(value)) add(context, 'payments.epc.duplicateId', name, value);
    seen.add(value);
  };
  for (const block of blocks) {
    const context: Context = {
      violations,
      where: `PmtInf ${textAt(block, ['PmtInfId']) ?? ''}`,
    };
    const own = childrenNamed(block, 'CdtTrfTxInf');
    const isSepa = sepaBlocks.has(block);
    checkIdentifier(context, block, 'PmtInfId', true);
    once(context, block, 'PmtInfId');
    checkTotals(context, block, own);
    if (isSepa) checkChargeBearer(context, block);
    const charset = charsetOf(own);
    checkParty(context, block, 'Dbtr', charset);
    checkParty(context, block, 'UltmtDbtr', charset);
    for (const transfer of own) {
      const endToEndId = textAt(transfer, ['PmtId', 'EndToEndId']) ?? '';
      const inTransfer: Context = { violations, where: `CdtTrfTxInf ${endToEndId}`, endToEndId };
      checkTransfer(
        inTransfer,
        transfer,
        isSepa || isSepaTransfer(transfer),
        domestic.has(transfer),
      );
      const payment = childrenNamed(transfer, 'PmtId')[0];
      if (payment) once(inTransfer, payment, 'EndToEndId');
    }
  }
  return violations;
}

function checkTransfer(
  context: Context,
  transfer: XmlElement,
  isSepa: boolean,
  isDomestic: boolean,
): void {
  const charset: Charset = isDomestic ? 'slovenian' : 'epc';
  const payment = childrenNamed(transfer, 'PmtId')[0];
  if (payment) {
    checkIdentifier(context, payment, 'InstrId', false, 'PmtId/');
    checkIdentifier(context, payment, 'EndToEndId', true, 'PmtId/');
  }
  const amount = elementsAt(transfer, ['Amt', 'InstdAmt'])[0];
  const cents = toCents(amount?.text ?? '');
  if (!amount || !AMOUNT.test(amount.text) || cents === undefined || cents <= 0n) {
    add(context, 'payments.epc.amount', 'Amt/InstdAmt', amount?.text ?? '');
  } else if (isSepa && amount.attributes.Ccy !== 'EUR') {
    add(context, 'payments.epc.currency', 'Amt/InstdAmt/@Ccy', amount.attributes.Ccy ?? '');
  }
  if (isSepa) checkChargeBearer(context, transfer);
  checkParty(context, transfer, 'Cdtr', charset);
  checkParty(context, transfer, 'UltmtCdtr', charset);
  checkParty(context, transfer, 'UltmtDbtr', charset);
  for (const agent of ['CdtrAgt', 'IntrmyAgt1']) {
    const institution = elementsAt(transfer, [agent, 'FinInstnId'])[0];
    // A bank's name is Max140Text; its characters are the payment's.
    if (institution) checkParty(context, institution, '', charset, `${agent}/FinInstnId/`, 140);
  }
  checkRemittance(context, transfer, charset);
}

/** SEPA: SvcLvl/Cd SEPA on the block (as writePain001 puts it) or on the transaction. */
const isSepaBlock = (block: XmlElement) => textAt(block, ['PmtTpInf', 'SvcLvl', 'Cd']) === 'SEPA';
const isSepaTransfer = (transfer: XmlElement) =>
  textAt(transfer, ['PmtTpInf', 'SvcLvl', 'Cd']) === 'SEPA';

/** A SEPA payment in euros to a Slovenian IBAN (paymentTypeOf's SEPA_SI). */
function isDomestic(inSepaBlock: boolean, transfer: XmlElement): boolean {
  const iban = textAt(transfer, ['CdtrAcct', 'Id', 'IBAN']) ?? '';
  const currency = elementsAt(transfer, ['Amt', 'InstdAmt'])[0]?.attributes.Ccy;
  return (inSepaBlock || isSepaTransfer(transfer)) && currency === 'EUR' && iban.startsWith('SI');
}

function add(
  context: Context,
  code: EpcRuleCode,
  element: string,
  value: string,
  extra: (string | number)[] = [],
): void {
  context.violations.push({
    code,
    where: context.where,
    ...(context.endToEndId !== undefined ? { endToEndId: context.endToEndId } : {}),
    element,
    value,
    extra,
  });
}

/** MsgId, PmtInfId, InstrId, EndToEndId: 1–35 EPC characters, no '/' at an end, no '//'. */
function checkIdentifier(
  context: Context,
  parent: XmlElement,
  name: string,
  isRequired: boolean,
  prefix = '',
): void {
  const value = textAt(parent, [name]);
  if (value === undefined) {
    if (isRequired) add(context, 'payments.epc.identifier', `${prefix}${name}`, '');
    return;
  }
  const characters = [...value];
  if (
    characters.length > MAX.id ||
    characters.some((character) => !EPC_CHARACTER.test(character) || character === ' ') ||
    value.startsWith('/') ||
    value.endsWith('/') ||
    value.includes('//')
  ) {
    add(context, 'payments.epc.identifier', `${prefix}${name}`, value);
  }
}

/** NbOfTxs and CtrlSum (in cents, so 10.1 and 10.10 agree) against the transactions. */
function checkTotals(context: Context, parent: XmlElement, transfers: readonly XmlElement[]) {
  const count = textAt(parent, ['NbOfTxs']);
  if (count !== String(transfers.length)) {
    add(context, 'payments.epc.count', 'NbOfTxs', count ?? '', [transfers.length]);
  }
  const amounts = transfers.map((transfer) =>
    toCents(elementsAt(transfer, ['Amt', 'InstdAmt'])[0]?.text ?? ''),
  );
  // An amount that is not one is its transaction's violation, not the sum's.
  if (amounts.some((cents) => cents === undefined)) return;
  const sum = formatCents(amounts.reduce<bigint>((total, cents) => total + (cents ?? 0n), 0n));
  const declared = textAt(parent, ['CtrlSum']);
  const declaredCents = declared === undefined ? undefined : toCents(declared);
  if (declaredCents === undefined || formatCents(declaredCents) !== sum) {
    add(context, 'payments.epc.controlSum', 'CtrlSum', declared ?? '', [sum]);
  }
}

function checkChargeBearer(context: Context, parent: XmlElement): void {
  const bearer = textAt(parent, ['ChrgBr']);
  // On a transaction it may be left out (the block's applies); on a block EPC wants it.
  if (bearer === undefined ? parent.name === 'PmtInf' : bearer !== 'SLEV') {
    add(context, 'payments.epc.chargeBearer', 'ChrgBr', bearer ?? '');
  }
}

/** A party's Nm (≤70) and PstlAdr (≤2 AdrLine of ≤70), in the charset. */
function checkParty(
  context: Context,
  parent: XmlElement,
  name: string,
  charset: Charset,
  prefix = '',
  maxName: number = MAX.name,
): void {
  const party = name === '' ? parent : childrenNamed(parent, name)[0];
  if (!party) return;
  const path = `${prefix}${name === '' ? '' : `${name}/`}`;
  checkText(context, party, ['Nm'], maxName, charset, path);
  const address = childrenNamed(party, 'PstlAdr')[0];
  if (!address) return;
  const lines = childrenNamed(address, 'AdrLine');
  if (lines.length > MAX.addressLines) {
    add(context, 'payments.epc.addressLines', `${path}PstlAdr/AdrLine`, lines[2]?.text ?? '', [
      MAX.addressLines,
    ]);
  }
  for (const child of address.children) {
    if (child.name === 'Ctry') continue;
    const max = child.name === 'AdrLine' ? MAX.addressLine : Number.POSITIVE_INFINITY;
    checkValue(context, `${path}PstlAdr/${child.name}`, child.text, max, charset);
  }
}

function checkText(
  context: Context,
  parent: XmlElement,
  path: readonly string[],
  max: number,
  charset: Charset,
  prefix = '',
): void {
  for (const element of elementsAt(parent, path)) {
    checkValue(context, `${prefix}${path.join('/')}`, element.text, max, charset);
  }
}

function checkValue(
  context: Context,
  element: string,
  value: string,
  max: number,
  charset: Charset,
): void {
  const characters = [...value];
  if (characters.length > max) add(context, 'payments.epc.tooLong', element, value, [max]);
  const wrong = characters.find(
    (character) =>
      !EPC_CHARACTER.test(character) &&
      !(charset === 'slovenian' && SLOVENIAN_LETTER.test(character)),
  );
  if (wrong !== undefined) add(context, 'payments.epc.character', element, value, [wrong]);
}

/** One Ustrd (≤140) or one Strd, never both; the reference in EPC characters only. */
function checkRemittance(context: Context, transfer: XmlElement, charset: Charset): void {
  const information = childrenNamed(transfer, 'RmtInf')[0];
  if (!information) return;
  const unstructured = childrenNamed(information, 'Ustrd');
  const structured = childrenNamed(information, 'Strd');
  if (unstructured.length + structured.length > 1) {
    const names = [...unstructured, ...structured].map((each) => each.name).join(' + ');
    add(context, 'payments.epc.remittance', 'RmtInf', names);
  }
  for (const each of unstructured) {
    checkValue(context, 'RmtInf/Ustrd', each.text, MAX.ustrd, charset);
  }
  for (const each of structured) {
    for (const reference of elementsAt(each, ['CdtrRefInf', 'Ref'])) {
      checkValue(context, 'RmtInf/Strd/CdtrRefInf/Ref', reference.text, MAX.id, 'epc');
    }
    for (const additional of childrenNamed(each, 'AddtlRmtInf')) {
      checkValue(context, 'RmtInf/Strd/AddtlRmtInf', additional.text, MAX.ustrd, charset);
    }
  }
}
