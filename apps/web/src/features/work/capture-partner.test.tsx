import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TableRecord } from '@listina/contract';
import { en } from '../../test/catalogue';
import { apiError, json, type Handler, type RecordedCall } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { countryOfVatId, newSupplierModel, supplierCodeOf } from './capture-partner-api';
import { docFile, docRow, previewInfo, workApi } from './work-test-kit';

const found = (value: string) => ({ value, confidence: 0.97, source: 'ocr' });

/** d-1 captured: capture found a supplier that is none of the organisation's partners. */
function captured(overrides: Partial<TableRecord> = {}): TableRecord {
  return {
    ...docRow(1),
    customerKey: null,
    captureState: 'done',
    captureError: null,
    capturedAt: '2026-03-05T10:00:00.000Z',
    captureResult: {
      source: 'ocr',
      partner: null,
      fields: {
        supplierName: found('Šumi d.o.o.'),
        vatId: found('SI12345679'),
        iban: found('SI56192001234567892'),
        bic: found('SZKBSI2X'),
      },
    },
    costLines: [],
    ...overrides,
  };
}

const suggestion = {
  id: 7,
  key: 'p-7',
  code: 'SUMI',
  name: 'Šumi trgovina d.o.o.',
  vatId: null,
  matchedBy: 'name',
  score: 0.7,
  bankAccountKey: null,
};

function partnerApi(doc: TableRecord, handlers: Record<string, Handler> = {}) {
  return workApi({
    'GET /api/doc/:key': () => json(doc),
    'POST /api/doc/:id/preview.info': () =>
      json(previewInfo('d-1', [docFile('main-1', { fileTypeCode: 'main' })])),
    'GET /api/cl/partner/:vatId/:iban/:name': () => json({ items: [suggestion] }),
    'GET /api/cl/default.model/:name': () =>
      json({ code: '', name: '', countryCode: 'SI', isActive: true, bankAccounts: [] }),
    'PUT /api/doc/:key': ({ body }) =>
      json({ item: { ...doc, ...(body as object), version: 2 }, undoId: 'u-1' }),
    ...handlers,
  });
}

const callsTo = (calls: RecordedCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path.startsWith(path));

describe('the partner of a captured document', () => {
  it('suggests the partners that may be the supplier, and Use sets one on the document to save', async () => {
    const calls = partnerApi(captured());
    renderApp('/o/org-1/work/edit/d-1');

    const box = await screen.findByTestId('capture-partner');
    expect(within(box).getByText(en('work.capturePartner.title', 'Šumi d.o.o.'))).toBeTruthy();
    const use = await within(box).findByRole('button', {
      name: en('work.capturePartner.use', 'SUMI – Šumi trgovina d.o.o.'),
    });
    expect(within(box).getByText(en('work.capturePartner.matchedBy.name'))).toBeTruthy();
    // Accepted and saved, the partner gets the VAT ID and IBAN found (server capture).
    expect(within(box).getByText(en('work.capturePartner.recordsIds'))).toBeTruthy();
    // Asked by the VAT ID, the IBAN and the name capture found.
    expect(callsTo(calls, 'GET', '/api/cl/partner/')[0]?.path).toBe(
      `/api/cl/partner/SI12345679/SI56192001234567892/${encodeURIComponent('Šumi d.o.o.')}`,
    );

    await userEvent.click(use);
    await waitFor(() => expect(screen.queryByTestId('capture-partner')).toBeNull());
    expect(screen.getByTestId('capture-partner-set').textContent).toBe(
      en('work.capturePartner.set', 'SUMI – Šumi trgovina d.o.o.'),
    );
    await userEvent.click(screen.getByTestId('doc-save'));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/doc/d-1')).toHaveLength(1));
    expect(callsTo(calls, 'PUT', '/api/doc/d-1')[0]?.body).toMatchObject({ customerKey: 'p-7' });
  });

  it('creates the supplier in one step with its VAT ID, country and IBAN, and sets it', async () => {
    const calls = partnerApi(captured(), {
      'GET /api/cl/partner/:vatId/:iban/:name': () => json({ items: [] }),
      'POST /api/cl/partner': ({ body }) =>
        json(
          {
            item: {
              id: 9,
              key: 'p-new',
              displayTitle: 'SI12345679 Šumi d.o.o.',
              ...(body as object),
            },
            undoId: 'u-p',
          },
          201,
        ),
    });
    renderApp('/o/org-1/work/edit/d-1');

    const box = await screen.findByTestId('capture-partner');
    expect(await within(box).findByText(en('work.capturePartner.none'))).toBeTruthy();
    await userEvent.click(
      within(box).getByRole('button', { name: en('work.capturePartner.create', 'Šumi d.o.o.') }),
    );

    await waitFor(() => expect(screen.queryByTestId('capture-partner')).toBeNull());
    expect(callsTo(calls, 'POST', '/api/cl/partner')[0]?.body).toEqual({
      code: 'SI12345679',
      name: 'Šumi d.o.o.',
      vatId: 'SI12345679',
      countryCode: 'SI',
      isActive: true,
      bankAccounts: [
        {
          id: -1,
          code: 'SI56192001234567892',
          bic: 'SZKBSI2X',
          displayText: '',
          isDefault: true,
          isActive: true,
        },
      ],
    });
    await userEvent.click(screen.getByTestId('doc-save'));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/doc/d-1')).toHaveLength(1));
    expect(callsTo(calls, 'PUT', '/api/doc/d-1')[0]?.body).toMatchObject({
      customerKey: 'p-new',
    });
  });

  it('says in words why the server refused the new supplier, and keeps the offer', async () => {
    partnerApi(captured(), {
      'GET /api/cl/partner/:vatId/:iban/:name': () => json({ items: [] }),
      'POST /api/cl/partner': () =>
        apiError(400, 'SI12345679 is not a valid VAT ID.', 'Bad Request'),
    });
    renderApp('/o/org-1/work/edit/d-1');

    const box = await screen.findByTestId('capture-partner');
    const name = within(box).getByTestId<HTMLInputElement>('capture-partner-name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Šumi trgovina');
    await userEvent.click(
      within(box).getByRole('button', { name: en('work.capturePartner.create', 'Šumi trgovina') }),
    );

    expect((await screen.findByTestId('capture-partner-failed')).textContent).toContain(
      en('work.capturePartner.failed', 'SI12345679 is not a valid VAT ID.'),
    );
    expect(screen.getByTestId('capture-partner')).toBeTruthy();
  });

  it('offers nothing when the document has a partner or capture found no supplier', async () => {
    partnerApi(captured({ customerKey: 'p-1' }));
    const first = renderApp('/o/org-1/work/edit/d-1');
    await screen.findByTestId('field-number');
    expect(screen.queryByTestId('capture-partner')).toBeNull();
    first.unmount();

    partnerApi(captured({ captureResult: { source: 'ocr', partner: null, fields: {} } }));
    renderApp('/o/org-1/work/edit/d-1');
    await screen.findByTestId('field-number');
    expect(screen.queryByTestId('capture-partner')).toBeNull();
  });
});

