import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for the Authorization header, as S3 and every S3-compatible store
 * expect it. Written here rather than taken from the AWS SDK: one module, no dependency tree.
 */
export interface SigningCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service?: string;
}

export interface SignableRequest {
  method: string;
  url: URL;
  /** Headers to send and sign besides host, x-amz-date and x-amz-content-sha256. */
  headers?: Record<string, string>;
  /** Hex SHA-256 of the body; S3 checks the body against it. */
  payloadHash: string;
}

export interface SignedRequest {
  /** Every header to send, authorization included (fetch adds host itself). */
  headers: Record<string, string>;
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
}

export const EMPTY_SHA256 = sha256Hex('');

export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** RFC 3986 unreserved characters stay, everything else is %XX with upper-case digits. */
export function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** Each path segment decoded, then encoded once; S3 paths are not normalised (no ./..). */
export function canonicalUri(pathname: string): string {
  const encoded = pathname
    .split('/')
    .map((segment) => encodeRfc3986(decodeURIComponent(segment)))
    .join('/');
  return encoded === '' ? '/' : encoded;
}

/**
 * Parameters sorted by encoded name then value; a bare name gets an empty value. '+' is read
 * literally, not as a space: URLSearchParams would sign something other than what was sent.
 */
export function canonicalQuery(search: string): string {
  const query = search.startsWith('?') ? search.slice(1) : search;
  if (query === '') return '';
  return query
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const eq = part.indexOf('=');
      const name = eq < 0 ? part : part.slice(0, eq);
      const value = eq < 0 ? '' : part.slice(eq + 1);
      return [encodeRfc3986(decodeURIComponent(name)), encodeRfc3986(decodeURIComponent(value))];
    })
    .sort(([a = '', x = ''], [b = '', y = '']) => (a === b ? compare(x, y) : compare(a, b)))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** 20130524T000000Z */
export function amzDate(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export function deriveSigningKey(
  secretAccessKey: string,
  date: string,
  region: string,
  service: string,
): Buffer {
  const kDate = hmac(`AWS4${secretAccessKey}`, date);
  const kRegion = hmac(kDate, region);
  const kService = hmac(kRegion, service);
  return hmac(kService, 'aws4_request');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

export function signRequest(
  request: SignableRequest,
  credentials: SigningCredentials,
  now: Date = new Date(),
): SignedRequest {
  const service = credentials.service ?? 's3';
  const stamp = amzDate(now);
  const date = stamp.slice(0, 8);
  const toSign: Record<string, string> = {
    host: request.url.host,
    'x-amz-content-sha256': request.payloadHash,
    'x-amz-date': stamp,
  };
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    toSign[name.toLowerCase()] = value;
  }
  const names = Object.keys(toSign).sort();
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    request.method.toUpperCase(),
    canonicalUri(request.url.pathname),
    canonicalQuery(request.url.search),
    ...names.map((n) => `${n}:${(toSign[n] ?? '').trim().replace(/\s+/g, ' ')}`),
    '',
    signedHeaders,
    request.payloadHash,
  ].join('\n');
  const scope = `${date}/${credentials.region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = deriveSigningKey(credentials.secretAccessKey, date, credentials.region, service);
  const signature = createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');
  const { host: _host, ...headers } = toSign;
  headers.authorization =
    `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, ` +
    `SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return { headers, canonicalRequest, stringToSign, signature };
}
