import type { Readable } from 'node:stream';

/** What POST /api/doc/download bundles (issue 5), read from the database by the route. */

export interface BundleFile {
  /** The file's safe name as stored (may repeat across documents). */
  name: string;
  /** A kind of modules/files/file-kinds.ts: 'pdf', 'png', 'einvoice-xml', ... */
  kind: string;
  mime: string;
  size: number;
  open(): Promise<Readable>;
}

export interface BundleDocument {
  /** Shown in names: the document number, else its key. */
  title: string;
  /** Main files first, then attachments. */
  files: { file: BundleFile; role: 'main' | 'attachment' }[];
}

export type DownloadMode = 'original' | 'zip' | 'pdf';

export interface Bundle {
  contentType: string;
  filename: string;
  stream: Readable;
}

export const mainFiles = (document: BundleDocument): BundleFile[] =>
  document.files.filter(({ role }) => role === 'main').map(({ file }) => file);
