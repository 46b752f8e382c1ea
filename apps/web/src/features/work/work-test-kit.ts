import type { DocFile, PreviewInfo, TableRecord, Tile } from '@listina/contract';
import type { SchemaInput } from '@listina/forms';
import { json, organizations, signedIn, type Handler } from '../../test/fake-api';

/** Test data and fakes for the workspace's component tests (not a test file itself). */

/** A doc schema as the server serves it, trimmed to fields that need no lookups. */
export const docSchema: SchemaInput = {
  id: 'doc',
  labelId: 'doc.title',
  options: { canShowPreview: true },
  fields: [
    { name: 'number', dataType: 'text', inputType: 'text', labelId: 'doc.number' },
    { name: 'issueDate', dataType: 'date', inputType: 'date', labelId: 'doc.issueDate' },
    {
      name: 'totalAmount',
      dataType: 'decimal',
      inputType: 'currency',
      labelId: 'doc.totalAmount',
    },
    {
      name: 'status',
      dataType: 'text',
      inputType: 'label',
      labelId: 'doc.status',
      readonly: true,
    },
    {
      name: 'costLines',
      inputType: 'grid',
      labelId: 'doc.costLines',
      schema: {
        id: 'docCostLine',
        labelId: 'docCostLine.title',
        allowEmptyArray: true,
        fields: [
          { name: 'account', dataType: 'text', inputType: 'text', labelId: 'docCostLine.account' },
          {
            name: 'amount',
            dataType: 'decimal',
            inputType: 'currency',
            labelId: 'docCostLine.amount',
          },
        ],
      },
    },
  ],
};

export const tiles: Tile[] = [
  {
    filterId: 'drafts',
    labelId: 'tiles.drafts',
    label: 'Drafts',
    count: 3,
    filter: ['status:draft'],
  },
  {
    filterId: 'active',
    labelId: 'tiles.active',
    label: 'In approval',
    count: 1234,
    filter: ['status:active'],
  },
];

/**
 * A list row with the facts the server sends for the user: an active document is in a workflow
 * and not confirmed by them; `more` adds or changes them (isMyTask: it waits for the user).
 */
export function docRow(n: number, status = 'draft', more: Partial<TableRecord> = {}): TableRecord {
  return {
    isMyTask: false,
    isInWorkflow: status === 'active',
    isConfirmedByMe: false,
    id: n,
    key: `d-${n}`,
    version: 1,
    displayTitle: `R-${String(n).padStart(6, '0')}`,
    number: `R-${String(n).padStart(6, '0')}`,
    issueDate: '2026-03-01',
    totalAmount: `${100 + n}.00`,
    status,
    ...more,
  };
}

export function docFile(key: string, overrides: Partial<DocFile> = {}): DocFile {
  return {
    key,
    fileTypeCode: 'attachment',
    visibility: 1,
    url: `/api/file/${key}-token`,
    downloadUrl: `/api/file/${key}-token?download=1`,
    fileType: 'png',
    mime: 'image/png',
    einvoiceFormat: null,
    previewTitle: `${key}.png`,
    name: `${key}.png`,
    size: 10,
    sha256: `sha-${key}`,
    createdAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A document's preview; its file actions are the user's unless told (canChangeFiles). */
export function previewInfo(
  documentKey: string,
  files: DocFile[],
  canChangeFiles = true,
): PreviewInfo {
  return {
    documentKey,
    files,
    fileTypeCodes: [
      { code: 'main', label: 'Document' },
      { code: 'attachment', label: 'Attachment' },
    ],
    documents: files.filter((file) => file.fileTypeCode === 'main').map((file) => file.key),
    attachments: files.filter((file) => file.fileTypeCode === 'attachment').map((file) => file.key),
    expiresAt: '2099-01-01T00:00:00.000Z',
    canChangeFiles,
  };
}

/** The doc table as GET /api/cl lists it to a writer: a root table with its sort keys. */
export const docEntity = {
  name: 'doc',
  labelId: 'doc.title',
  label: 'Documents',
  canWrite: true,
  canCreate: true,
  canDelete: true,
  sortKeys: ['number', 'issueDate', 'dueDate', 'receivedDate', 'totalAmount'],
  root: true,
};

/** The answer of GET and PUT /api/savedFilter/doc (a user who never saved any: no time). */
export function savedFilter(filter: string[], updatedAt: string | null = null) {
  return json({ table: 'doc', filter, updatedAt });
}

/**
 * A signed-in user of org-1 with the document calls answered: GET /api/cl with doc, the doc
 * schema, the tiles, a list of rows, and no saved filters (saving answers what was sent).
 */
export function workApi(handlers: Record<string, Handler> = {}, rows = [docRow(1), docRow(2)]) {
  return signedIn(organizations(1), {
    'GET /api/cl': () => json({ items: [docEntity] }),
    'GET /api/cl/schema/:name': () => json(docSchema),
    'GET /api/tile': () => json({ items: tiles }),
    'GET /api/doc': () => json({ items: rows, nextCursor: null }),
    'GET /api/savedFilter/:table': () => savedFilter([]),
    'PUT /api/savedFilter/:table': ({ body }) =>
      savedFilter((body as { filter: string[] }).filter, '2026-03-02T10:00:00.000Z'),
    ...handlers,
  });
}
