import { expect } from 'vitest';
import { checkEpcRules } from './epc-rules';
import { checkPain001 } from './schema-check';
import type { PainVersion } from './types';

/**
 * For tests: what a bank checks of a pain.001 Listina hands out: the official XSD (xmllint)
 * and the EPC rules (epc-rules.ts). Every test that produces a pain.001 asserts it with this.
 */
export async function expectBankReady(xml: string, version: PainVersion): Promise<void> {
  expect(await checkPain001(xml, version)).toEqual({ valid: true, errors: [] });
  expect(checkEpcRules(xml)).toEqual([]);
}
