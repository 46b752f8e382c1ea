import { describe, expect, it } from 'vitest';
import { childText, childrenNamed, parseXml, XmlError } from './xml';

describe('the XML reader of S3 answers', () => {
  it('reads a ListObjectsV2 page: repeated elements, entities, attributes skipped', () => {
    const root = parseXml(
      '\ufeff<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
        '<Name>b</Name><IsTruncated>true</IsTruncated>' +
        '<Contents><Key>blobs/a&amp;b</Key><Size>12</Size></Contents>' +
        '<Contents><Key>blobs/&#x63;&#100;</Key><Size>0</Size></Contents>' +
        '<NextContinuationToken>x&lt;y&gt;&quot;&apos;</NextContinuationToken>' +
        '<Empty/><!-- a comment --><Raw><![CDATA[<not markup>]]></Raw>' +
        '</ListBucketResult>',
    );
    expect(root.name).toBe('ListBucketResult');
    expect(childText(root, 'IsTruncated')).toBe('true');
    expect(childrenNamed(root, 'Contents').map((c) => childText(c, 'Key'))).toEqual([
      'blobs/a&b',
      'blobs/cd',
    ]);
    expect(childText(root, 'NextContinuationToken')).toBe('x<y>"\'');
    expect(childText(root, 'Empty')).toBe('');
    expect(childText(root, 'Raw')).toBe('<not markup>');
    expect(childText(root, 'Missing')).toBeUndefined();
  });

  it('reads an S3 error document', () => {
    const root = parseXml(
      '<Error><Code>SignatureDoesNotMatch</Code><Message>The request signature we calculated does not match</Message></Error>',
    );
    expect(childText(root, 'Code')).toBe('SignatureDoesNotMatch');
  });

  it.each([
    ['', 'no root element'],
    ['plain text', 'text outside the root element'],
    ['<a><b></a>', 'unexpected </a>'],
    ['<a>', '<a> is not closed'],
    ['<a></a><b></b>', 'more than one root element'],
    ['<a>&bogus;</a>', 'unknown entity &bogus;'],
    ['<a>fish & chips</a>', 'unterminated entity'],
    ['<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>', 'DOCTYPE and declarations are refused'],
    ['<a attr="x>', 'unterminated tag'],
  ])('refuses %j: %s', (source, message) => {
    expect(() => parseXml(source)).toThrow(XmlError);
    expect(() => parseXml(source)).toThrow(message);
  });
});
