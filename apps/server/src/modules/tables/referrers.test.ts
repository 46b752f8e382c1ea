import { describe, expect, it } from 'vitest';
import { catalogue } from '../../plugins/i18n';
import { ENTITIES } from './registry';
import { holdingReferences } from './referrers';

describe('records held by others', () => {
  it('knows that documents and payment orders hold partners, documents the types, and workflows the types', () => {
    const holders = (name: string) => {
      const target = ENTITIES.find((e) => e.name === name);
      if (!target) throw new Error(`no entity ${name}`);
      return holdingReferences(target).map(
        ({ holder, reference }) => `${holder.name}.${reference.column.name}`,
      );
    };
    expect(holders('partner')).toEqual(['doc.customerKey', 'payOrder.recipientId']);
    expect(holders('documentType')).toEqual([
      'workflow.documentTypeId',
      'intakeRule.documentTypeId',
      'doc.documentTypeId',
    ]);
    expect(holders('workflow')).toEqual(['intakeRule.workflowId']);
    expect(holders('country')).toEqual([]);
  });

  it('has a message in every language for each table that holds records', () => {
    const codes = new Set(
      ENTITIES.flatMap((target) =>
        holdingReferences(target).map(({ holder }) => `errors.inUse.${holder.name}`),
      ),
    );
    for (const code of codes) {
      expect(catalogue['en-gb'][code], code).toMatch(/\{0\}.*\{1\}/);
      expect(catalogue.sl[code], code).toMatch(/\{0\}.*\{1\}/);
    }
  });
});
