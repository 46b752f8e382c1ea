import type { TableRecord } from '@listina/contract';
import { canActivateDoc, type DocActor } from '@listina/forms';
import type { MessageSpec } from '../../lib/errors';
import { costLinesProblem } from '../tables/entities/doc';

/**
 * What a document must hold before it is activated (issue 5: completeness per document type),
 * by the type's UNTDID 1001 code: an invoice, an advance invoice or a debit note is paid, so
 * it needs its due date as well; a credit note is not. A type without a code (other papers)
 * needs only the type. Cost allocation lines, when there are any, add up to the total.
 */
const PAID = ['customerKey', 'number', 'issueDate', 'dueDate', 'totalAmount', 'currencyCode'];
const REQUIRED_BY_TYPE_CODE: Record<string, readonly string[]> = {
  '380': PAID,
  '383': PAID,
  '386': PAID,
  '381': ['customerKey', 'number', 'issueDate', 'totalAmount', 'currencyCode'],
};

/** A writer of documents: activation is refused before, without the write right (changeState). */
const WRITER: DocActor = { isAdmin: false, canWriteDocs: true, isExtendedDataEntry: false };

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

/** The document as the user knows it: its number, else its key. */
const nameOf = (doc: TableRecord) =>
  typeof doc.number === 'string' && doc.number !== '' ? doc.number : doc.key;

/**
 * Why a document may not be activated: not a draft, no type, a field its type requires, lines
 * that do not add up. Each message names the document, and the field where there is one.
 */
export function activationProblems(
  doc: TableRecord,
  typeCodeOf: (documentTypeId: unknown) => string | null | undefined,
): MessageSpec[] {
  const name = nameOf(doc);
  // The rule the web offers activation by (packages/forms doc-rights, issue 24).
  if (!canActivateDoc({ status: doc.status }, WRITER)) {
    return [
      { code: 'errors.doc.notDraft', parameters: [name, String(doc.status)], field: 'status' },
    ];
  }
  if (isBlank(doc.documentTypeId)) {
    return [{ code: 'errors.doc.missingField', parameters: [name], field: 'documentTypeId' }];
  }
  const required = REQUIRED_BY_TYPE_CODE[typeCodeOf(doc.documentTypeId) ?? ''] ?? [];
  const problems: MessageSpec[] = required
    .filter((field) => isBlank(doc[field]))
    .map((field) => ({ code: 'errors.doc.missingField', parameters: [name], field }));
  const lines = costLinesProblem(doc);
  if (lines) problems.push({ ...lines, parameters: [...(lines.parameters ?? []), name] });
  return problems;
}
