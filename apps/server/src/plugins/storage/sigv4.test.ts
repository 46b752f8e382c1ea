import { describe, expect, it } from 'vitest';
import {
  EMPTY_SHA256,
  amzDate,
  canonicalQuery,
  canonicalUri,
  deriveSigningKey,
  encodeRfc3986,
  sha256Hex,
  signRequest,
} from './sigv4';

// The examples of the S3 API reference, "Signature Calculations for the Authorization Header:
// Transferring Payload in a Single Chunk", with their published signatures.
const credentials = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
};
const now = new Date('2013-05-24T00:00:00Z');
const host = 'https://examplebucket.s3.amazonaws.com';

describe('AWS Signature Version 4', () => {
  it('signs the documented GET Object example (Range header) to its published signature', () => {
    const signed = signRequest(
      {
        method: 'GET',
        url: new URL(`${host}/test.txt`),
        headers: { Range: 'bytes=0-9' },
        payloadHash: EMPTY_SHA256,
      },
      credentials,
      now,
    );
    expect(signed.canonicalRequest).toBe(
      [
        'GET',
        '/test.txt',
        '',
        'host:examplebucket.s3.amazonaws.com',
        'range:bytes=0-9',
        `x-amz-content-sha256:${EMPTY_SHA256}`,
        'x-amz-date:20130524T000000Z',
        '',
        'host;range;x-amz-content-sha256;x-amz-date',
        EMPTY_SHA256,
      ].join('\n'),
    );
    expect(signed.stringToSign).toBe(
      [
        'AWS4-HMAC-SHA256',
        '20130524T000000Z',
        '20130524/us-east-1/s3/aws4_request',
        '7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972',
      ].join('\n'),
    );
    expect(signed.headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(signed.headers['x-amz-date']).toBe('20130524T000000Z');
    expect(signed.headers).not.toHaveProperty('host');
  });

  it('signs the documented PUT Object example: body hash, Date, storage class, $ in the key', () => {
    const body = 'Welcome to Amazon S3.';
    expect(sha256Hex(body)).toBe(
      '44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072',
    );
    const signed = signRequest(
      {
        method: 'PUT',
        url: new URL(`${host}/test$file.text`),
        headers: {
          Date: 'Fri, 24 May 2013 00:00:00 GMT',
          'x-amz-storage-class': 'REDUCED_REDUNDANCY',
        },
        payloadHash: sha256Hex(body),
      },
      credentials,
      now,
    );
    expect(signed.canonicalRequest.split('\n')[1]).toBe('/test%24file.text');
    expect(signed.signature).toBe(
      '98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    );
  });

  it('signs the documented GET Bucket Lifecycle example: a bare query name gets "="', () => {
    const signed = signRequest(
      { method: 'GET', url: new URL(`${host}/?lifecycle`), payloadHash: EMPTY_SHA256 },
      credentials,
      now,
    );
    expect(signed.canonicalRequest.split('\n')[2]).toBe('lifecycle=');
    expect(signed.signature).toBe(
      'fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543',
    );
  });

  it('signs the documented List Objects example with the query sorted whatever its order', () => {
    const signed = signRequest(
      { method: 'GET', url: new URL(`${host}/?prefix=J&max-keys=2`), payloadHash: EMPTY_SHA256 },
      credentials,
      now,
    );
    expect(signed.signature).toBe(
      '34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7',
    );
  });

  it('derives the documented signing key of the general SigV4 reference', () => {
    const key = deriveSigningKey(
      'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
      '20150830',
      'us-east-1',
      'iam',
    );
    expect(key.toString('hex')).toBe(
      'c4afb1cc5771d871763a393e44b703571b55cc28424d1a5e86da6ed3c154a4b9',
    );
  });

  it('changes the signature with the secret, the method and the payload hash', () => {
    const base = { method: 'GET', url: new URL(`${host}/a`), payloadHash: EMPTY_SHA256 };
    const reference = signRequest(base, credentials, now).signature;
    expect(signRequest(base, { ...credentials, secretAccessKey: 'other' }, now).signature).not.toBe(
      reference,
    );
    expect(signRequest({ ...base, method: 'DELETE' }, credentials, now).signature).not.toBe(
      reference,
    );
    expect(
      signRequest({ ...base, payloadHash: sha256Hex('x') }, credentials, now).signature,
    ).not.toBe(reference);
  });

  it('encodes paths and queries the way S3 canonicalises them', () => {
    expect(encodeRfc3986("a b+c/é~!'()*")).toBe('a%20b%2Bc%2F%C3%A9~%21%27%28%29%2A');
    expect(canonicalUri('')).toBe('/');
    expect(canonicalUri('/bucket/blobs/a%20b')).toBe('/bucket/blobs/a%20b');
    expect(canonicalUri('/bucket/key:with=odd')).toBe('/bucket/key%3Awith%3Dodd');
    expect(canonicalQuery('?list-type=2&prefix=blobs/&continuation-token=a+b%3D')).toBe(
      'continuation-token=a%2Bb%3D&list-type=2&prefix=blobs%2F',
    );
    expect(canonicalQuery('b=2&a=2&a=1')).toBe('a=1&a=2&b=2');
    expect(canonicalQuery('')).toBe('');
    expect(amzDate(new Date('2024-02-29T23:59:58.123Z'))).toBe('20240229T235958Z');
  });
});
