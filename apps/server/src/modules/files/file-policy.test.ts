import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { translate } from '../../plugins/i18n';
import { checkUpload, type FileRole, type UploadCheck } from './file-policy';
import { ole, zip } from './fixtures/builders';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const MB = 2 ** 20;

function check(head: Buffer, name: string, role: FileRole = 'main', size = head.length) {
  return checkUpload({ head, name, size, role, maxBytes: 10 * MB });
}

const problemOf = (result: UploadCheck) => (result.ok ? undefined : result.problem);

describe('the main file of an invoice', () => {
  it('accepts a scan or a PDF, and names it safely', () => {
    const result = check(fixture('sample.png'), 'C:\\Skeni\\račun\u0000 12.png');
    expect(result).toEqual({
      ok: true,
      safeName: 'račun 12.png',
      type: { kind: 'png', mime: 'image/png', extension: 'png' },
    });
    expect(check(fixture('sample.pdf'), 'Račun.PDF').ok).toBe(true);
    expect(check(fixture('sample.tif'), 'sken.tiff').ok).toBe(true);
    expect(check(fixture('sample.jpg'), 'sken.jpeg').ok).toBe(true);
    expect(check(fixture('sample.jpg'), 'sken.JPG').ok).toBe(true);
  });

  it('accepts an e-invoice with an .xml name or none', () => {
    const result = check(fixture('CII_example1.xml'), 'e-račun');
    expect(result).toMatchObject({
      ok: true,
      safeName: 'e-račun',
      type: { einvoiceFormat: 'cii' },
    });
    expect(check(fixture('eslog20_constructed_minimal_invoice.xml'), 'eRacun.XML').ok).toBe(true);
  });

  it('refuses a docx, which can only be an attachment', () => {
    expect(problemOf(check(fixture('sample.docx'), 'dopis.docx'))).toEqual({
      code: 'files.typeNotAllowed',
      parameters: ['DOCX', 'PDF, PNG, JPEG, TIFF, XML (e-SLOG, UBL, CII)', 'dopis.docx'],
    });
    expect(check(fixture('sample.docx'), 'dopis.docx', 'attachment').ok).toBe(true);
  });

  it('refuses plain XML that is no e-invoice', () => {
    const head = Buffer.from('<?xml version="1.0"?><Document xmlns="urn:x"/>');
    expect(problemOf(check(head, 'nalog.xml'))).toMatchObject({ code: 'files.typeNotAllowed' });
    expect(check(head, 'nalog.xml', 'attachment').ok).toBe(true);
  });
});

describe('attachments', () => {
  it.each([
    ['sample.xlsx', 'tabela.xlsx'],
    ['sample.odt', 'dopis.odt'],
    ['sample.ods', 'tabela.ods'],
    ['sample.csv', 'cenik.csv'],
    ['sample.csv', 'cenik.txt'],
    ['sample.pdf', 'priloga.pdf'],
  ])('accepts %s named %s', (fixtureName, name) => {
    expect(check(fixture(fixtureName), name, 'attachment').ok).toBe(true);
  });

  it('accepts old Office files', () => {
    expect(check(ole(['WordDocument']), 'star dopis.doc', 'attachment')).toMatchObject({
      ok: true,
      type: { kind: 'doc', mime: 'application/msword' },
    });
  });
});

describe('names that do not match the content', () => {
  it('refuses a PNG named .pdf', () => {
    const result = check(fixture('sample.png'), 'invoice.pdf');
    expect(problemOf(result)).toEqual({
      code: 'files.typeMismatch',
      parameters: ['invoice.pdf', 'PNG', 'PDF'],
    });
    expect(result).toMatchObject({ type: { kind: 'png' } });
  });

  it('names the e-invoice format it found', () => {
    expect(problemOf(check(fixture('BIS3_Invoice_positive.xml'), 'račun.pdf'))).toEqual({
      code: 'files.typeMismatch',
      parameters: ['račun.pdf', 'UBL 2.1', 'PDF'],
    });
  });

  it('refuses an extension of another type even for an allowed kind', () => {
    expect(problemOf(check(fixture('sample.xlsx'), 'tabela.docx', 'attachment'))).toMatchObject({
      code: 'files.typeMismatch',
    });
    expect(problemOf(check(fixture('sample.pdf'), 'invoice.pdf.exe'))).toMatchObject({
      code: 'files.typeMismatch',
      parameters: ['invoice.pdf.exe', 'PDF', 'EXE'],
    });
    expect(problemOf(check(fixture('sample.pdf'), 'Račun 12.3'))).toBeUndefined();
  });
});

