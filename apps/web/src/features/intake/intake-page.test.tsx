import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { IntakeMessage } from '@listina/contract';
import { en } from '../../test/catalogue';
import { json, organizations, signedIn, type RecordedCall } from '../../test/fake-api';
import { renderApp } from '../../test/render';

function message(n: number, overrides: Partial<IntakeMessage> = {}): IntakeMessage {
  return {
    key: `m-${n}`,
    receivedAt: `2026-03-${String(n).padStart(2, '0')}T09:15:00.000Z`,
    source: 'imap',
    mailboxName: 'Računi',
    sender: `racuni@dobavitelj${n}.si`,
    senderName: `Dobavitelj ${n} d.o.o.`,
    subject: `Račun R-${n}`,
    size: 20_000,
    attachmentCount: 1,
    result: 'imported',
    reason: null,
    reasonText: '',
    notes: [],
    documents: [{ key: `d-${n}`, title: `R-${n}` }],
    duplicateOf: null,
    timesSeen: 1,
    hasEml: false,
    canRelease: false,
    canDelete: false,
    ...overrides,
  };
}

const QUARANTINED = message(9, {
  result: 'quarantined',
  reasonText: 'The PDF is encrypted; it cannot be read.',
  notes: ['logo.png left out: an inline image.'],
  documents: [],
  hasEml: true,
  canRelease: true,
  canDelete: true,
});
const DUPLICATE = message(8, {
  result: 'duplicate',
  documents: [],
  duplicateOf: { key: 'd-3', title: 'R-3' },
  timesSeen: 3,
});

const queryOf = (call: RecordedCall) =>
  Object.fromEntries(new URL(call.path, 'http://localhost').searchParams);
const listCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.path.startsWith('/api/intake/message?'));
const rows = () => screen.queryAllByTestId('intake-message');

/** The log: two pages without a filter, the quarantined one alone with ?result=quarantined. */
function intakeApi() {
  const state = { quarantined: QUARANTINED as IntakeMessage | null };
  const calls = signedIn(organizations(1), {
    'GET /api/intake/address': () => json({ address: 'org-1@in.listina.si', receivesMail: true }),
    'GET /api/intake/summary': () => json({ quarantined: state.quarantined ? 1 : 0 }),
    'GET /api/intake/message': (call) => {
      const query = queryOf(call);
      const all = [state.quarantined, DUPLICATE, message(7)].filter((row) => row !== null);
      const matching = all.filter(
        (row) =>
          (!query.result || row.result === query.result) &&
          (!query.search || row.subject.includes(query.search)),
      );
      if (query.after === 'c-2') return json({ rows: [message(1)], next: null });
      const isPaged = !query.result && !query.search;
      return json({ rows: matching, next: isPaged ? 'c-2' : null });
    },
    'POST /api/intake/message/:key/release': () => {
      state.quarantined = { ...QUARANTINED, result: 'released', canRelease: false };
      return json({ result: 'released', documentKeys: ['d-9'], reasonText: '' });
    },
    'DELETE /api/intake/message/:key': () => {
      state.quarantined = { ...QUARANTINED, result: 'deleted', canDelete: false, hasEml: false };
      return new Response(null, { status: 204 });
    },
    'GET /api/intake/message/:key/eml': () =>
      new Response('From: a@b.si\r\n\r\nbody', {
        headers: {
          'content-type': 'message/rfc822',
          'content-disposition': 'attachment; filename="racun-9.eml"',
        },
      }),
  });
  return calls;
}

afterEach(() => vi.restoreAllMocks());

