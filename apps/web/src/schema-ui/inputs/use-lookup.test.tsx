import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ReferencesSchema } from '@listina/forms';
import { CACHE_STALE_MS } from '../../app/constants';
import { fakeApi, json, type RecordedCall } from '../../test/fake-api';
import { useLookup, type LookupOptions } from './use-lookup';

const countries = [
  { id: 1, key: 'k1', displayTitle: 'SI Slovenia', code: 'SI', name: 'Slovenia' },
  { id: 2, key: 'k2', displayTitle: 'AT Austria', code: 'AT', name: 'Austria' },
];

const START = new Date('2024-03-01T08:00:00Z').getTime();

/** Moves the clock the cache reads; timers stay real so the requests still resolve. */
const clockAt = (ms: number) => vi.setSystemTime(START + ms);

function setup(references: Record<string, unknown> = { table: 'country' }) {
  const calls = fakeApi({
    'GET /api/cl/:name': () => json({ items: countries, nextCursor: null }),
    'GET /api/banks': () => json(countries),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const parsed = ReferencesSchema.parse(references);
  const base: LookupOptions = {
    references: parsed,
    model: {},
    search: '',
    enabled: true,
    sortLocale: 'en-gb',
  };
  const mount = (options: Partial<LookupOptions> = {}) =>
    renderHook((props: Partial<LookupOptions>) => useLookup({ ...base, ...props }), {
      wrapper,
      initialProps: options,
    });
  const requests = () => calls.filter((call: RecordedCall) => call.path.startsWith('/api/'));
  return { mount, requests };
}

async function loaded(result: { current: ReturnType<typeof useLookup> }) {
  await waitFor(() => expect(result.current.items).toHaveLength(2));
  await waitFor(() => expect(result.current.isFetching).toBe(false));
}

/** Lets any request the hook would send go out before counting. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

describe('lookup cache (spec §4: stale after 5 s; refetched when not loaded, forced or a new fetch id)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    clockAt(0);
  });
  afterEach(() => vi.useRealTimers());

  it('loads the items when they are not loaded yet', async () => {
    const { mount, requests } = setup();
    const { result } = mount();
    await loaded(result);
    expect(requests()).toHaveLength(1);
    expect(requests()[0]?.path).toBe('/api/cl/country?mode=dropdown&count=20');
  });

  it('sends no request when the list is reopened within 5 s', async () => {
    const { mount, requests } = setup();
    const first = mount();
    await loaded(first.result);
    first.rerender({ enabled: false });
    clockAt(CACHE_STALE_MS - 1_000);
    first.rerender({ enabled: true });
    first.unmount();
    const second = mount();
    await settle();
    expect(second.result.current.items.map((item) => item.code)).toEqual(['SI', 'AT']);
    expect(requests()).toHaveLength(1);
  });

  it('refetches when the list is reopened after 5 s', async () => {
    const { mount, requests } = setup();
    const { result, rerender } = mount();
    await loaded(result);
    rerender({ enabled: false });
    clockAt(CACHE_STALE_MS + 1);
    rerender({ enabled: true });
    await waitFor(() => expect(requests()).toHaveLength(2));
  });

  it('is stale after 5 s by the clock: reused at 4,900 ms, refetched when used at 5,100 ms', async () => {
    const { mount, requests } = setup();
    const first = mount();
    await loaded(first.result);
    first.unmount();
    clockAt(4_900);
    const second = mount();
    await settle();
    expect(requests()).toHaveLength(1);
    second.unmount();
    clockAt(5_100);
    mount();
    await waitFor(() => expect(requests()).toHaveLength(2));
  });

  it('refetches a lookup mounted anew after 5 s (a dialog opened again)', async () => {
    const { mount, requests } = setup();
    const first = mount();
    await loaded(first.result);
    first.unmount();
    clockAt(CACHE_STALE_MS + 1);
    mount();
    await waitFor(() => expect(requests()).toHaveLength(2));
  });

  it('fetches at once when the fetch id (the searched text) changes, even within 5 s', async () => {
    const { mount, requests } = setup();
    const { result, rerender } = mount();
    await loaded(result);
    clockAt(1_000);
    rerender({ search: 'slo' });
    await waitFor(() => expect(requests()).toHaveLength(2));
    expect(requests()[1]?.path).toBe('/api/cl/country?mode=dropdown&count=20&search=slo');
    // Back to the first fetch id within 5 s of loading it: served from the cache.
    rerender({ search: '' });
    await settle();
    expect(requests()).toHaveLength(2);
  });

  it('fetches when forced, even within 5 s', async () => {
    const { mount, requests } = setup();
    const { result } = mount();
    await loaded(result);
    clockAt(1_000);
    await act(() => result.current.refresh());
    expect(requests()).toHaveLength(2);
  });

  it('caches the answer of another call (references.api) the same way', async () => {
    const { mount, requests } = setup({ api: '/api/banks' });
    const first = mount();
    await loaded(first.result);
    first.unmount();
    clockAt(CACHE_STALE_MS - 1);
    const second = mount();
    await settle();
    expect(requests()).toHaveLength(1);
    second.unmount();
    clockAt(2 * CACHE_STALE_MS);
    mount();
    await waitFor(() => expect(requests()).toHaveLength(2));
  });
});

describe('lookup filters (spec §3 serverFilters, softFilters)', () => {
  const accounts = [
    { id: 1, key: 'a1', displayTitle: 'A1', code: 'SI56191000000123438', bic: 'LJBASI2X' },
    { id: 2, key: 'a2', displayTitle: 'A2', code: 'SI56020100000000001', bic: 'SKBASI2X' },
  ];

  it('sends customerKey and the other serverFilters as filters in the table call', async () => {
    const calls = fakeApi({
      'GET /api/cl/:name': () => json({ items: accounts.slice(0, 1), nextCursor: null }),
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const references = ReferencesSchema.parse({
      table: 'partnerBankAccount',
      serverFilters: { customerKey: 'p-1', bic: 'LJBASI2X' },
    });
    const { result } = renderHook(
      () => useLookup({ references, model: {}, search: '', enabled: true, sortLocale: 'en-gb' }),
      {
        wrapper: ({ children }) => (
          <QueryClientProvider client={client}>{children}</QueryClientProvider>
        ),
      },
    );
    await waitFor(() => expect(result.current.items).toHaveLength(1));
    expect(result.current.items[0]?.code).toBe('SI56191000000123438');
    const query = new URL(calls[0]?.path ?? '', 'http://localhost').searchParams;
    expect(query.get('customerKey')).toBe('p-1');
    expect(query.getAll('filter')).toEqual(['bic:LJBASI2X']);
    expect(query.get('bic')).toBeNull();
  });

  it('sends serverFilters as query parameters of another call (references.api)', async () => {
    const { mount, requests } = setup({
      api: '/api/banks',
      apiSearchParam: 'q',
      serverFilters: { country: 'SI' },
    });
    const { result } = mount({ search: 'slo' });
    await waitFor(() => expect(requests()).toHaveLength(1));
    expect(requests()[0]?.path).toBe('/api/banks?country=SI&q=slo');
    await waitFor(() => expect(result.current.isFetching).toBe(false));
  });

  it('holds softFilters until they are turned off', async () => {
    const { mount } = setup({ table: 'country', softFilters: { code: 'AT' } });
    const { result, rerender } = mount();
    await waitFor(() => expect(result.current.items.map((item) => item.code)).toEqual(['AT']));
    rerender({ softFiltersOn: false });
    expect(result.current.items.map((item) => item.code)).toEqual(['SI', 'AT']);
  });
});
