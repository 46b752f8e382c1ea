import { intakeRoutes, type MailboxTest } from '@listina/contract';
import type { Model } from '@listina/forms';
import { callApi } from '../api/client';
import type { TFunction } from './i18n';
import type { FormAction, FormActionResult } from '../schema-ui/dialogs/form-actions';

const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/**
 * The settings POST /api/intake/mailbox/test tries, from the mailbox form as it stands: a
 * password left as it came (sealed) or empty is the stored one, which the key names.
 */
export function mailboxTestBody(model: Model) {
  return {
    ...(typeof model.key === 'string' ? { key: model.key } : {}),
    host: textOf(model.host),
    port: Number(model.port),
    tls: model.tls === true,
    username: textOf(model.username),
    password: textOf(model.password),
    folder: textOf(model.folder),
  };
}

/** The answer as the form shows it: success, or an error headed by the step that failed. */
export function mailboxTestResult(answer: MailboxTest, t: TFunction): FormActionResult {
  if (answer.ok) return { severity: 'success', text: answer.message };
  return {
    severity: 'error',
    title: answer.stage ? t(`intake.mailboxTest.stage.${answer.stage}`) : undefined,
    text: answer.message,
  };
}

/** issue 25: the mailbox form's "Test connection" (name lookup, TLS, login, folder). */
export const testMailboxAction: FormAction = {
  name: 'testMailbox',
  labelId: 'intake.mailboxTest.button',
  run: async (model, t) =>
    mailboxTestResult(await callApi(intakeRoutes.testMailbox, { body: mailboxTestBody(model) }), t),
};

/**
 * The buttons a table's edit dialog offers beside saving, by table name (the main layout
 * hands them to the dialogs through FormActionsContext).
 */
export const FORM_ACTIONS: Readonly<Record<string, readonly FormAction[]>> = {
  intakeMailbox: [testMailboxAction],
};