describe('the new supplier’s model', () => {
  it('takes its country from the VAT prefix when it is known', () => {
    expect(countryOfVatId('SI 1234 5679')).toBe('SI');
    expect(countryOfVatId('EL123456789')).toBe('GR');
    expect(countryOfVatId('ATU12345678')).toBe('AT');
    expect(countryOfVatId('12345679')).toBeNull();
    const supplier = { name: 'Firma GmbH', vatId: 'ATU12345678', iban: '', bic: '' };
    expect(newSupplierModel({ countryCode: 'SI', isActive: true }, supplier, 'Firma GmbH')).toEqual(
      {
        code: 'ATU12345678',
        name: 'Firma GmbH',
        vatId: 'ATU12345678',
        countryCode: 'AT',
        isActive: true,
        bankAccounts: [],
      },
    );
  });

  it('makes its code of the name without accents when there is no VAT ID', () => {
    const supplier = { name: 'Čebela d.o.o.', vatId: '', iban: 'SI56192001234567892', bic: '' };
    expect(supplierCodeOf(supplier, 'Čebela d.o.o.')).toBe('CEBELADOO');
  });

  it('does not offer to create a supplier a partner already is by VAT ID or IBAN', async () => {
    partnerApi(captured(), {
      'GET /api/cl/partner/:vatId/:iban/:name': () =>
        json({ items: [{ ...suggestion, vatId: 'SI12345679', matchedBy: 'vatId', score: 1 }] }),
    });
    renderApp('/o/org-1/work/edit/d-1');
    const box = await screen.findByTestId('capture-partner');
    expect(
      await within(box).findByRole('button', {
        name: en('work.capturePartner.use', 'SUMI – Šumi trgovina d.o.o.'),
      }),
    ).toBeTruthy();
    expect(within(box).queryByTestId('capture-partner-create')).toBeNull();
    expect(within(box).queryByTestId('capture-partner-name')).toBeNull();
  });

  it("gives the new supplier the organisation's next code when its codes are numbered", async () => {
    const calls = partnerApi(captured(), {
      'GET /api/cl/partner/:vatId/:iban/:name': () => json({ items: [] }),
      'GET /api/cl/default.model/:name': () =>
        json({ code: 'P000013', name: '', countryCode: 'SI', isActive: true, bankAccounts: [] }),
      'POST /api/cl/partner': ({ body }) =>
        json({ item: { id: 9, key: 'p-new', displayTitle: 'x', ...(body as object) } }, 201),
    });
    renderApp('/o/org-1/work/edit/d-1');
    const box = await screen.findByTestId('capture-partner');
    await userEvent.click(await within(box).findByTestId('capture-partner-create'));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/cl/partner')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/api/cl/partner')[0]?.body).toMatchObject({
      code: 'P000013',
      vatId: 'SI12345679',
    });
  });
});
