import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseXmlTree as captureTree } from '../../capture/einvoice/safe-xml';
import { writeCamt053 } from './camt-fixture';
import { expectBankReady } from './bank-ready';
import { writePain001 } from './pain001-write';
import { DEBTOR_IBAN, manyOrders, painFile } from './test-orders';
import { parseXmlTree } from './xml-tree';

const SAMPLES = new URL('./samples/', import.meta.url);

/** The one-pass tree is the e-invoice reader's tree, only built faster. */
describe('parseXmlTree', () => {
  it.each([
    'camt053.v2.minimal.xml',
    'camt053.v8.xml',
    'camt054.v2.xml',
    'camt054.v8-with-UETR.xml',
    'pain.001.001.03_sepaxml_sample.xml',
    'pain.001.001.09_constructed_SI.xml',
  ])('gives the same tree as capture’s parser for %s', (name) => {
    const xml = readFileSync(new URL(name, SAMPLES), 'utf8');
    expect(plain(parseXmlTree(xml))).toEqual(plain(captureTree(xml)));
  });

  it('gives the same tree for written files, CDATA, comments and quoted >', async () => {
    const xml = [
      '<?xml version="1.0"?><!-- a > b --><p:Doc xmlns:p="urn:x" p:kind="a > b">',
      "<Ref><![CDATA[<not a tag> &amp;]]>&amp; &#269;</Ref><Empty attr='1'/></p:Doc>",
    ].join('');
    expect(plain(parseXmlTree(xml))).toEqual(plain(captureTree(xml)));
    expect(parseXmlTree(xml).children[0]?.text).toBe('<not a tag> &amp;& č');
    // One difference: fast-xml-parser trims each piece of text beside a CDATA section.
    const spaced = xml.replace(']]>&amp;', ']]> &amp;');
    expect(parseXmlTree(spaced).children[0]?.text).toBe('<not a tag> &amp; & č');
    const pain = writePain001(painFile('pain.001.001.09', manyOrders(50)));
    await expectBankReady(pain, 'pain.001.001.09');
    for (const written of [pain, writeCamt053([], { iban: DEBTOR_IBAN })]) {
      expect(plain(parseXmlTree(written))).toEqual(plain(captureTree(written)));
    }
  });
});

const plain = (tree: unknown): unknown => JSON.parse(JSON.stringify(tree));
