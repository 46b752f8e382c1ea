import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Model } from '@listina/forms';
import { ApiRequestError } from '../../api/api-error';
import { createAppTheme } from '../../app/theme';
import { en } from '../../test/catalogue';
import { fakeApi } from '../../test/fake-api';
import { FormHarness, renderInShell, schemaOf } from '../dialogs/test-support';
import { layoutRows } from './form-fields';

const partnerSchema = schemaOf({
  id: 'partner',
  fields: [
    { name: 'code', inputType: 'text', labelText: 'Code', validation: { required: true } },
    { name: 'name', inputType: 'text', labelText: 'Name' },
  ],
});

function saveError(
  errors: { msg: string; field?: string }[],
  warnings: { msg: string; field?: string }[] = [],
) {
  const list = (items: { msg: string; field?: string }[]) =>
    items.map((item) => ({ ...item, parameters: [] }));
  return new ApiRequestError({
    kind: 'response',
    status: 400,
    statusText: 'Bad Request',
    data: { error: list(errors), warning: list(warnings) },
  });
}

async function renderForm(props: Parameters<typeof FormHarness>[0]) {
  fakeApi();
  const models: Model[] = [];
  const view = renderInShell(<FormHarness {...props} onModel={(model) => models.push(model)} />);
  await screen.findByTestId('schema-form');
  return { ...view, models, user: userEvent.setup() };
}

const helperOf = (input: HTMLElement) =>
  document.getElementById(`${input.id}-helper-text`)?.textContent ?? null;

/** The colour a field's helper text is drawn in, as the browser computes it. */
function helperColour(input: HTMLElement): string {
  const helper = document.getElementById(`${input.id}-helper-text`);
  if (!helper) throw new Error(`no helper text for ${input.id}`);
  return getComputedStyle(helper).color;
}

/** A colour of the app's theme, in the form the browser computes colours. */
function themeColour(name: 'warning' | 'error'): string {
  const probe = document.createElement('span');
  probe.style.color = createAppTheme(window.location.hostname).palette[name].main;
  document.body.append(probe);
  const colour = getComputedStyle(probe).color;
  probe.remove();
  return colour;
}

describe('schema form validation display', () => {
  it('shows "required" only after the user leaves the empty field, and clears it on typing', async () => {
    const { user } = await renderForm({ schema: partnerSchema, initial: { code: '', name: '' } });
    const code = screen.getByTestId('field-code');
    await user.click(code);
    expect(screen.queryByText(en('validation.required'))).toBeNull();
    await user.tab();
    expect(helperOf(code)).toBe(en('validation.required'));
    await user.type(code, 'P1');
    expect(helperOf(code)).toBeNull();
  });

  it('keeps a server error at its field until that field is edited', async () => {
    const error = saveError([{ msg: 'P1 is already used.', field: 'code' }]);
    const { user } = await renderForm({
      schema: partnerSchema,
      initial: { code: 'P1', name: '' },
      serverError: error,
    });
    const code = screen.getByTestId('field-code');
    expect(helperOf(code)).toBe('P1 is already used.');
    expect(helperColour(code)).toBe(themeColour('error'));
    await user.type(screen.getByTestId('field-name'), 'Other field');
    expect(helperOf(code)).toBe('P1 is already used.');
    await user.type(code, '2');
    expect(helperOf(code)).toBeNull();
  });

  it('prefixes a field warning with * in the warning colour and does not show it as an error', async () => {
    await renderForm({
      schema: partnerSchema,
      initial: { code: 'P1', name: 'Šumi' },
      serverError: saveError([], [{ msg: 'A partner with this name exists.', field: 'name' }]),
    });
    const name = screen.getByTestId('field-name');
    expect(helperOf(name)).toBe('* A partner with this name exists.');
    expect(name.getAttribute('aria-invalid')).toBe('false');
    expect(helperColour(name)).toBe(themeColour('warning'));
  });

  it("shows the caller's field warning while the field has no other message", async () => {
    const { user } = await renderForm({
      schema: partnerSchema,
      initial: { code: '', name: 'Šumi' },
      fieldWarnings: { code: 'Check this.', name: 'Read with doubt.' },
    });
    const code = screen.getByTestId('field-code');
    expect(helperOf(code)).toBe('* Check this.');
    expect(helperColour(code)).toBe(themeColour('warning'));
    expect(helperOf(screen.getByTestId('field-name'))).toBe('* Read with doubt.');
    await user.click(code);
    await user.tab();
    expect(helperOf(code)).toBe(en('validation.required'));
  });

  it('lists field-less messages in the summary, and field messages too with showAll', async () => {
    const error = saveError([
      { msg: 'The record is locked.' },
      { msg: 'P1 is already used.', field: 'code' },
    ]);
    const { unmount } = await renderForm({
      schema: partnerSchema,
      initial: { code: 'P1' },
      serverError: error,
    });
    const summary = screen.getByTestId('schema-form-summary-error');
    expect(within(summary).getByText(en('schemaForm.group.error'))).toBeTruthy();
    expect(within(summary).getByText('The record is locked.')).toBeTruthy();
    expect(within(summary).queryByText(/already used/)).toBeNull();

    unmount();
    await renderForm({
      schema: partnerSchema,
      initial: { code: 'P1' },
      serverError: error,
      showAll: true,
    });
    const all = screen.getByTestId('schema-form-summary-error');
    expect(within(all).getByText('Code: P1 is already used.')).toBeTruthy();
  });

  it('puts a message for a field the form does not show into the summary', async () => {
    await renderForm({
      schema: partnerSchema,
      initial: { code: 'P1' },
      serverError: saveError([{ msg: 'Someone else changed it.', field: 'version' }]),
    });
    expect(screen.getByTestId('schema-form-summary').textContent).toContain(
      'Someone else changed it.',
    );
  });

  it('groups the record validations into comments, errors, warnings and notifications', async () => {
    await renderForm({
      schema: partnerSchema,
      initial: { code: 'P1' },
      validations: [
        { validationCodeTypeCode: 'notification', validationCode: 'Sent to the bank.' },
        { validationCodeTypeCode: 'comment', validationCode: 'Checked by Ana.' },
        { validationCodeTypeCode: 'warning', validationCode: 'validation.vatId' },
      ],
    });
    const summary = screen.getByTestId('schema-form-summary');
    const titles = within(summary)
      .getAllByText(/Comments|Errors|Warnings|Notifications/)
      .map((item) => item.textContent);
    expect(titles).toEqual([
      en('schemaForm.group.comment'),
      en('schemaForm.group.warning'),
      en('schemaForm.group.notification'),
    ]);
    expect(within(summary).getByText(`* ${en('validation.vatId')}`)).toBeTruthy();
  });

  it('makes every input read-only in a read-only form', async () => {
    await renderForm({ schema: partnerSchema, initial: { code: 'P1' }, readonly: true });
    expect(screen.getByTestId<HTMLInputElement>('field-code').disabled).toBe(true);
    expect(screen.getByTestId<HTMLInputElement>('field-name').disabled).toBe(true);
  });
});