describe('Intake page (issue 25)', () => {
  it('shows the address and every message with what became of it, and loads more', async () => {
    const calls = intakeApi();
    renderApp('/o/org-1/intake');
    expect((await screen.findByTestId('intake-address')).textContent).toBe('org-1@in.listina.si');
    expect(screen.getByText(en('intake.page.address.help'))).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const [held, duplicate, imported] = rows() as [HTMLElement, HTMLElement, HTMLElement];

    expect(within(held).getByTestId('intake-sender-name').textContent).toBe('Dobavitelj 9 d.o.o.');
    expect(within(held).getByTestId('intake-sender').textContent).toBe('racuni@dobavitelj9.si');
    expect(within(held).getByTestId('intake-subject').textContent).toBe('Račun R-9');
    expect(within(held).getByTestId('intake-result').textContent).toBe(
      en('intake.result.quarantined'),
    );
    expect(within(held).getByTestId('intake-reason').textContent).toBe(
      'The PDF is encrypted; it cannot be read.',
    );
    expect(within(held).getByTestId('intake-note').textContent).toBe(
      'logo.png left out: an inline image.',
    );
    expect(within(held).getByText(en('intake.page.mailbox', 'Računi'))).toBeTruthy();

    const original = within(duplicate).getByRole('link', { name: 'R-3' });
    expect(original.getAttribute('href')).toBe('/o/org-1/work/edit/d-3');
    expect(within(duplicate).getByTestId('intake-times-seen').textContent).toBe(
      en('intake.page.timesSeen', 3),
    );
    expect(within(duplicate).queryByTestId('intake-release')).toBeNull();

    const made = within(imported).getByRole('link', { name: 'R-7' });
    expect(made.getAttribute('href')).toBe('/o/org-1/work/edit/d-7');
    expect(within(imported).queryByTestId('intake-delete')).toBeNull();
    expect(within(imported).queryByTestId('intake-eml')).toBeNull();

    await userEvent.click(screen.getByTestId('intake-load-more'));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(screen.queryByTestId('intake-load-more')).toBeNull();
    expect(listCalls(calls).map(queryOf)).toEqual([{ limit: '50' }, { limit: '50', after: 'c-2' }]);
  });

  it('filters by result and words, and keeps both in the address', async () => {
    const calls = intakeApi();
    const app = renderApp('/o/org-1/intake');
    await waitFor(() => expect(rows()).toHaveLength(3));

    await userEvent.click(screen.getByTestId('intake-filter-duplicate'));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(app.location()).toBe('/o/org-1/intake?result=duplicate');
    expect(screen.getByTestId('intake-filter-duplicate').getAttribute('aria-pressed')).toBe('true');

    await userEvent.click(screen.getByTestId('intake-filter-all'));
    await userEvent.type(screen.getByTestId('intake-search'), 'R-7');
    await waitFor(() => expect(app.location()).toBe('/o/org-1/intake?search=R-7'));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0] as HTMLElement).getByTestId('intake-subject').textContent).toBe(
      'Račun R-7',
    );

    await userEvent.clear(screen.getByTestId('intake-search'));
    await userEvent.type(screen.getByTestId('intake-search'), 'nothing like it');
    expect(await screen.findByTestId('intake-empty')).toBeTruthy();
    expect(screen.getByTestId('intake-empty').textContent).toBe(en('intake.page.emptyFiltered'));
    expect(listCalls(calls).map(queryOf)).toContainEqual({ limit: '50', result: 'duplicate' });
  });

  it('releases a quarantined message, and refreshes the log', async () => {
    const calls = intakeApi();
    renderApp('/o/org-1/intake?result=quarantined');
    await waitFor(() => expect(rows()).toHaveLength(1));
    await userEvent.click(screen.getByTestId('intake-release'));
    expect((await screen.findByTestId('intake-notice')).textContent).toBe(
      en('intake.page.released'),
    );
    // Released, it is no longer among the quarantined.
    expect(await screen.findByTestId('intake-empty')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/intake/message/m-9/release')).toBe(true);
  });

  it('deletes a quarantined message only after the question', async () => {
    const calls = intakeApi();
    renderApp('/o/org-1/intake');
    await waitFor(() => expect(rows()).toHaveLength(3));
    await userEvent.click(screen.getByTestId('intake-delete'));
    const question = await screen.findByTestId('intake-delete-confirm');
    expect(within(question).getByTestId('intake-delete-confirm-text').textContent).toBe(
      en('intake.page.deleteText', 'racuni@dobavitelj9.si'),
    );
    await userEvent.click(within(question).getByRole('button', { name: en('intake.page.cancel') }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByTestId('intake-delete'));
    const again = await screen.findByTestId('intake-delete-confirm');
    await userEvent.click(within(again).getByRole('button', { name: en('intake.page.delete') }));
    expect((await screen.findByTestId('intake-notice')).textContent).toBe(
      en('intake.page.deleted'),
    );
    await waitFor(() =>
      expect(within(rows()[0] as HTMLElement).getByTestId('intake-result').textContent).toBe(
        en('intake.result.deleted'),
      ),
    );
    expect(calls.find((call) => call.method === 'DELETE')?.path).toBe('/api/intake/message/m-9');
  });

  it('downloads the kept .eml with the session', async () => {
    const calls = intakeApi();
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:eml');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    renderApp('/o/org-1/intake');
    await waitFor(() => expect(rows()).toHaveLength(3));
    await userEvent.click(screen.getByRole('button', { name: en('intake.page.eml') }));
    await waitFor(() => expect(saved).toEqual(['racun-9.eml']));
    const download = calls.find((call) => call.path === '/api/intake/message/m-9/eml');
    expect(download?.headers.get('authorization')).toBe('key-1');
  });

  it('copies the address', async () => {
    intakeApi();
    const user = userEvent.setup();
    renderApp('/o/org-1/intake');
    await user.click(await screen.findByTestId('intake-address-copy'));
    expect(await navigator.clipboard.readText()).toBe('org-1@in.listina.si');
    expect(screen.getByRole('status').textContent).toBe(en('intake.page.address.copied'));
  });

  it('opens from the toolbar and shows the quarantined count on home', async () => {
    intakeApi();
    const app = renderApp('/o/org-1/home');
    const tile = await screen.findByTestId('home-tile-intake-quarantined');
    expect(within(tile).getByTestId('home-tile-count').textContent).toBe('1');
    expect(within(tile).getByTestId('home-tile-label').textContent).toBe(
      en('intake.tile.quarantined'),
    );
    expect(tile.getAttribute('href')).toBe('/o/org-1/intake?result=quarantined');

    await userEvent.click(screen.getByTestId('intake-button'));
    await waitFor(() => expect(app.location()).toBe('/o/org-1/intake'));
    expect(await screen.findByTestId('intake-page')).toBeTruthy();
  });
});
