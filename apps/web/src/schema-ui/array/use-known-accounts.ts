import { useQuery } from '@tanstack/react-query';
import type { TableRecord } from '@listina/contract';
import type { Model } from '@listina/forms';
import { fetchPage, fetchPartnerSuggestions, tableQueryKey } from '../api';
import { accountKey } from './array-rows';

/** Partners whose accounts are read: the partner itself and the closest suggestions. */
const MAX_PARTNERS = 5;
const MAX_ACCOUNTS_PER_PARTNER = 100;

export interface KnownAccount {
  account: TableRecord;
  /** The partner the account is saved with, as "code – name". */
  partner: string;
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * spec §5 bank account search for a partner: the active accounts the organisation already
 * knows for it — saved with the partner itself, or with partners the server suggests as the
 * same company (GET /api/cl/partner/{vatId}/{iban}/{name}: the same VAT ID, else a similar
 * name) — read from each one's account list (GET /api/cl/{rowTable}?customerKey=…&mode=dropdown).
 */
export function useKnownAccounts(options: { owner: Model; rowTable: string; enabled: boolean }) {
  const { owner, rowTable, enabled } = options;
  const key = textOf(owner.key);
  const vatId = accountKey(textOf(owner.vatId));
  const name = textOf(owner.name);
  const ownLabel = [textOf(owner.code), name].filter((part) => part !== '').join(' – ');
  return useQuery({
    queryKey: tableQueryKey(rowTable, 'known', { key, vatId, name }),
    enabled,
    queryFn: async ({ signal }): Promise<KnownAccount[]> => {
      const partners = new Map<string, string>();
      if (key !== '') partners.set(key, ownLabel);
      if (vatId !== '' || name !== '') {
        const found = await fetchPartnerSuggestions({ vatId, name }, signal);
        for (const item of found.items) {
          if (!partners.has(item.key)) partners.set(item.key, `${item.code} – ${item.name}`);
        }
      }
      const chosen = [...partners].slice(0, MAX_PARTNERS);
      const pages = await Promise.all(
        chosen.map(([customerKey]) =>
          fetchPage(
            rowTable,
            { customerKey, mode: 'dropdown', count: MAX_ACCOUNTS_PER_PARTNER },
            signal,
          ),
        ),
      );
      return pages.flatMap((page, index) =>
        page.items.map((account) => ({ account, partner: chosen[index]?.[1] ?? '' })),
      );
    },
  });
}
