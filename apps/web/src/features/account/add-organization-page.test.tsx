import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Organization } from '@listina/contract';
import { apiError, json, signedIn } from '../../test/fake-api';
import { renderApp } from '../../test/render';

const created = {
  id: 'org-new',
  nameNick: 'Nova',
  roles: ['orgadmin'],
  name: 'Nova d.o.o.',
  taxNumber: '12345678',
  connectCode: 'JOIN-NOVA',
};

describe('add organisation page', () => {
  it('creates an organisation and lands on its home', async () => {
    const memberships: Organization[] = [];
    const calls = signedIn(memberships, {
      'POST /api/organization': () => {
        memberships.push({ id: created.id, nameNick: created.nameNick, roles: created.roles });
        return json(created, 201);
      },
      'GET /api/organization/current': () => json(created),
    });
    const app = renderApp('/account/addorg');
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('addorg-name'), 'Nova d.o.o.');
    await user.type(screen.getByTestId('addorg-name-nick'), 'Nova');
    await user.click(screen.getByTestId('addorg-create'));
    await waitFor(() => expect(app.location()).toBe('/o/org-new/home'));
    expect((await screen.findByTestId('home-connect-code')).textContent).toBe('JOIN-NOVA');
    expect((await screen.findByTestId('org-name')).textContent).toBe('Nova');
    expect(calls.find((call) => call.path === '/api/organization')?.body).toEqual({
      name: 'Nova d.o.o.',
      nameNick: 'Nova',
    });
  });

  it('shows why a connection code is refused', async () => {
    signedIn([], {
      'POST /api/organization/connect': () => apiError(404, 'No organisation has this code.'),
    });
    renderApp('/account/addorg');
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('addorg-code'), 'WRONG{Enter}');
    expect((await screen.findByTestId('addorg-connect-error')).textContent).toBe(
      'No organisation has this code.',
    );
  });
});
