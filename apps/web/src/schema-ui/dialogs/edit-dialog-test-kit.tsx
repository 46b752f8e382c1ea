import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SchemaInput } from '@listina/forms';
import { fakeApi, json, type Handler } from '../../test/fake-api';
import { useDialogs, type EditDialogParams } from './dialog-context';
import { renderInShell } from './test-support';

/** For the edit dialog's component tests: a partner table behind a fake API. */

export const partnerSchema: SchemaInput = {
  id: 'partner',
  fields: [
    { name: 'code', inputType: 'text', labelId: 'partner.code', validation: { required: true } },
    { name: 'name', inputType: 'text', labelId: 'partner.name' },
  ],
};
export const partnerRecord = {
  id: 1,
  key: 'k1',
  version: 1,
  displayTitle: 'P1 Šumi',
  code: 'P1',
  name: 'Šumi',
};
export const savedItem = (body: unknown) => ({ ...partnerRecord, ...(body as object), version: 2 });

const partnerEntity = {
  name: 'partner',
  labelId: 'partner.title',
  label: 'Partners',
  canWrite: true,
  canCreate: true,
  canDelete: true,
  sortKeys: ['code', 'name'],
  root: false,
};

interface PartnerApiOptions {
  /** Overrides of the table's rights in GET /api/cl. */
  rights?: object;
  schema?: SchemaInput;
}

export function partnerApi(
  handlers: Record<string, Handler> = {},
  options: PartnerApiOptions = {},
) {
  return fakeApi({
    'GET /api/cl': () => json({ items: [{ ...partnerEntity, ...options.rights }] }),
    'GET /api/cl/schema/:name': () => json(options.schema ?? partnerSchema),
    'GET /api/cl/default.model/:name': () => json({ code: '', name: '' }),
    'GET /api/cl/:name/:key': () => json(partnerRecord),
    'POST /api/cl/:name': ({ body }) => json({ item: savedItem(body), undoId: 'u-1' }, 201),
    'PUT /api/cl/:name/:key': ({ body }) => json({ item: savedItem(body), undoId: 'u-2' }),
    'DELETE /api/cl/:name': () => json({ deleted: 1, undoId: 'u-3' }),
    ...handlers,
  });
}

/** A button that opens the edit dialog and shows the promise's result as JSON. */
function Opener({ params }: { params: EditDialogParams }) {
  const dialogs = useDialogs();
  const [result, setResult] = useState('');
  const open = () =>
    void dialogs.openEdit(params).then((value) => setResult(JSON.stringify(value)));
  return (
    <>
      <button type="button" onClick={open}>
        open
      </button>
      <output data-testid="result">{result}</output>
    </>
  );
}

/** Opens the edit dialog with these params and waits for its form. */
export async function openDialog(
  params: EditDialogParams,
  renderPreview: Parameters<typeof renderInShell>[2] = null,
) {
  const user = userEvent.setup();
  const { queryClient } = renderInShell(<Opener params={params} />, undefined, renderPreview);
  await user.click(await screen.findByRole('button', { name: 'open' }));
  const dialog = await screen.findByTestId('edit-dialog');
  await within(dialog).findByTestId('edit-dialog-form');
  return { user, dialog, queryClient };
}

/** What the dialog's promise resolved with, as JSON; '' while it is open. */
export const result = () => screen.getByTestId('result').textContent ?? '';
export const saveButton = () => screen.getByTestId<HTMLButtonElement>('edit-dialog-save');

/** The paper (the visible box) of a dialog, whose style holds its width and shift. */
export function paperOf(dialog: HTMLElement): HTMLElement {
  const paper = dialog.querySelector<HTMLElement>('.MuiDialog-paper');
  if (!paper) throw new Error('dialog without a paper');
  return paper;
}
