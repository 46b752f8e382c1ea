import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ONBOARDING_STEPS,
  type Onboarding,
  type OnboardingStep,
  type OnboardingStepState,
} from '@listina/contract';
import { en } from '../../test/catalogue';
import { apiError, json, signedIn, type RecordedCall } from '../../test/fake-api';
import { renderApp } from '../../test/render';

const admin = [{ id: 'org-1', nameNick: 'Lipa', roles: ['orgadmin'] }];
const clerk = [{ id: 'org-1', nameNick: 'Lipa', roles: ['user'] }];

/** A server's checklist: marks kept in `marks`, answered as GET /api/organization/onboarding does. */
function checklist(canChange = true) {
  const marks = new Map<OnboardingStep, OnboardingStepState>();
  let isDismissed = false;
  const answer = (): Onboarding => {
    const steps = ONBOARDING_STEPS.map((step) => ({ step, state: marks.get(step) ?? 'open' }));
    return {
      steps,
      finished: steps.filter((s) => s.state !== 'open').length,
      total: steps.length,
      isDismissed,
      canChange,
    };
  };
  return {
    'GET /api/tile': () => json({ items: [] }),
    'GET /api/organization/onboarding': () => json(answer()),
    'PUT /api/organization/onboarding/:step': ({ path, body }: RecordedCall) => {
      const step = path.split('/').at(-1) as OnboardingStep;
      const state = (body as { state: OnboardingStepState }).state;
      if (state === 'open') marks.delete(step);
      else marks.set(step, state);
      return json(answer());
    },
    'PUT /api/organization/onboarding': ({ body }: RecordedCall) => {
      isDismissed = (body as { isDismissed: boolean }).isDismissed;
      return json(answer());
    },
  };
}

const stateOf = (step: string) =>
  screen.getByTestId(`onboarding-step-${step}`).getAttribute('data-state');

