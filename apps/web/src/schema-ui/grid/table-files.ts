import {
  ImportResponseSchema,
  type ExportBody,
  type ImportResponse,
  type SpreadsheetFormat,
} from '@listina/contract';
import { ApiRequestError } from '../../api/api-error';
import { buildUrl, fetchApi } from '../../api/client';
import { ioRoutesOf } from '../api';

/**
 * Export and import of a table as a file (spec §7: POST /api/{table}/export and /import, under
 * /api/cl for code lists). These carry a binary answer or a multipart body, which callApi does not, so they
 * go through fetchApi: the same spec §7 headers and spec §8 failures.
 */

/** The name a content-disposition header gives (RFC 6266: filename* wins over filename). */
export function filenameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // a malformed escape: fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"((?:[^"\\]|\\.)*)"|filename\s*=\s*([^;]+)/.exec(header);
  const name = plain?.[1] ?? plain?.[2]?.trim();
  return name ? name.replace(/\\(.)/g, '$1') : fallback;
}

/** Hands a blob to the browser as a download under this name (spec §7). */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: some browsers read the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** POST /api/cl/{table}/export (root tables: /api/{table}/export); resolves with the downloaded file's name. */
export async function exportTable(
  table: string,
  format: SpreadsheetFormat,
  body: ExportBody,
): Promise<string> {
  const url = buildUrl(ioRoutesOf(table).export.path, { name: table }, { format });
  const response = await fetchApi(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const filename = filenameFromDisposition(
    response.headers.get('content-disposition'),
    `${table}.${format}`,
  );
  saveFile(await response.blob(), filename);
  return filename;
}

export interface ImportOptions {
  dryRun: boolean;
  ignoreWarnings: boolean;
}

/** POST /api/cl/{table}/import (root tables: /api/{table}/import) with the file as the multipart part "file". */
export async function importTable(
  table: string,
  file: File,
  options: ImportOptions,
): Promise<ImportResponse> {
  const query = {
    ...(options.dryRun ? { dryRun: 'true' } : {}),
    ...(options.ignoreWarnings ? { ignoreWarnings: 'true' } : {}),
  };
  const url = buildUrl(ioRoutesOf(table).import.path, { name: table }, query);
  const form = new FormData();
  form.append('file', file, file.name);
  // No content-type header: the browser writes the multipart boundary itself.
  const response = await fetchApi(url, { method: 'POST', body: form });
  const parsed = ImportResponseSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) {
    throw new ApiRequestError({
      kind: 'response',
      status: response.status,
      statusText: response.statusText,
      data: null,
    });
  }
  return parsed.data;
}
