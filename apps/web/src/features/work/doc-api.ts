import { useQuery } from '@tanstack/react-query';
import {
  documentDownloadRoutes,
  documentFileRoutes,
  documentRoutes,
  UPLOAD_PARTS,
  type FileTypeCode,
} from '@listina/contract';
import type { Model } from '@listina/forms';
import { buildUrl, callApi, callMultipart, fetchApi } from '../../api/client';
import { CUSTOMER_HISTORY_COUNT } from '../../app/constants';
import { tableQueryKey } from '../../schema-ui/api';
import { filenameFromDisposition, saveFile } from '../../schema-ui/grid/table-files';

/**
 * The document calls of spec §7 beyond the generic table calls. Query keys live under the doc
 * table's key, so that a save, an activation or an undo refreshes them with the lists.
 */

export const DOC_TABLE = 'doc';

export const previewQueryKey = (documentKey: string) =>
  tableQueryKey(DOC_TABLE, 'preview', documentKey);

/** The query of a call repeated after its warnings (spec §4 Continue anyway). */
export const ignoring = (ignoreWarnings: boolean) =>
  ignoreWarnings ? { ignoreWarnings: 'true' as const } : {};

/**
 * POST /api/doc/activate: all or nothing, undoable. A suspected duplicate answers warnings
 * only, and nothing is activated unless asked again ignoring them.
 */
export function activateDocuments(keys: string[], ignoreWarnings = false) {
  return callApi(documentRoutes.activate, { query: ignoring(ignoreWarnings), body: { keys } });
}

/** POST /api/doc/download?mode=…: saved under the content-disposition name (spec §7). */
export async function downloadDocuments(
  keys: string[],
  mode: 'original' | 'zip' | 'pdf',
): Promise<string> {
  const url = buildUrl(documentDownloadRoutes.download.path, undefined, { mode });
  const response = await fetchApi(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ keys }),
  });
  const fallback = mode === 'zip' ? 'documents.zip' : 'documents.pdf';
  const filename = filenameFromDisposition(response.headers.get('content-disposition'), fallback);
  saveFile(await response.blob(), filename);
  return filename;
}

export interface UploadFiles {
  main: File;
  attachments: readonly File[];
}

/** POST /api/uploadDoc: a new draft from a main file, attachments and the form's values. */
export function uploadDocument(files: UploadFiles, model: Model, ignoreWarnings = false) {
  const form = new FormData();
  // The fields first, so that the server knows them before the files stream in.
  form.append(UPLOAD_PARTS.json, JSON.stringify(model));
  form.append(UPLOAD_PARTS.main, files.main, files.main.name);
  for (const file of files.attachments) form.append(UPLOAD_PARTS.attachments, file, file.name);
  return callMultipart(documentFileRoutes.uploadDoc, { query: ignoring(ignoreWarnings), form });
}

/** POST /api/doc/{key}/file/add (multipart "file" and the field "fileTypeCode"). */
export function addDocumentFile(documentKey: string, file: File, fileTypeCode: FileTypeCode) {
  const form = new FormData();
  form.append('fileTypeCode', fileTypeCode);
  form.append('file', file, file.name);
  return callMultipart(documentFileRoutes.addFile, { params: { id: documentKey }, form });
}

export function deleteDocumentFile(documentKey: string, fileKey: string) {
  return callApi(documentFileRoutes.deleteFile, { params: { id: documentKey, fileKey } });
}

export function makeMainFile(documentKey: string, fileKey: string) {
  return callApi(documentFileRoutes.mainFile, { params: { id: documentKey }, body: { fileKey } });
}

export function moveDocumentFile(documentKey: string, fileKey: string, to: FileTypeCode) {
  return callApi(documentFileRoutes.moveFile, {
    params: { id: documentKey, fileKey },
    body: { fileTypeCode: to },
  });
}

/** How long before its links expire a preview is asked for again. */
const LINK_EXPIRY_MARGIN_MS = 30_000;
/** A preview is asked for again after this long at the latest, whatever its links say. */
const PREVIEW_MAX_STALE_MS = 10 * 60_000;

/**
 * POST /api/doc/{key}/preview.info: the files with short-lived signed links. The answer holds
 * until shortly before its links expire (an upload's answer is used as it is).
 */
export function usePreviewInfo(documentKey: string, enabled = true) {
  return useQuery({
    queryKey: previewQueryKey(documentKey),
    enabled,
    queryFn: ({ signal }) =>
      callApi(documentFileRoutes.previewInfo, { params: { id: documentKey }, signal }),
    staleTime: (query) => {
      const expiresAt = Date.parse(query.state.data?.expiresAt ?? '');
      return Number.isNaN(expiresAt)
        ? 0
        : Math.min(
            PREVIEW_MAX_STALE_MS,
            Math.max(0, expiresAt - Date.now() - LINK_EXPIRY_MARGIN_MS),
          );
    },
  });
}

export interface CustomerHistoryInput {
  customerKey: string;
  documentKey?: string;
  documentTypeId?: number;
}

/** GET /api/doc/customerHistory: the partner's other documents, newest first. */
export function useCustomerHistory(input: CustomerHistoryInput | null) {
  return useQuery({
    queryKey: tableQueryKey(DOC_TABLE, 'customerHistory', input),
    queryFn: ({ signal }) =>
      callApi(documentRoutes.customerHistory, {
        query: {
          customerKey: input?.customerKey ?? '',
          ...(input?.documentKey ? { documentKey: input.documentKey } : {}),
          ...(input?.documentTypeId ? { documentTypeId: input.documentTypeId } : {}),
          count: CUSTOMER_HISTORY_COUNT,
        },
        signal,
      }),
    enabled: input !== null,
  });
}
