import { expect, test } from '@playwright/test';
import { organizationNamed, signIn, signInByApi } from './support/app';

// `many` belongs to Zelenjava Kranj; `demo` does not.
const FOREIGN = 'Zelenjava Kranj';

test("another organisation's id in the URL redirects to the user's own and never shows its name", async ({
  page,
  request,
}) => {
  const foreign = organizationNamed(await signInByApi(request, 'many'), FOREIGN);
  const alpina = organizationNamed(await signInByApi(request, 'demo'), 'Alpina Trgovina');
  await signIn(page, 'demo');

  const organizationCalls: string[] = [];
  page.on('request', (r) => {
    const header = r.headers()['organization-id'];
    if (header) organizationCalls.push(header);
  });
  await page.goto(`/o/${foreign.id}/home`);
  await expect(page).toHaveURL(new RegExp(`/o/${alpina.id}(/home)?$`));
  await expect(page.getByTestId('home-organization-name')).toHaveText('Alpina Trgovina d.o.o.');
  await expect(page.getByText(FOREIGN)).toHaveCount(0);
  // The page does not even ask the server about the foreign organisation.
  expect(organizationCalls).not.toContain(foreign.id);
});

test('the API answers 403 for an organisation the user does not belong to, in the spec §8 shape', async ({
  request,
}) => {
  const foreign = organizationNamed(await signInByApi(request, 'many'), FOREIGN);
  const demo = await signInByApi(request, 'demo');
  const own = organizationNamed(demo, 'Alpina Trgovina');
  const asDemo = (organizationId: string) =>
    request.get('/api/organization/current', {
      headers: { authorization: demo.apikey, 'organization-id': organizationId },
    });

  const refused = await asDemo(foreign.id);
  expect(refused.status()).toBe(403);
  const body = await refused.json();
  expect(body.error).toEqual([expect.objectContaining({ msg: expect.any(String) })]);
  expect(await refused.text()).not.toContain(FOREIGN);

  // An id that exists nowhere gets the same answer, so existence is not revealed.
  const unknown = await asDemo('00000000-0000-4000-8000-000000000000');
  expect(unknown.status()).toBe(403);
  expect(await unknown.json()).toEqual(body);

  const allowed = await asDemo(own.id);
  expect(allowed.status()).toBe(200);
  expect((await allowed.json()).name).toBe('Alpina Trgovina d.o.o.');
});
