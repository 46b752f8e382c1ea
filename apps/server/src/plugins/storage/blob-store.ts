import type { Readable } from 'node:stream';

/**
 * Where document files live (ARCHITECTURE §2 "Files"): content addressed by its SHA-256,
 * written before the row that names it commits; orphans are collected by sweepOrphans.
 */
export interface BlobStore {
  readonly kind: 'local' | 's3';
  /**
   * Stores the content and returns its id (the lowercase hex SHA-256). The same content twice
   * is one blob. A source longer than maxBytes is refused with BlobTooLargeError and leaves
   * nothing behind; a stream source is consumed, and destroyed when refused.
   */
  put(source: Readable | Buffer, options?: PutOptions): Promise<PutResult>;
  /** The content as a stream; BlobNotFoundError for an unknown or malformed id. */
  open(id: string): Promise<Readable>;
  /** Size and age of a blob, undefined when there is none. */
  stat(id: string): Promise<BlobInfo | undefined>;
  /** Removes a blob; removing one that is not there is not an error. */
  delete(id: string): Promise<void>;
  /** Every blob, in no promised order: what the sweep walks. */
  list(): AsyncIterable<BlobInfo>;
  /** Removes spool files of uploads abandoned before olderThan (a crash mid-upload). */
  removeStaleTemporary(olderThan: Date): Promise<number>;
  /**
   * Removes the spool files a killed process on this host left (issue 22). Each store runs it
   * once when created, which is when the server starts.
   */
  removeAbandonedTemporary(): Promise<number>;
}

export interface PutOptions {
  maxBytes?: number;
}

export interface PutResult {
  id: string;
  sha256: string;
  size: number;
}

export interface BlobInfo {
  id: string;
  size: number;
  modifiedAt: Date;
}

const BLOB_ID = /^[0-9a-f]{64}$/;

/** A blob's whole content, for readers that need it at once (text extraction, capture). */
export async function readBlob(store: BlobStore, id: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await store.open(id)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function isBlobId(value: string): boolean {
  return BLOB_ID.test(value);
}

/** Ids reach file paths and object keys: anything but 64 lowercase hex digits is refused. */
export function assertBlobId(id: string): void {
  if (!BLOB_ID.test(id)) throw new InvalidBlobIdError(id);
}

/** The root of the store's errors; routes map them to answers (a blob id is no user input). */
export class BlobStoreError extends Error {
  override name = 'BlobStoreError';
}

export class BlobNotFoundError extends BlobStoreError {
  override name = 'BlobNotFoundError';
  constructor(readonly id: string) {
    super(`blob ${JSON.stringify(id.slice(0, 80))} not found`);
  }
}

/** A malformed id names no blob, so it is a NotFound too; the subclass says why. */
export class InvalidBlobIdError extends BlobNotFoundError {
  override name = 'InvalidBlobIdError';
}

export class BlobTooLargeError extends BlobStoreError {
  override name = 'BlobTooLargeError';
  constructor(readonly maxBytes: number) {
    super(`content is larger than ${maxBytes} bytes`);
  }
}

/** A refusal by the S3-compatible server: its error code (SignatureDoesNotMatch, …) and status. */
export class S3RequestError extends BlobStoreError {
  override name = 'S3RequestError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`S3 ${status} ${code}: ${message}`);
  }
}
