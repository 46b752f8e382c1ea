import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/errors';
import { buildDownload, DOWNLOAD_ERROR_CODES, DownloadError, type DownloadMode } from './download';
import { bufferFile, collect, document, fixture, pdfOfPages } from './test-inputs';

const catalogue = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../translations/catalogue',
);
const messages = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(path.join(catalogue, locale, 'download.json'), 'utf8')) as Record<
    string,
    string
  >;

describe('original download', () => {
  it('hands back the main file byte for byte, with its type and name', async () => {
    const bytes = await pdfOfPages('1', '2');
    const main = bufferFile('Račun št. 17.pdf', 'pdf', bytes);
    const attachment = bufferFile('priloga.png', 'png', fixture('sample.png'));
    const bundle = await buildDownload('original', [document('17', [main], [attachment])], {});
    expect(bundle.contentType).toBe('application/pdf');
    expect(bundle.filename).toBe('Račun št. 17.pdf');
    expect((await collect(bundle.stream)).equals(bytes)).toBe(true);
    expect(attachment.opened).toBe(0);
  });

  it('refuses two documents with 400 and the count', async () => {
    const one = document('1', [bufferFile('a.pdf', 'pdf', Buffer.from('%PDF-'))]);
    const error = await buildDownload('original', [one, one], {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DownloadError);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      statusCode: 400,
      code: 'download.oneDocumentForOriginal',
      parameters: [2],
      errors: [{ code: 'download.oneDocumentForOriginal', parameters: [2] }],
    });
  });

  it('refuses a document that has only attachments, naming it', async () => {
    const attachment = bufferFile('priloga.png', 'png', fixture('sample.png'));
    await expect(
      buildDownload('original', [document('2026/17', [], [attachment])], {}),
    ).rejects.toMatchObject({ code: 'download.noMainFile', parameters: ['2026/17'] });
  });
});

describe('any download', () => {
  it.each<DownloadMode>(['original', 'zip', 'pdf'])(
    'refuses no documents in %s mode',
    async (mode) => {
      await expect(buildDownload(mode, [], {})).rejects.toMatchObject({
        code: 'download.noDocuments',
      });
    },
  );

  it('names the bundle with the date on the caller’s clock', async () => {
    const documents = [document('1', [bufferFile('a.txt', 'text', Buffer.from('a'))])];
    const now = new Date('2026-03-31T22:30:00Z');
    const at = (timeZone?: string) => buildDownload('zip', documents, { now, timeZone });
    expect((await at('Europe/Ljubljana')).filename).toBe('documents-2026-04-01.zip');
    expect((await at()).filename).toBe('documents-2026-03-31.zip');
    expect((await at('Mars/Olympus')).filename).toBe('documents-2026-03-31.zip');
    const pdf = await buildDownload('pdf', documents, { now, timeZone: 'Europe/Ljubljana' });
    expect(pdf).toMatchObject({
      contentType: 'application/pdf',
      filename: 'documents-2026-04-01.pdf',
    });
  });

  it('has a message for every error code in both languages, with the same keys', () => {
    const english = messages('en-gb');
    const slovene = messages('sl');
    expect(Object.keys(slovene).sort()).toEqual(Object.keys(english).sort());
    for (const code of DOWNLOAD_ERROR_CODES) {
      expect(english[code], code).toBeTruthy();
      expect(slovene[code], code).toBeTruthy();
    }
  });
});
