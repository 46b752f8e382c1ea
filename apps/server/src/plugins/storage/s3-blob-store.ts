import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  BlobNotFoundError,
  BlobStoreError,
  BlobTooLargeError,
  S3RequestError,
  assertBlobId,
  isBlobId,
  type BlobInfo,
  type BlobStore,
} from './blob-store';
import { EMPTY_SHA256, encodeRfc3986, sha256Hex, signRequest } from './sigv4';
import { removeAbandonedSpoolFiles, removeStaleSpoolFiles, spoolToFile } from './spool';
import { childText, childrenNamed, parseXml, type XmlElement } from './xml';

export interface S3BlobStoreOptions {
  /** http(s)://host[:port][/prefix]; the bucket follows in the path (path-style). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where a stream upload waits while its hash is computed; local disk. */
  spoolDir: string;
  /** Keys per ListObjectsV2 page (S3 gives at most 1000). */
  listPageSize?: number;
  /** Time limit of each call that carries no file (HEAD, DELETE, one list page). */
  timeoutMs?: number;
}

const PREFIX = 'blobs/';

interface Call {
  method: 'GET' | 'HEAD' | 'PUT' | 'DELETE';
  key?: string;
  query?: Record<string, string>;
  body?: Buffer | Readable;
  size?: number;
  payloadHash?: string;
  timeoutMs?: number;
}

/**
 * Blobs as objects `blobs/<sha256>` in an S3-compatible bucket, over fetch with our own SigV4.
 * An upload is hashed before it is sent (spooled to disk when it is a stream), so the request
 * carries x-amz-content-sha256 and the server refuses a body that changed on the way.
 */
export function createS3BlobStore(options: S3BlobStoreOptions): BlobStore {
  const endpoint = new URL(options.endpoint);
  const basePath = endpoint.pathname.replace(/\/+$/, '');
  const pageSize = options.listPageSize ?? 1000;
  const timeoutMs = options.timeoutMs ?? 30_000;

  async function call(c: Call): Promise<Response> {
    const url = new URL(endpoint.origin);
    url.pathname = `${basePath}/${encodeRfc3986(options.bucket)}/${c.key ?? ''}`;
    url.search = Object.entries(c.query ?? {})
      .map(([name, value]) => `${encodeRfc3986(name)}=${encodeRfc3986(value)}`)
      .join('&');
    const { headers } = signRequest(
      { method: c.method, url, payloadHash: c.payloadHash ?? EMPTY_SHA256 },
      options,
    );
    if (c.size !== undefined) headers['content-length'] = String(c.size);
    // A stream body needs half duplex, which RequestInit's type does not list yet.
    const init: RequestInit & { duplex?: 'half' } = {
      method: c.method,
      headers,
      signal: c.timeoutMs ? AbortSignal.timeout(c.timeoutMs) : null,
    };
    if (c.body) {
      init.body = c.body instanceof Readable ? Readable.toWeb(c.body) : c.body;
      init.duplex = 'half';
    }
    try {
      return await fetch(url, init);
    } catch (error) {
      throw new BlobStoreError(`S3 ${c.method} ${url.host} failed: ${String(error)}`, {
        cause: error,
      });
    }
  }

  async function upload(key: string, sha256: string, size: number, body: Buffer | Readable) {
    const res = await call({ method: 'PUT', key, body, size, payloadHash: sha256 });
    if (!res.ok) throw await refusal(res);
    await res.body?.cancel();
  }

  async function listPage(token: string | undefined): Promise<XmlElement> {
    const query: Record<string, string> = {
      'list-type': '2',
      prefix: PREFIX,
      'max-keys': String(pageSize),
      ...(token ? { 'continuation-token': token } : {}),
    };
    const res = await call({ method: 'GET', query, timeoutMs });
    if (!res.ok) throw await refusal(res);
    return readXml(await res.text());
  }

  // At start: what a killed process was spooling goes now, not with the hourly sweep.
  removeAbandonedSpoolFiles(options.spoolDir).catch(() => undefined);

  return {
    kind: 's3',

    // Always sent, even when the object exists: the PUT makes it young again, so a sweep
    // running before this upload's row commits keeps it.
    async put(source, putOptions) {
      const maxBytes = putOptions?.maxBytes;
      if (Buffer.isBuffer(source)) {
        if (maxBytes !== undefined && source.length > maxBytes) {
          throw new BlobTooLargeError(maxBytes);
        }
        const sha256 = sha256Hex(source);
        await upload(PREFIX + sha256, sha256, source.length, source);
        return { id: sha256, sha256, size: source.length };
      }
      const spooled = await spoolToFile(source, options.spoolDir, maxBytes);
      try {
        const { sha256, size } = spooled;
        await upload(PREFIX + sha256, sha256, size, createReadStream(spooled.file));
        return { id: sha256, sha256, size };
      } finally {
        await fs.rm(spooled.file, { force: true });
      }
    },

    async open(id) {
      assertBlobId(id);
      const res = await call({ method: 'GET', key: PREFIX + id });
      if (res.status === 404) {
        await res.body?.cancel();
        throw new BlobNotFoundError(id);
      }
      if (!res.ok) throw await refusal(res);
      return res.body ? Readable.fromWeb(res.body) : Readable.from([]);
    },

    async stat(id) {
      assertBlobId(id);
      const res = await call({ method: 'HEAD', key: PREFIX + id, timeoutMs });
      if (res.status === 404) return undefined;
      if (!res.ok) throw new S3RequestError(res.status, `HTTP${res.status}`, 'HEAD refused');
      return {
        id,
        size: Number(res.headers.get('content-length') ?? 0),
        modifiedAt: new Date(res.headers.get('last-modified') ?? 0),
      };
    },

    async delete(id) {
      assertBlobId(id);
      const res = await call({ method: 'DELETE', key: PREFIX + id, timeoutMs });
      if (!res.ok && res.status !== 404) throw await refusal(res);
      await res.body?.cancel();
    },

    async *list() {
      let token: string | undefined;
      do {
        const page = await listPage(token);
        for (const item of childrenNamed(page, 'Contents')) {
          const info = toBlobInfo(item);
          if (info) yield info;
        }
        token =
          childText(page, 'IsTruncated') === 'true'
            ? childText(page, 'NextContinuationToken')
            : undefined;
      } while (token);
    },

    removeStaleTemporary(olderThan) {
      return removeStaleSpoolFiles(options.spoolDir, olderThan);
    },

    removeAbandonedTemporary() {
      return removeAbandonedSpoolFiles(options.spoolDir);
    },
  };
}

function toBlobInfo(item: XmlElement): BlobInfo | undefined {
  const id = (childText(item, 'Key') ?? '').slice(PREFIX.length);
  if (!isBlobId(id)) return undefined;
  return {
    id,
    size: Number(childText(item, 'Size') ?? 0),
    modifiedAt: new Date(childText(item, 'LastModified') ?? 0),
  };
}

function readXml(text: string): XmlElement {
  try {
    return parseXml(text);
  } catch (error) {
    throw new BlobStoreError(`unreadable answer from S3: ${String(error)}`, { cause: error });
  }
}

/** The server's <Error> document as a typed error; its code when it sent one. */
async function refusal(res: Response): Promise<S3RequestError> {
  const text = await res.text().catch(() => '');
  let code = `HTTP${res.status}`;
  let message = res.statusText;
  try {
    const error = parseXml(text);
    code = childText(error, 'Code') ?? code;
    message = childText(error, 'Message') ?? message;
  } catch {
    // Not XML (a proxy's page, say): the status is all there is.
  }
  return new S3RequestError(res.status, code, message);
}
