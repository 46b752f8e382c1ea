import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Model } from '@listina/forms';
import { ApiRequestError } from '../../api/api-error';
import { en } from '../../test/catalogue';
import { fakeApi } from '../../test/fake-api';
import { FormHarness, renderInShell, schemaOf } from '../dialogs/test-support';

/** A payment order's recipient name: text for a bank's file (issue 21). */
const orderSchema = schemaOf({
  id: 'payOrder',
  fields: [
    {
      name: 'recipientIdCb',
      inputType: 'text',
      labelText: 'Recipient name',
      maxLength: 70,
      validation: { required: true, check: 'sepaText' },
    },
  ],
});

async function renderForm(initial: Model, serverError?: unknown) {
  fakeApi();
  const models: Model[] = [];
  renderInShell(
    <FormHarness
      schema={orderSchema}
      initial={initial}
      serverError={serverError}
      onModel={(model) => models.push(model)}
    />,
  );
  await screen.findByTestId('schema-form');
  return { models, user: userEvent.setup() };
}

const name = () => screen.getByTestId<HTMLInputElement>('field-recipientIdCb');
const helper = () => document.getElementById(`${name().id}-helper-text`)?.textContent ?? null;

describe('text a bank cannot take', () => {
  it('warns with the text spelt for the bank, and one click puts it in the field', async () => {
    const { models, user } = await renderForm({ recipientIdCb: '' });
    await user.type(name(), 'Müller & Ørsted €');
    const spelt = 'Mueller + Orsted EUR';
    expect(helper()).toBe(`* ${en('warnings.sepaText', 'ü', spelt)}`);

    await user.click(screen.getByRole('button', { name: en('schemaForm.useSuggestion', spelt) }));
    expect(name().value).toBe(spelt);
    expect(models.at(-1)).toMatchObject({ recipientIdCb: spelt });
    expect(helper()).toBeNull();
    expect(screen.queryByTestId('field-recipientIdCb-suggestion')).toBeNull();
  });

  it("offers the server's suggestion with its warning after a save", async () => {
    const warning = {
      msg: 'Banks do not take Ø in this text: the file will carry it as “Orsted A/S”.',
      code: 'warnings.sepaText',
      parameters: ['Ø', 'Orsted A/S'],
      field: 'recipientIdCb',
      suggestion: 'Orsted A/S',
    };
    const error = new ApiRequestError({
      kind: 'response',
      status: 400,
      statusText: 'Bad Request',
      data: { error: [], warning: [warning] },
    });
    const { user } = await renderForm({ recipientIdCb: 'Ørsted A/S' }, error);
    expect(helper()).toBe(`* ${warning.msg}`);
    await user.click(screen.getByTestId('field-recipientIdCb-suggestion'));
    expect(name().value).toBe('Orsted A/S');
    expect(helper()).toBeNull();
  });
});
