import { isApiRequestError } from './api-error';

export type Translate = (key: string, params?: readonly (string | number)[]) => string;

/** Translation keys of the spec §8 client texts. */
export const ERROR_TEXT_KEYS = {
  genericApi: 'common.error.api',
  request: 'common.error.request',
  beforeRequest: 'common.error.beforeRequest',
  infoPrefix: 'common.error.infoPrefix',
  unexpected: 'common.error.unexpected',
} as const;

/**
 * spec §8: one message a line, warnings after an info prefix; without §8 data the generic
 * API error with status and status text; no answer → request error + text; not sent →
 * before-request error + text.
 */
export function formatApiError(error: unknown, t: Translate): string {
  if (!isApiRequestError(error)) {
    const text = error instanceof Error ? error.message : String(error);
    return `${t(ERROR_TEXT_KEYS.unexpected)} ${text}`.trim();
  }
  const failure = error.failure;
  switch (failure.kind) {
    case 'network':
      return `${t(ERROR_TEXT_KEYS.request)} ${failure.text}`.trim();
    case 'beforeRequest':
      return `${t(ERROR_TEXT_KEYS.beforeRequest)} ${failure.text}`.trim();
    case 'response': {
      const data = failure.data;
      const lines = [
        ...(data?.error ?? []).map((item) => item.msg),
        ...(data?.warning ?? []).map((item) => `${t(ERROR_TEXT_KEYS.infoPrefix)} ${item.msg}`),
      ];
      if (lines.length > 0) return lines.join('\n');
      return t(ERROR_TEXT_KEYS.genericApi, [`${failure.status} ${failure.statusText}`.trim()]);
    }
  }
}
