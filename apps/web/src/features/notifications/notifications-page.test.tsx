import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification } from '@listina/contract';
import { en } from '../../test/catalogue';
import { json, organizations, signedIn, type RecordedCall } from '../../test/fake-api';
import { renderApp } from '../../test/render';

function notification(n: number, read = false): Notification {
  return {
    id: `n-${n}`,
    kind: 'assigned',
    read,
    createdAt: `2026-03-${String(n).padStart(2, '0')}T10:00:00.000Z`,
    text: `R-${n} waits for you in Approval (Ana).`,
    documentKey: `d-${n}`,
    documentTitle: `R-${n}`,
    actor: 'Ana',
    resultCode: 'confirmed',
    tile: 'approval',
    comment: n === 9 ? 'Please check the amount.' : null,
  };
}

/** Newest first, two pages; the unread filter leaves the read ones out. */
const PAGES = {
  first: [notification(9), notification(8, true)],
  second: [notification(7)],
};

const queryOf = (call: RecordedCall) =>
  Object.fromEntries(new URL(call.path, 'http://localhost').searchParams);

function notificationApi() {
  let unread = 2;
  const read = new Set<string>();
  const calls = signedIn(organizations(1), {
    'GET /api/notification': ({ path }) => {
      const query = new URLSearchParams(path.split('?')[1]);
      const isSecond = query.get('cursor') === 'c-2';
      const page = (isSecond ? PAGES.second : PAGES.first)
        .map((item) => ({ ...item, read: item.read || read.has(item.id) }))
        .filter((item) => query.get('unread') !== 'true' || !item.read);
      return json({ items: page, nextCursor: isSecond ? null : 'c-2', count: { unread } });
    },
    'PUT /api/notification/:id/read': ({ path }) => {
      read.add(path.split('/')[3] ?? '');
      unread -= 1;
      return json({ ok: true, count: { unread } });
    },
  });
  return calls;
}

const items = () => screen.getAllByTestId('notification-item');
const listCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.path.startsWith('/api/notification?'));

describe('notifications page', () => {
  it('lists the newest first with the unread ones marked, and loads more by the cursor', async () => {
    const calls = notificationApi();
    renderApp('/notifications');
    await waitFor(() => expect(items()).toHaveLength(2));
    const [first, second] = items();
    expect(first?.textContent).toContain('R-9 waits for you in Approval (Ana).');
    expect(first?.textContent).toContain('Please check the amount.');
    expect(first?.getAttribute('data-read')).toBe('false');
    expect(within(first as HTMLElement).getByTitle(en('notification.page.unread'))).toBeTruthy();
    expect(second?.getAttribute('data-read')).toBe('true');
    expect(first?.getAttribute('href')).toBe('/o/org-1/work/edit/d-9');
    expect(screen.getByTestId('notifications-unread-count').textContent).toBe(
      en('notification.page.unreadCount', 2),
    );

    await userEvent.click(screen.getByTestId('notifications-load-more'));
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(items()[2]?.textContent).toContain('R-7 waits');
    expect(screen.queryByTestId('notifications-load-more')).toBeNull();
    expect(listCalls(calls).map(queryOf)).toEqual([
      { count: '30' },
      { count: '30', cursor: 'c-2' },
    ]);
  });

  it('marks a notification read when opened, opens its document and lowers the badge', async () => {
    const calls = notificationApi();
    const app = renderApp('/notifications');
    await waitFor(() => expect(items()).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('notifications-badge').textContent).toBe('2'));

    await userEvent.click(items()[0] as HTMLElement);
    await waitFor(() => expect(app.location()).toBe('/o/org-1/work/edit/d-9'));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/api/notification/n-9/read');
    await waitFor(() => expect(screen.getByTestId('notifications-badge').textContent).toBe('1'));
  });

  it('does not mark a read notification again', async () => {
    const calls = notificationApi();
    const app = renderApp('/notifications');
    await waitFor(() => expect(items()).toHaveLength(2));
    await userEvent.click(items()[1] as HTMLElement);
    await waitFor(() => expect(app.location()).toBe('/o/org-1/work/edit/d-8'));
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('shows only the unread ones when asked, keeping the choice in the address', async () => {
    const calls = notificationApi();
    const app = renderApp('/notifications');
    await waitFor(() => expect(items()).toHaveLength(2));
    await userEvent.click(screen.getByTestId('notifications-unread-only'));
    await waitFor(() => expect(app.location()).toBe('/notifications?unread=1'));
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(items()[0]?.textContent).toContain('R-9');
    expect(queryOf(listCalls(calls).at(-1) as RecordedCall)).toEqual({
      count: '30',
      unread: 'true',
    });
  });

  it('says so when there are none', async () => {
    signedIn(organizations(1), {
      'GET /api/notification': () => json({ items: [], nextCursor: null, count: { unread: 0 } }),
    });
    renderApp('/notifications?unread=1');
    expect((await screen.findByTestId('notifications-empty')).textContent).toBe(
      en('notification.page.emptyUnread'),
    );
  });
});