describe('the first-day checklist on the home page', () => {
  it('shows the progress, and fills the company data by VAT ID before saving them', async () => {
    const calls = signedIn(admin, {
      ...checklist(),
      'GET /api/organization/company-lookup': () =>
        json({
          vatId: 'SI12345679',
          status: 'found',
          source: 'vies',
          company: {
            name: 'LIPA D.O.O.',
            address: 'DUNAJSKA CESTA 1',
            postCode: '1000',
            town: 'LJUBLJANA',
            countryCode: 'SI',
          },
        }),
      'GET /api/cl/organization/org-1': () =>
        json({ id: 1, key: 'org-1', displayTitle: 'Lipa', version: 3 }),
      'PUT /api/cl/organization/org-1': ({ body }) =>
        json({
          item: { id: 1, key: 'org-1', displayTitle: 'Lipa', ...(body as object) },
          undoId: 'u-1',
        }),
    });
    renderApp('/o/org-1/home');
    expect((await screen.findByTestId('onboarding-progress')).textContent).toBe(
      en('onboarding.progress', 0, 5),
    );
    const user = userEvent.setup();
    await user.type(screen.getByTestId('onboarding-vat-id'), 'si 1234 5679');
    await user.click(screen.getByTestId('onboarding-look-up'));
    expect((await screen.findByTestId('onboarding-look-up-result')).textContent).toBe(
      en('onboarding.company.found'),
    );
    expect(screen.getByTestId<HTMLInputElement>('onboarding-company-town').value).toBe('LJUBLJANA');
    // Editable before it is saved.
    await user.clear(screen.getByTestId('onboarding-company-town'));
    await user.type(screen.getByTestId('onboarding-company-town'), 'Ljubljana');
    await user.click(screen.getByTestId('onboarding-company-save'));
    await waitFor(() => expect(stateOf('company')).toBe('done'));
    const saved = calls.find((c) => c.method === 'PUT' && c.path === '/api/cl/organization/org-1');
    expect(saved?.body).toEqual({
      taxNumber: 'SI12345679',
      name: 'LIPA D.O.O.',
      address: 'DUNAJSKA CESTA 1',
      postCode: '1000',
      town: 'Ljubljana',
      countryCode: 'SI',
      version: 3,
    });
    expect(screen.getByTestId('onboarding-progress').textContent).toBe(
      en('onboarding.progress', 1, 5),
    );
  });

  it('says so when the register is unreachable, and shows a refused VAT ID as the server words it', async () => {
    let answer = () => json({ vatId: 'DE1', status: 'unavailable', source: null, company: null });
    signedIn(admin, {
      ...checklist(),
      'GET /api/organization/company-lookup': () => answer(),
    });
    renderApp('/o/org-1/home');
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('onboarding-vat-id'), 'DE123456789');
    await user.click(screen.getByTestId('onboarding-look-up'));
    expect((await screen.findByTestId('onboarding-look-up-result')).textContent).toBe(
      en('onboarding.company.unavailable'),
    );
    answer = () => apiError(400, en('validation.vatId'), 'Bad Request');
    await user.clear(screen.getByTestId('onboarding-vat-id'));
    await user.type(screen.getByTestId('onboarding-vat-id'), 'SI12345678');
    await user.click(screen.getByTestId('onboarding-look-up'));
    await waitFor(() =>
      expect(screen.getByTestId('onboarding-look-up-result').textContent).toBe(
        en('validation.vatId'),
      ),
    );
  });

  it('skips a step, fills BIC and bank from the IBAN, and saves it as the default account', async () => {
    const calls = signedIn(admin, {
      ...checklist(),
      'GET /api/organization/bank-of-iban': () =>
        json({ iban: 'SI56020100012345678', problem: null, bic: 'LJBASI2X', bankName: 'NLB D.D.' }),
      'GET /api/cl/organization/org-1': () =>
        json({
          id: 1,
          key: 'org-1',
          displayTitle: 'Lipa',
          version: 3,
          organizationBankAccounts: [],
        }),
      'PUT /api/cl/organization/org-1': () =>
        json({ item: { id: 1, key: 'org-1', displayTitle: 'Lipa' }, undoId: 'u-2' }),
    });
    renderApp('/o/org-1/home');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('onboarding-skip-company'));
    await waitFor(() => expect(stateOf('company')).toBe('skipped'));
    expect(within(screen.getByTestId('onboarding-step-company')).getByText('Skipped')).toBeTruthy();
    // The next open step opens.
    await user.type(await screen.findByTestId('onboarding-iban'), 'si56 0201 0001 2345 678');
    await user.click(screen.getByTestId('onboarding-iban-check'));
    await waitFor(() =>
      expect(screen.getByTestId<HTMLInputElement>('onboarding-bic').value).toBe('LJBASI2X'),
    );
    expect(screen.getByTestId<HTMLInputElement>('onboarding-bank-name').value).toBe('NLB D.D.');
    await user.click(screen.getByTestId('onboarding-bank-save'));
    await waitFor(() => expect(stateOf('bankAccount')).toBe('done'));
    const saved = calls.find((c) => c.method === 'PUT' && c.path === '/api/cl/organization/org-1');
    expect(saved?.body).toEqual({
      version: 3,
      organizationBankAccounts: [
        {
          id: -1,
          code: 'SI56020100012345678',
          bic: 'LJBASI2X',
          displayText: 'NLB D.D.',
          isDefault: true,
          isActive: true,
        },
      ],
    });
  });

  it('invites a member by e-mail with roles, and shows why an invitation is refused', async () => {
    const invited: { id: string; email: string; roles: string[] }[] = [];
    const calls = signedIn(admin, {
      ...checklist(),
      'GET /api/organization/invitations': () => json({ items: invited }),
      'POST /api/organization/invitations': ({ body }) => {
        const { email, roles } = body as { email: string; roles: string[] };
        if (roles.includes('orgadmin')) {
          return apiError(403, en('errors.invitation.roleAboveOwn', 'orgadmin'), 'Forbidden');
        }
        const item = {
          id: `inv-${invited.length}`,
          email,
          roles,
          invitedBy: 'Dana',
          createdAt: '2026-11-28T09:00:00.000Z',
          expiresAt: '2026-12-05T09:00:00.000Z',
        };
        invited.push(item);
        return json(item, 201);
      },
    });
    renderApp('/o/org-1/home');
    const user = userEvent.setup();
    for (const step of ['company', 'bankAccount']) {
      await user.click(await screen.findByTestId(`onboarding-skip-${step}`));
    }
    await user.type(await screen.findByTestId('onboarding-invite-email'), 'ana@example.test');
    await user.click(screen.getByTestId('onboarding-role-approver'));
    await user.click(screen.getByTestId('onboarding-invite'));
    expect((await screen.findByTestId('onboarding-invite-result')).textContent).toBe(
      en('onboarding.members.sent', 'ana@example.test'),
    );
    const sent = calls.find((c) => c.method === 'POST');
    expect(sent?.body).toEqual({ email: 'ana@example.test', roles: ['user', 'approver'] });
    expect((await screen.findByTestId('onboarding-invitations')).textContent).toContain(
      'ana@example.test',
    );
    await user.type(screen.getByTestId('onboarding-invite-email'), 'boss@example.test');
    await user.click(screen.getByTestId('onboarding-role-orgadmin'));
    await user.click(screen.getByTestId('onboarding-invite'));
    await waitFor(() =>
      expect(screen.getByTestId('onboarding-invite-result').textContent).toBe(
        en('errors.invitation.roleAboveOwn', 'orgadmin'),
      ),
    );
  });

  it('is put away and brought back from the home page', async () => {
    signedIn(admin, checklist());
    renderApp('/o/org-1/home');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('onboarding-hide'));
    await waitFor(() => expect(screen.queryByTestId('onboarding')).toBeNull());
    await user.click(screen.getByTestId('onboarding-show'));
    expect(await screen.findByTestId('onboarding')).toBeTruthy();
  });

  it('shows a member who is no admin the progress without the forms', async () => {
    signedIn(clerk, checklist(false));
    renderApp('/o/org-1/home');
    expect((await screen.findByTestId('onboarding-progress')).textContent).toBe(
      en('onboarding.progress', 0, 5),
    );
    expect(screen.getByText(en('onboarding.readOnly'))).toBeTruthy();
    expect(screen.queryByTestId('onboarding-vat-id')).toBeNull();
    expect(screen.queryByTestId('onboarding-hide')).toBeNull();
  });
});
