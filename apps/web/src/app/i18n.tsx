import { createContext, use, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { LOCALES, systemRoutes, type TranslationResponse } from '@listina/contract';
import { callApi } from '../api/client';
import { setApiContext } from '../api/context';
import { browserLanguages, chooseLocale, isLocale, type Locale } from './locale';
import { translate, type MessageParams } from './messages';
import { readStored, STORAGE_KEYS, writeStored } from './storage';

export type TFunction = (key: string, params?: MessageParams) => string;

export interface Language {
  code: string;
  name: string;
}

export interface I18nValue {
  locale: Locale;
  setLocale: (locale: string) => void;
  t: TFunction;
  /** True when the catalogue has the key (used to translate validation keys from the contract). */
  has: (key: string) => boolean;
  languages: readonly Language[];
}

const I18nContext = createContext<I18nValue | null>(null);

async function loadTranslation(locale: Locale): Promise<TranslationResponse> {
  try {
    return await callApi(systemRoutes.translation, { params: { locale } });
  } catch {
    // spec §8: a failed load leaves empty messages for that locale; keys show as themselves.
    return { lang: locale, messages: {}, allLanguages: [] };
  }
}

function initialLocale(): Locale {
  const locale = chooseLocale(readStored(STORAGE_KEYS.locale), browserLanguages());
  setApiContext({ locale });
  document.documentElement.lang = locale;
  return locale;
}

export function I18nProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [locale, setLocaleState] = useState<Locale>(initialLocale);
  const query = useQuery({
    queryKey: ['translation', locale],
    queryFn: () => loadTranslation(locale),
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });

  const shown = useRef(locale);
  const setLocale = useCallback(
    (next: string) => {
      if (!isLocale(next)) return;
      writeStored(STORAGE_KEYS.locale, next);
      setApiContext({ locale: next });
      document.documentElement.lang = next;
      setLocaleState(next);
      if (shown.current === next) return;
      shown.current = next;
      // Issue 24: answers the server worded in the old language (tiles, code-list names,
      // schemas, messages) are asked again in the new one at once, not at the next reload.
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== 'translation',
      });
    },
    [queryClient],
  );

  const value = useMemo<I18nValue>(() => {
    const messages = query.data?.messages ?? {};
    const fromServer = query.data?.allLanguages ?? [];
    return {
      locale,
      setLocale,
      t: (key, params) => translate(messages, key, params),
      has: (key) => key in messages,
      languages: fromServer.length > 0 ? fromServer : LOCALES.map((code) => ({ code, name: code })),
    };
  }, [locale, setLocale, query.data]);

  // Nothing is shown before the first catalogue answer (or its failure): no flash of keys.
  if (!query.data) return null;
  return <I18nContext value={value}>{children}</I18nContext>;
}

export function useI18n(): I18nValue {
  const value = use(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}
