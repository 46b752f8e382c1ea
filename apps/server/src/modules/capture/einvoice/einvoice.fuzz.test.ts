import fc from 'fast-check';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { fuzz, xmlMutation } from '../../../../test/fuzz';
import { EInvoiceError, extractEmbeddedXml, parseEInvoice } from './einvoice';
import { parseXmlTree, readUntrustedXml } from './safe-xml';
import { fixture } from './test-invoices';

/**
 * Hostile e-invoices (issue 9): mutated e-SLOG, UBL and CII samples and mutated PDF/A-3
 * carriers give fields or an EInvoiceError (400 with a catalogue code), never another
 * exception; no entity is expanded, no file or URL is read.
 */

const SAMPLES = {
  eslog: fixture('eslog20_constructed_minimal_invoice.xml').toString('utf8'),
  ubl: fixture('ubl-tc434-example1.xml').toString('utf8'),
  cii: fixture('CII_example1.xml').toString('utf8'),
};

/** The result, or the EInvoiceError: anything else thrown fails the test. */
async function parseOrRefuse(parse: () => unknown): Promise<unknown> {
  try {
    return await parse();
  } catch (error) {
    if (!(error instanceof EInvoiceError)) throw error;
    expect(error.statusCode).toBe(400);
    return error;
  }
}

describe('e-invoice readers', () => {
  it.each(Object.entries(SAMPLES))(
    'parse or refuse every mutation of the %s sample',
    async (_, xml) => {
      await fc.assert(
        fc.asyncProperty(xmlMutation(xml), async (text) => {
          const result = await parseOrRefuse(() => parseEInvoice(Buffer.from(text)));
          // Nothing from outside the document: no host file, no expanded entity.
          expect(JSON.stringify(result ?? null)).not.toMatch(/root:x?:0:0|lollol/);
        }),
        fuzz(40),
      );
    },
  );

  it('tree reader: any bytes are a tree or an EInvoiceError', async () => {
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 300 }).map((array) => Buffer.from(array)),
      fc.string({ unit: 'binary', maxLength: 200 }).map((text) => Buffer.from(`<a>${text}</a>`)),
    );
    await fc.assert(
      fc.asyncProperty(bytes, async (input) => {
        await parseOrRefuse(() => parseXmlTree(readUntrustedXml(input)));
      }),
      fuzz(500),
    );
  });

  it('tree reader: element and attribute names cannot reach a prototype', async () => {
    for (const xml of [
      '<a __proto__="p"><b/></a>',
      '<a constructor="c" toString="t"><b/></a>',
      '<__proto__><polluted>p</polluted></__proto__>',
      '<a><constructor><prototype>p</prototype></constructor></a>',
    ]) {
      const root = await parseOrRefuse(() => parseXmlTree(xml));
      if (!(root instanceof EInvoiceError)) {
        expect(Object.getPrototypeOf((root as { attributes: object }).attributes)).toBeNull();
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).p).toBeUndefined();
  });

  it('embedded XML: a mutated PDF/A-3 carrier gives its XML, none, or an EInvoiceError', async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage([595, 842]);
    await pdf.attach(Buffer.from(SAMPLES.cii), 'factur-x.xml', { mimeType: 'text/xml' });
    const carrier = Buffer.from(await pdf.save({ useObjectStreams: false }));
    expect(await extractEmbeddedXml(carrier)).not.toBeNull();
    const mutation = fc.oneof(
      fc.nat(carrier.length).map((end) => carrier.subarray(0, end)),
      fc
        .array(fc.tuple(fc.nat(carrier.length - 1), fc.nat(255)), { minLength: 1, maxLength: 6 })
        .map((changes) => {
          const copy = Buffer.from(carrier);
          for (const [at, byte] of changes) copy[at] = byte;
          return copy;
        }),
    );
    await fc.assert(
      fc.asyncProperty(mutation, async (bytes) => {
        await parseOrRefuse(() => extractEmbeddedXml(bytes));
      }),
      fuzz(60),
    );
  });
});
