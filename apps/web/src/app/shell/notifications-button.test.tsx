import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { en } from '../../test/catalogue';
import { countEvent, fakeEventStream, type FakeEventStream } from '../../test/event-stream';
import { json, organizations, signedIn } from '../../test/fake-api';
import { renderApp } from '../../test/render';

/** A signed-in user in two organisations whose every event stream the test holds. */
function withStreams() {
  const streams: { organizationId: string; stream: FakeEventStream }[] = [];
  const calls = signedIn(organizations(2), {
    'GET /api/notification/events': ({ headers }) => {
      const stream = fakeEventStream();
      streams.push({ organizationId: headers.get('organization-id') ?? '', stream });
      return stream.response;
    },
    'GET /api/notification': () => json({ items: [], nextCursor: null, count: { unread: 0 } }),
  });
  const latest = () => streams.at(-1)?.stream;
  return { calls, streams, latest };
}

const badge = () => screen.getByTestId('notifications-badge');

describe('toolbar notifications button', () => {
  it('shows the unread count as the stream tells it, split across reads too', async () => {
    const { latest } = withStreams();
    renderApp('/o/org-1/home');
    const button = await screen.findByTestId('notifications-button');
    expect(button.getAttribute('aria-label')).toBe(en('toolbar.notifications'));
    await waitFor(() => expect(latest()).toBeDefined());

    latest()?.send(': keep-alive\n\n');
    latest()?.send(countEvent(3));
    await waitFor(() => expect(badge().textContent).toBe('3'));
    expect(button.getAttribute('aria-label')).toBe(en('toolbar.notificationsUnread', 3));

    latest()?.send('event: count\ndata: {"unr');
    latest()?.send('ead":120}\n\n');
    await waitFor(() => expect(badge().textContent).toBe('99+'));
  });

  it('keeps one stream across a change of organisation: the count is of all of them', async () => {
    const { streams, latest } = withStreams();
    const app = renderApp('/o/org-1/home');
    await waitFor(() => expect(latest()).toBeDefined());
    latest()?.send(countEvent(2));
    await waitFor(() => expect(badge().textContent).toBe('2'));

    await userEvent.click(await screen.findByTestId('org-menu'));
    await userEvent.click((await screen.findAllByTestId('org-menu-item'))[1] as HTMLElement);
    await waitFor(() => expect(app.location()).toBe('/o/org-2/home'));
    expect(badge().textContent).toBe('2');
    expect(streams).toHaveLength(1);
    expect(streams[0]?.stream.isCancelled()).toBe(false);
    latest()?.send(countEvent(0));
    // Nothing unread: an empty badge, and the button's name without a count.
    await waitFor(() => expect(badge().textContent).toBe(''));
    expect(screen.getByTestId('notifications-button').getAttribute('aria-label')).toBe(
      en('toolbar.notifications'),
    );
  });

  it('is there without an active organisation, with the count of all of them', async () => {
    const streams: FakeEventStream[] = [];
    signedIn(organizations(0), {
      'GET /api/notification/events': () => {
        const stream = fakeEventStream();
        streams.push(stream);
        return stream.response;
      },
      'GET /api/account/profile': () =>
        json({ username: 'demo', displayName: 'Dana Demo', email: 'd@example.com', lang: 'en-gb' }),
    });
    renderApp('/account/profile');
    expect(await screen.findByTestId('notifications-button')).toBeTruthy();
    await waitFor(() => expect(streams).toHaveLength(1));
    streams[0]?.send(countEvent(5));
    await waitFor(() => expect(badge().textContent).toBe('5'));
  });

  it('connects again when the stream ends', async () => {
    const { streams, latest } = withStreams();
    renderApp('/o/org-1/home');
    await waitFor(() => expect(latest()).toBeDefined());
    latest()?.send(countEvent(1));
    await waitFor(() => expect(badge().textContent).toBe('1'));
    latest()?.end();
    // The first delay after a stream that worked is one second.
    await waitFor(() => expect(streams).toHaveLength(2), { timeout: 3000 });
    latest()?.send(countEvent(4));
    await waitFor(() => expect(badge().textContent).toBe('4'));
  });

  it('stops the stream on sign-out', async () => {
    const { streams, latest } = withStreams();
    const app = renderApp('/o/org-1/home');
    await waitFor(() => expect(latest()).toBeDefined());
    await userEvent.click(await screen.findByTestId('user-menu'));
    await userEvent.click(screen.getByTestId('logout'));
    await waitFor(() => expect(app.location()).toBe('/account/login'));
    expect(streams).toHaveLength(1);
    expect(streams[0]?.stream.isCancelled()).toBe(true);
  });

  it('opens the notification list', async () => {
    withStreams();
    const app = renderApp('/o/org-1/home');
    await userEvent.click(await screen.findByTestId('notifications-button'));
    await waitFor(() => expect(app.location()).toBe('/notifications'));
    expect(await screen.findByTestId('notifications-page')).toBeTruthy();
  });
});
