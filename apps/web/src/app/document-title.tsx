import { useEffect } from 'react';
import { useMatches, type UIMatch } from 'react-router';
import { useI18n } from './i18n';
import { useSession } from './session';
import type { RouteHandle } from './guard';

/** A route's handle: who may open it (guard) and the catalogue key of its page's name. */
export interface PageHandle extends RouteHandle {
  titleId?: string;
}

const SEPARATOR = ' · ';

/** The title key of the deepest matched route that names its page. */
export function pageTitleId(matches: readonly UIMatch[]): string | undefined {
  for (const match of [...matches].reverse()) {
    const titleId = (match.handle as PageHandle | undefined)?.titleId;
    if (titleId) return titleId;
  }
  return undefined;
}

/** "Plačila · Podjetje d.o.o. · Listina": the page, the organisation one works in, the product. */
export function documentTitle(parts: readonly (string | null | undefined)[]): string {
  return parts.filter((part): part is string => Boolean(part)).join(SEPARATOR);
}

/**
 * Issue 24: the browser tab names the page and the organisation, in the interface language;
 * it follows a change of page, organisation or language at once.
 */
export function DocumentTitle() {
  const matches = useMatches();
  const { t } = useI18n();
  const { status, activeOrganization } = useSession();
  const titleId = pageTitleId(matches);
  const organization = status === 'signedIn' ? activeOrganization?.nameNick : undefined;
  const title = documentTitle([
    titleId ? t(titleId) : undefined,
    organization,
    t('language.title.app'),
  ]);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
