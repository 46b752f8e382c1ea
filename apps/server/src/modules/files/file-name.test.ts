import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_NAME_BYTES, extensionOf, sanitizeFileName } from './file-name';

describe('sanitizeFileName', () => {
  it('keeps only the last path segment, whichever the separator', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('..\\..\\boot.ini')).toBe('boot.ini');
    expect(sanitizeFileName('C:\\Users\\Špela\\Računi/račun 12.pdf')).toBe('račun 12.pdf');
    expect(sanitizeFileName('/var/tmp/')).toBeUndefined();
  });

  it('refuses names that are only dots or nothing', () => {
    for (const name of ['', '.', '..', '...', '   ', ' . . ', 'a/..', '\u0000\u0001', '<>|']) {
      expect(sanitizeFileName(name), JSON.stringify(name)).toBeUndefined();
    }
  });

  it('removes control, bidirectional and forbidden characters and collapses whitespace', () => {
    expect(sanitizeFileName('ra\u0000čun\u0007.pdf')).toBe('račun.pdf');
    expect(sanitizeFileName('  račun\t\n  marec   2026 .pdf ')).toBe('račun marec 2026 .pdf');
    expect(sanitizeFileName('a<b>:"c|d?*e.pdf')).toBe('abcde.pdf');
    // U+202E would show this name as "invoiceexe.pdf".
    expect(sanitizeFileName('invoice\u202efdp.exe')).toBe('invoicefdp.exe');
    expect(sanitizeFileName('poročilo...')).toBe('poročilo');
  });

  it('composes letters (NFC) and keeps them', () => {
    const decomposed = 'Z\u030caga c\u030cs\u030c.pdf';
    expect(sanitizeFileName(decomposed)).toBe('Žaga čš.pdf');
    expect(sanitizeFileName('Ćevapčići, đuveč, Ærø.txt')).toBe('Ćevapčići, đuveč, Ærø.txt');
  });

  it('prefixes Windows device names, with or without an extension', () => {
    expect(sanitizeFileName('CON')).toBe('_CON');
    expect(sanitizeFileName('con.txt')).toBe('_con.txt');
    expect(sanitizeFileName('Aux.tar.gz')).toBe('_Aux.tar.gz');
    expect(sanitizeFileName('COM1.pdf')).toBe('_COM1.pdf');
    expect(sanitizeFileName('lpt9')).toBe('_lpt9');
    expect(sanitizeFileName('NUL .pdf')).toBe('_NUL .pdf');
    expect(sanitizeFileName('dir\\PRN.xml')).toBe('_PRN.xml');
    for (const name of ['CONTRACT.pdf', 'COM10.pdf', 'LPT0', 'nula.pdf', 'Console.txt']) {
      expect(sanitizeFileName(name)).toBe(name);
    }
  });

  it(`caps a name at ${MAX_NAME_BYTES} bytes between characters, keeping the extension`, () => {
    const name = sanitizeFileName(`${'č'.repeat(300)}.pdf`) ?? '';
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(MAX_NAME_BYTES);
    expect(Buffer.byteLength(name)).toBeGreaterThan(MAX_NAME_BYTES - 2);
    expect(name).toMatch(/^č+\.pdf$/u);
    expect(Buffer.from(name).toString('utf8')).toBe(name);

    const mixed = sanitizeFileName(`${'až'.repeat(150)}.xlsx`) ?? '';
    expect(Buffer.byteLength(mixed)).toBeLessThanOrEqual(MAX_NAME_BYTES);
    expect(mixed.endsWith('.xlsx')).toBe(true);

    const noExtension = sanitizeFileName(`račun.${'x'.repeat(300)}`) ?? '';
    expect(Buffer.byteLength(noExtension)).toBe(MAX_NAME_BYTES);
    expect(noExtension.startsWith('račun.xxx')).toBe(true);
  });

  const pathLike = fc
    .array(
      fc.oneof(
        fc.constantFrom('..', '.', '/', '\\', ' ', '\t', '\u0000', '\u202e', ':', 'CON', 'č', 'ž'),
        fc.string({ unit: 'binary', maxLength: 8 }),
      ),
      { maxLength: 40 },
    )
    .map((parts) => parts.join(''));

  it('never returns a path, a dot name, an over-long name or control characters', () => {
    fc.assert(
      fc.property(fc.oneof(pathLike, fc.string({ unit: 'binary', maxLength: 400 })), (name) => {
        const safe = sanitizeFileName(name);
        if (safe === undefined) return;
        expect(safe).not.toMatch(/[/\\\p{Cc}]/u);
        expect(safe).not.toMatch(/^\.*$/);
        expect(Buffer.byteLength(safe)).toBeLessThanOrEqual(MAX_NAME_BYTES);
        expect(safe).not.toMatch(/[\ud800-\udfff]/u); // no lone surrogates
        expect(sanitizeFileName(safe)).toBe(safe);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('extensionOf', () => {
  it('reads the extension in lower case, and none where there is none', () => {
    expect(extensionOf('Račun.PDF')).toBe('pdf');
    expect(extensionOf('arhiv.tar.gz')).toBe('gz');
    expect(extensionOf('scan')).toBe('');
    expect(extensionOf('.profile')).toBe('');
    expect(extensionOf('Račun 12.3')).toBe('');
    expect(extensionOf('dir.d/scan')).toBe('');
  });
});
