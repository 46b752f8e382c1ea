import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableRecord } from '@listina/contract';
import {
  createOrganization,
  createTestApp,
  createUser,
  memberHeaders,
  type TestApp,
} from '../../../test/factories';
import { translate } from '../../plugins/i18n';
import { doc } from '../tables/entities/doc';
import { partner } from '../tables/entities/partner';

/**
 * Issue 24: a workflow step's code ("approval") is never shown as text; a step without a name
 * reads as its tile's name in the user's language.
 */
let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const boss = await createUser(t);
  const org = await createOrganization(t, { [boss.id]: ['orgadmin'] });
  headers = await memberHeaders(t, boss, org);
});
afterAll(() => t.close());

async function created(url: string, payload: object) {
  const res = await t.app.inject({ method: 'POST', url, headers, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ item: TableRecord }>().item;
}

describe('a step without a name', () => {
  it('is named by its tile in the language of the call, when its condition cannot be evaluated', async () => {
    const type = await created('/api/cl/documentType', {
      code: 'STEPS',
      name: 'Steps',
      nameSl: 'Koraki',
      einvoiceTypeCode: '380',
      isActive: true,
    });
    await created('/api/cl/workflow', {
      code: 'BROKEN',
      name: 'Broken',
      documentTypeId: type.id,
      isActive: true,
      steps: [
        {
          id: -1,
          position: 1,
          systemTileCode: 'approval',
          name: '',
          memberKeys: [],
          roles: ['orgadmin'],
          approvalRule: 'any',
          minApprovers: 1,
          condition: 'nope(1)',
          commentRequired: false,
        },
      ],
    });
    const supplier = await created('/api/cl/partner', partner.sample(3));
    const draft = await created('/api/doc', {
      ...doc.sample(3),
      number: 'STEP-1',
      documentTypeId: type.id,
      customerKey: supplier.key,
    });
    for (const locale of ['sl', 'en-gb'] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/doc/activate',
        headers: { ...headers, 'content-language': locale },
        payload: { keys: [draft.key] },
      });
      expect(res.statusCode, res.body).toBe(400);
      const [error] = res.json<{ error: { code: string; msg: string; parameters: string[] }[] }>()
        .error;
      expect(error?.code).toBe('errors.wf.conditionFailed');
      expect(error?.parameters[0]).toBe(translate(locale, 'tiles.approval'));
      expect(error?.msg).not.toContain('approval ');
    }
  });
});
