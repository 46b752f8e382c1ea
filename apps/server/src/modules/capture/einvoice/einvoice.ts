import { SNIFF_BYTES } from '../../files/file-type';
import { sniffXml } from '../../files/xml-sniff';
import { captureFields, type CapturedFields, type CaptureProblem } from './captured-fields';
import { EInvoiceError } from './einvoice-error';
import type { InvoiceText } from './invoice-text';
import { readCii } from './read-cii';
import { readEslog } from './read-eslog';
import { readUbl } from './read-ubl';
import { parseXmlTree, readUntrustedXml, type XmlElement } from './safe-xml';
import { checkSchema, type SchemaFormat } from './schema-check';

export { EInvoiceError } from './einvoice-error';
export { extractEmbeddedXml } from './embedded-xml';
export type { CapturedField, CapturedFields, CaptureProblem } from './captured-fields';
export { FIELD_NAMES, type FieldName } from './invoice-text';

/**
 * Data capture from an e-invoice (issue 7, source 1): e-SLOG 2.0, UBL 2.1 / Peppol BIS 3 and
 * CII (also from a ZUGFeRD/Factur-X PDF, see extractEmbeddedXml). The values are exact, read
 * from their elements, and the file is validated against its official XSD.
 *
 * Confidence: 1 for a value read from a schema-valid file; 0.8 when the file fails its
 * schema but the value was still where EN 16931 / e-SLOG put it (the structure around it may
 * be wrong, so a person should look). A value Listina composed — a VAT ID given the prefix of
 * the supplier's country — gets 0.9 of that. A value that fails a check (check digits, dates,
 * sums) keeps its confidence: the file says so exactly; the problem says what is wrong.
 */

export type EInvoiceFormat = SchemaFormat;

export interface EInvoiceResult {
  format: EInvoiceFormat;
  /** Valid against the official XSD of its syntax. */
  valid: boolean;
  /** The first few schema errors, one line each; empty when valid. */
  schemaErrors: string[];
  /** The values found, as a document stores them; a field the file lacks is left out. */
  fields: CapturedFields;
  problems: CaptureProblem[];
  /** The kind of document (UNTDID 1001, three digits), when the file says. */
  documentTypeCode?: string;
}

export const CONFIDENCE_SCHEMA_VALID = 1;
export const CONFIDENCE_SCHEMA_INVALID = 0.8;

const READERS: Record<EInvoiceFormat, (root: XmlElement) => InvoiceText> = {
  eslog20: readEslog,
  ubl: readUbl,
  cii: readCii,
};

/**
 * The fields of an e-invoice XML file. Input that is not a readable e-invoice — too large, a
 * DOCTYPE or entities, too deep, not well-formed, another kind of XML, e-SLOG 1.6 — is an
 * EInvoiceError with a catalogue code; a readable one always gives a result, problems and
 * all.
 */
export async function parseEInvoice(bytes: Buffer): Promise<EInvoiceResult> {
  const xml = readUntrustedXml(bytes);
  const format = formatOf(xml);
  const root = parseXmlTree(xml);
  const schema = await checkSchema(format, xml);
  const confidence = schema.valid ? CONFIDENCE_SCHEMA_VALID : CONFIDENCE_SCHEMA_INVALID;
  const text = READERS[format](root);
  const { fields, problems } = captureFields(text, confidence);
  const typeCode = text.documentTypeCode?.trim();
  return {
    format,
    valid: schema.valid,
    schemaErrors: schema.errors,
    fields,
    problems,
    ...(typeCode && /^\d{3}$/.test(typeCode) ? { documentTypeCode: typeCode } : {}),
  };
}

/** The syntax by the root element and its namespace, as the upload sniffer tells it. */
function formatOf(xml: string): EInvoiceFormat {
  const sniff = sniffXml(Buffer.from(xml.slice(0, SNIFF_BYTES), 'utf8'));
  if (sniff?.kind !== 'einvoice-xml') throw new EInvoiceError('capture.einvoice.notEInvoice');
  if (sniff.einvoiceFormat === 'eslog16') {
    throw new EInvoiceError('capture.einvoice.unsupportedFormat', ['e-SLOG 1.6']);
  }
  return sniff.einvoiceFormat;
}
