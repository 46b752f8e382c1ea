import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MailboxTest } from '@listina/contract';
import { cellAt, rowTexts } from '../schema-ui/grid/grid-test-kit';
import { en } from '../test/catalogue';
import { json, organizations, signedIn, type RecordedCall } from '../test/fake-api';
import { renderApp } from '../test/render';

const SEALED = 'sealed:v1:aaaa.bbbb.cccc';

const mailboxSchema = {
  id: 'intakeMailbox',
  fields: [
    { name: 'name', dataType: 'text', inputType: 'text', labelText: 'Name' },
    { name: 'host', dataType: 'text', inputType: 'text', labelText: 'Server' },
    { name: 'port', dataType: 'int', inputType: 'int', labelText: 'Port' },
    { name: 'tls', dataType: 'bool', inputType: 'checkbox', labelText: 'TLS' },
    { name: 'username', dataType: 'text', inputType: 'text', labelText: 'User name' },
    { name: 'password', dataType: 'text', inputType: 'password', labelText: 'Password' },
    { name: 'folder', dataType: 'text', inputType: 'text', labelText: 'Folder' },
  ],
  gridColumns: [{ name: 'name' }, { name: 'host' }, { name: 'password' }],
};
const mailbox = {
  id: 1,
  key: 'mb-1',
  version: 1,
  displayTitle: 'Računi',
  name: 'Računi',
  host: 'imap.example.si',
  port: 993,
  tls: true,
  username: 'racuni@example.si',
  password: SEALED,
  folder: 'INBOX',
};

/** The mailboxes' code list with one mailbox, whose test answers what `answer` says. */
function mailboxApi(answer: () => MailboxTest) {
  return signedIn(organizations(1), {
    'GET /api/cl': () =>
      json({
        items: [
          {
            name: 'intakeMailbox',
            labelId: 'intakeMailbox.title',
            label: 'Mailboxes',
            canWrite: true,
            canCreate: true,
            canDelete: true,
            sortKeys: ['name'],
            root: false,
          },
        ],
      }),
    'GET /api/cl/schema/:name': () => json(mailboxSchema),
    'GET /api/cl/:name': () => json({ items: [mailbox], nextCursor: null }),
    'GET /api/cl/:name/:key': () => json(mailbox),
    'POST /api/intake/mailbox/test': () => json(answer()),
  });
}

const testCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.path === '/api/intake/mailbox/test');

async function openMailbox() {
  renderApp('/o/org-1/cl/intakeMailbox');
  await waitFor(() => expect(rowTexts()).toHaveLength(1));
  await userEvent.dblClick(cellAt(0, 1));
  const dialog = await screen.findByTestId('edit-dialog');
  await within(dialog).findByTestId('edit-dialog-form');
  return dialog;
}

describe('the mailbox form’s connection test (issue 25)', () => {
  it('shows the password column as dots and tests the form’s settings with the stored password', async () => {
    const calls = mailboxApi(() => ({
      ok: true,
      stage: null,
      message: 'Signed in; the folder INBOX holds 3 messages.',
      messages: 3,
    }));
    const dialog = await openMailbox();
    expect(rowTexts()[0]).toEqual(['Računi', 'imap.example.si', '••••']);

    await userEvent.click(within(dialog).getByTestId('form-action-testMailbox'));
    const shown = await within(dialog).findByTestId('form-action-testMailbox-result');
    expect(shown.textContent).toBe('Signed in; the folder INBOX holds 3 messages.');
    expect(shown.className).toContain('Success');
    expect(testCalls(calls).map((call) => call.body)).toEqual([
      {
        key: 'mb-1',
        host: 'imap.example.si',
        port: 993,
        tls: true,
        username: 'racuni@example.si',
        password: SEALED,
        folder: 'INBOX',
      },
    ]);
  });

  it('names the step that failed', async () => {
    mailboxApi(() => ({
      ok: false,
      stage: 'login',
      message: 'The server refused the user name or password.',
      messages: null,
    }));
    const dialog = await openMailbox();
    expect(within(dialog).getByTestId('form-action-testMailbox').textContent).toBe(
      en('intake.mailboxTest.button'),
    );
    await userEvent.click(within(dialog).getByTestId('form-action-testMailbox'));
    const shown = await within(dialog).findByRole('alert');
    expect(shown.textContent).toBe(
      `${en('intake.mailboxTest.stage.login')}The server refused the user name or password.`,
    );
  });
});