describe('schema form layout', () => {
  const paymentSchema = schemaOf({
    id: 'payment',
    tabs: [
      { value: 'SEPA_SI', labelText: 'SEPA' },
      { value: 'NRC', labelText: 'Other' },
    ],
    tabsValueField: 'paymentType',
    fields: [
      { name: 'first', inputType: 'text', labelText: 'First name' },
      { name: 'last', inputType: 'text', labelText: 'Last name' },
      { name: 'full', inputType: 'text', labelText: 'Full name', storedExpr: 'first + " " + last' },
      { name: 'greeting', inputType: 'text', labelText: 'Greeting', expr: '"Hello " + first' },
      {
        name: 'reference',
        inputType: 'text',
        labelText: 'Reference',
        visible: 'paymentType == "SEPA_SI"',
      },
      { name: 'note', inputType: 'text', labelText: 'Note', visible: 'paymentType == "NRC"' },
      { name: 'taxNumber', inputType: 'text', labelText: 'Tax number', importance: 1 },
      { name: 'email', inputType: 'text', labelText: 'E-mail', importance: -1 },
    ],
  });

  it('stores the chosen tab in tabsValueField and shows the fields of that tab', async () => {
    const { user, models } = await renderForm({
      schema: paymentSchema,
      initial: { paymentType: 'SEPA_SI' },
    });
    expect(screen.getByRole('tab', { name: 'SEPA' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByLabelText('Reference')).toBeTruthy();
    expect(screen.queryByLabelText('Note')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Other' }));
    expect(models.at(-1)?.paymentType).toBe('NRC');
    expect(screen.getByLabelText('Note')).toBeTruthy();
    expect(screen.queryByLabelText('Reference')).toBeNull();
  });

  it('shows importance 1 in place and importance -1 in the More section after "show more"', async () => {
    const { user } = await renderForm({ schema: paymentSchema, initial: { paymentType: 'NRC' } });
    expect(screen.queryByLabelText('Tax number')).toBeNull();
    expect(screen.queryByLabelText('E-mail')).toBeNull();
    await user.click(screen.getByRole('button', { name: en('schemaForm.showMore') }));
    const more = screen.getByRole('region', { name: en('schemaForm.moreSection') });
    expect(within(more).getByLabelText('E-mail')).toBeTruthy();
    expect(within(more).queryByLabelText('Tax number')).toBeNull();
    expect(screen.getByLabelText('Tax number')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: en('schemaForm.showLess') }));
    expect(screen.queryByLabelText('E-mail')).toBeNull();
  });

  it('applies stored expressions as the user types', async () => {
    const { user, models } = await renderForm({
      schema: paymentSchema,
      initial: { paymentType: 'NRC', first: 'Ana', last: '' },
    });
    await user.type(screen.getByLabelText('Last name'), 'Novak');
    expect(models.at(-1)?.full).toBe('Ana Novak');
    expect(screen.getByLabelText<HTMLInputElement>('Full name').value).toBe('Ana Novak');
    const greeting = screen.getByLabelText<HTMLInputElement>('Greeting');
    expect(greeting.value).toBe('Hello Ana');
    expect(greeting.disabled).toBe(true);
    expect(models.at(-1)?.greeting).toBeUndefined();
  });

  it('puts the fields of one layout row side by side, at the place of the first', () => {
    const fields = ['a', 'b', 'c', 'd'].map((name) => ({ name }));
    const rows = layoutRows(fields, [['d', 'b']]).map((row) => row.map((field) => field.name));
    expect(rows).toEqual([['a'], ['b', 'd'], ['c']]);
  });
});