describe('other refusals', () => {
  it('refuses an empty file', () => {
    expect(problemOf(check(Buffer.alloc(0), 'račun.pdf'))).toEqual({
      code: 'files.empty',
      parameters: ['račun.pdf'],
    });
  });

  it('refuses a file over the limit, in MB with one decimal', () => {
    const head = fixture('sample.pdf');
    expect(problemOf(check(head, 'sken.pdf', 'main', 12.34 * MB))).toEqual({
      code: 'files.tooLarge',
      parameters: ['12,3', '10,0', 'sken.pdf'],
    });
    expect(problemOf(check(head, 'sken.pdf', 'main', 10 * MB + 1))).toMatchObject({
      parameters: ['10,1', '10,0', 'sken.pdf'],
    });
    expect(check(head, 'sken.pdf', 'main', 10 * MB).ok).toBe(true);
  });

  it('refuses a name of which nothing usable remains', () => {
    expect(problemOf(check(fixture('sample.pdf'), '../..'))).toEqual({
      code: 'files.badName',
      parameters: [],
    });
  });

  it('refuses XML with a DOCTYPE', () => {
    const head = Buffer.from(
      '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa">]><Invoice xmlns="urn:eslog:2.00">&a;</Invoice>',
    );
    expect(problemOf(check(head, 'eracun.xml', 'attachment'))).toMatchObject({
      code: 'files.xmlDoctype',
      parameters: ['eracun.xml'],
    });
  });

  it('refuses unknown, encrypted and macro-enabled files with what to do', () => {
    expect(problemOf(check(Buffer.from([0x4d, 0x5a, 0x90, 0x00]), 'račun.exe'))).toMatchObject({
      code: 'files.typeUnknown',
    });
    const encrypted = ole(['EncryptionInfo', 'EncryptedPackage']);
    expect(problemOf(check(encrypted, 'plače.xlsx', 'attachment'))).toMatchObject({
      code: 'files.encrypted',
    });
    const macros = zip([
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: 'xl/vbaProject.bin', data: 'x' },
    ]);
    expect(problemOf(check(macros, 'tabela.xlsm', 'attachment'))).toMatchObject({
      code: 'files.macros',
    });
  });
});

describe('messages of the refusals', () => {
  const refusals: UploadCheck[] = [
    check(Buffer.alloc(0), 'prazna.pdf'),
    check(fixture('sample.pdf'), '..'),
    check(fixture('sample.pdf'), 'velika.pdf', 'main', 20 * MB),
    check(fixture('sample.docx'), 'dopis.docx'),
    check(fixture('sample.png'), 'invoice.pdf'),
    check(Buffer.from('<!DOCTYPE x><x/>'), 'x.xml'),
    check(Buffer.from([0, 1, 2, 3]), 'x.bin'),
    check(ole(['EncryptedPackage']), 'x.xlsx'),
    check(zip([{ name: 'word/vbaProject.bin', data: 'x' }]), 'x.docm'),
  ];

  it.each(['en-gb', 'sl'] as const)(
    'are in the %s catalogue with every parameter filled',
    (locale) => {
      const codes = new Set<string>();
      for (const result of refusals) {
        const problem = problemOf(result);
        if (!problem) throw new Error('expected a refusal');
        codes.add(problem.code);
        const text = translate(locale, problem.code, problem.parameters);
        expect(text, problem.code).not.toBe(problem.code);
        expect(text, problem.code).not.toMatch(/\{\d\}/);
        for (const parameter of problem.parameters ?? []) expect(text).toContain(String(parameter));
      }
      expect(codes.size).toBe(refusals.length);
    },
  );

  it('reads as the issue asks for a renamed file', () => {
    const problem = problemOf(check(fixture('sample.png'), 'invoice.pdf'));
    expect(translate('en-gb', problem?.code ?? '', problem?.parameters)).toBe(
      'The content of invoice.pdf does not match its name: it is PNG, not PDF. ' +
        'Upload the right file, or correct the extension in its name.',
    );
    expect(translate('sl', problem?.code ?? '', problem?.parameters)).toBe(
      'Vsebina datoteke invoice.pdf se ne ujema z njenim imenom: datoteka je PNG, ne PDF. ' +
        'Naložite pravo datoteko ali popravite končnico v imenu.',
    );
  });
});
