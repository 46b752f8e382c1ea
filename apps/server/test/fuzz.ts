import fc from 'fast-check';

/** The fast-check settings of every fuzz test: a fixed seed and a time guard. */
export { fuzz, FUZZ_SEED } from '../../../packages/forms/src/fuzz-settings';

/** Markup an attacker or a broken writer puts into XML: entities, DTDs, CDATA, odd names. */
const HOSTILE_XML = [
  '<!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
  '<!doctype x SYSTEM "http://127.0.0.1:9/x.dtd">',
  '<!ENTITY % p SYSTEM "http://127.0.0.1:9/p">',
  '&xxe;',
  '&lol9;',
  '&#0;',
  '&#x110000;',
  '&amp',
  '<![CDATA[',
  ']]>',
  '<!--',
  '-->',
  '<?xml version="1.0" encoding="EBCDIC"?>',
  '<?php ?>',
  '<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="file:///etc/passwd"/>',
  '<a __proto__="x" constructor="y">',
  '</a>',
  '<',
  '>',
  '"',
  "'",
  '\u0000',
  '\uFEFF',
  '\uD800',
] as const;

/**
 * Texts made from a valid XML document: cut off anywhere, characters replaced, hostile markup
 * spliced in, a slice repeated. Most stop being valid in one place only, which reaches
 * further into a reader than random bytes do.
 */
export function xmlMutation(valid: string): fc.Arbitrary<string> {
  const at = fc.nat(valid.length);
  return fc.oneof(
    at.map((end) => valid.slice(0, end)),
    fc
      .array(fc.tuple(at, fc.string({ unit: 'binary', maxLength: 3 })), {
        minLength: 1,
        maxLength: 6,
      })
      .map((changes) =>
        changes.reduce(
          (text, [index, by]) => text.slice(0, index) + by + text.slice(index + 1),
          valid,
        ),
      ),
    fc
      .tuple(at, fc.constantFrom(...HOSTILE_XML))
      .map(([index, markup]) => valid.slice(0, index) + markup + valid.slice(index)),
    fc.tuple(at, at, fc.integer({ min: 2, max: 50 })).map(([from, to, times]) => {
      const [start, end] = from < to ? [from, to] : [to, from];
      const slice = valid.slice(start, Math.min(end, start + 2000));
      return valid.slice(0, end) + slice.repeat(times) + valid.slice(end);
    }),
  );
}
