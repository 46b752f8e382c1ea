import { expect, type Page, type Response } from '@playwright/test';

/** A value capture found, as the document's captureResult keeps it. */
export interface FoundValue {
  value: string;
  confidence: number;
  layout?: true;
  box?: { page: number; x: number; y: number; width: number; height: number };
}

/** The document as its capture left it (GET /api/doc/{key}). */
export interface CapturedDoc {
  key: string;
  captureState: string;
  documentTypeId?: number | null;
  captureResult: {
    fields: Record<string, FoundValue>;
    partner: { key: string; by: string } | null;
  } | null;
}

/** OCR takes a few seconds a page here, after the engine starts for the first scan. */
export const CAPTURE_TIMEOUT = 90_000;

/**
 * Chooses the file as the main file of the new document open in the editor, uploads it, and
 * resolves with the document once capture is done and the form is ready again. `watch` also
 * sees the editor show it reading with the form waiting (an OCR'd scan takes seconds; a text
 * PDF or a QR code may be read before the editor could show it).
 */
export async function uploadAndCapture(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
  options: { watch?: boolean } = {},
): Promise<CapturedDoc> {
  await page.getByTestId('doc-upload-main').setInputFiles(file);
  await expect(page.getByTestId('doc-upload-files')).toContainText(file.name);
  const uploaded = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/uploadDoc' && r.request().method() === 'POST',
  );
  // Listened for from the start: a document may be read before the editor first asks for it.
  const isDone = async (r: Response) =>
    /^\/api\/doc\/[0-9a-f-]{36}$/.test(new URL(r.url()).pathname) &&
    r.request().method() === 'GET' &&
    r.ok() &&
    ((await r.json()) as CapturedDoc).captureState === 'done';
  const done = page.waitForResponse(isDone, { timeout: CAPTURE_TIMEOUT });
  await page.getByTestId('doc-upload-submit').click();
  const response = await uploaded;
  expect(response.status(), await response.text()).toBe(201);
  const { item } = (await response.json()) as { item: { key: string } };
  await expect(page).toHaveURL(new RegExp(`/work/edit/${item.key}$`));
  if (options.watch) {
    await expect(page.getByTestId('doc-capture-progress')).toBeVisible();
    await expect(page.getByTestId('doc-capture-progress')).toContainText('Reading');
    await expect(page.getByTestId('field-number')).toBeDisabled();
  }
  const read = await done;
  expect(new URL(read.url()).pathname).toBe(`/api/doc/${item.key}`);
  const doc = (await read.json()) as CapturedDoc;
  await expect(page.getByTestId('doc-capture-progress')).toBeHidden({ timeout: CAPTURE_TIMEOUT });
  await expect(page.getByTestId('field-number')).toBeEnabled();
  return doc;
}
