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
    organizationKey: 'org-1',
    organizationName: 'Org 01 d.o.o.',
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

/** The list and the read calls over the two pages, with the read state the server keeps. */
function notificationApi() {
  const isRead = new Map(
    [...PAGES.first, ...PAGES.second].map((item) => [item.id, item.read] as const),
  );
  const unread = () => [...isRead.values()].filter((read) => !read).length;
  const calls = signedIn(organizations(1), {
    'GET /api/notification': ({ path }) => {
      const query = new URLSearchParams(path.split('?')[1]);
      const isSecond = query.get('cursor') === 'c-2';
      const page = (isSecond ? PAGES.second : PAGES.first)
        .map((item) => ({ ...item, read: isRead.get(item.id) ?? item.read }))
        .filter((item) => query.get('unread') !== 'true' || !item.read);
      return json({
        items: page,
        nextCursor: isSecond ? null : 'c-2',
        count: { unread: unread() },
      });
    },
    'PUT /api/notification/:id/read': ({ path, body }) => {
      isRead.set(path.split('/')[3] ?? '', (body as { read: boolean }).read);
      return json({ ok: true, count: { unread: unread() } });
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
    // One organisation: its name would say nothing.
    expect(screen.queryByTestId('notification-organization')).toBeNull();
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
    expect(put?.body).toEqual({ read: true });
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

  it('marks a read notification unread again, and back read, the badge following', async () => {
    const calls = notificationApi();
    const app = renderApp('/notifications');
    await waitFor(() => expect(items()).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('notifications-badge').textContent).toBe('2'));
    const toggle = () => screen.getAllByTestId('notification-toggle-read')[1] as HTMLElement;
    expect(toggle().getAttribute('aria-label')).toBe(en('notification.page.markUnread'));
    expect(screen.getAllByTestId('notification-toggle-read')[0]?.getAttribute('aria-label')).toBe(
      en('notification.page.markRead'),
    );

    await userEvent.click(toggle());
    await waitFor(() => expect(items()[1]?.getAttribute('data-read')).toBe('false'));
    expect(
      within(items()[1] as HTMLElement).getByTitle(en('notification.page.unread')),
    ).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('notifications-badge').textContent).toBe('3'));
    expect(screen.getByTestId('notifications-unread-count').textContent).toBe(
      en('notification.page.unreadCount', 3),
    );
    expect(toggle().getAttribute('aria-label')).toBe(en('notification.page.markRead'));
    // The action stays on the list: it does not open the document.
    expect(app.location()).toBe('/notifications');

    await userEvent.click(toggle());
    await waitFor(() => expect(items()[1]?.getAttribute('data-read')).toBe('true'));
    await waitFor(() => expect(screen.getByTestId('notifications-badge').textContent).toBe('2'));
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts.map((call) => [call.path, call.body])).toEqual([
      ['/api/notification/n-8/read', { read: false }],
      ['/api/notification/n-8/read', { read: true }],
    ]);
  });

  it('lists the notifications of every organisation by name; one of another opens there', async () => {
    const inSecond: Notification = {
      ...notification(5),
      text: 'R-5 waits for you in Approval (Bor).',
      organizationKey: 'org-2',
      organizationName: 'Org 02 d.o.o.',
    };
    signedIn(organizations(2), {
      'GET /api/notification': () =>
        json({ items: [inSecond, notification(4)], nextCursor: null, count: { unread: 2 } }),
      'PUT /api/notification/:id/read': () => json({ ok: true, count: { unread: 1 } }),
    });
    const app = renderApp('/o/org-1/home');
    expect((await screen.findByTestId('org-menu')).textContent).toBe('Org 01');
    await userEvent.click(screen.getByTestId('notifications-button'));
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(screen.getAllByTestId('notification-organization').map((n) => n.textContent)).toEqual([
      'Org 02 d.o.o.',
      'Org 01 d.o.o.',
    ]);
    expect(items()[0]?.getAttribute('href')).toBe('/o/org-2/work/edit/d-5');
    await waitFor(() => expect(screen.getByTestId('notifications-badge').textContent).toBe('2'));

    await userEvent.click(items()[0] as HTMLElement);
    await waitFor(() => expect(app.location()).toBe('/o/org-2/work/edit/d-5'));
    // The other organisation is the active one now, as if chosen in the switcher.
    await waitFor(() => expect(screen.getByTestId('org-menu').textContent).toBe('Org 02'));
    await waitFor(() => expect(screen.getByTestId('notifications-badge').textContent).toBe('1'));
  });

  it('links to the notification settings on the profile page', async () => {
    notificationApi();
    renderApp('/notifications');
    const link = await screen.findByTestId('notifications-settings-link');
    expect(link.textContent).toBe(en('notification.page.settings'));
    expect(link.getAttribute('href')).toBe('/account/profile#notifications');
  });
});
