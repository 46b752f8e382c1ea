import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './api-error';
import { readErrorData } from './error-data';
import { formatApiError } from './format-error';

const texts: Record<string, string> = {
  'common.error.api': 'API error {0}',
  'common.error.request': 'No answer:',
  'common.error.beforeRequest': 'Not sent:',
  'common.error.infoPrefix': 'Note:',
  'common.error.unexpected': 'Unexpected:',
};
const t = (key: string, params?: readonly (string | number)[]) =>
  (texts[key] ?? key).replace(/\{(\d+)\}/g, (_, i: string) => String(params?.[Number(i)] ?? ''));

const response = (status: number, statusText: string, data: unknown) =>
  new ApiRequestError({ kind: 'response', status, statusText, data: readErrorData(data) });

describe('formatApiError (spec §8)', () => {
  it('puts each error on its own line and prefixes warnings', () => {
    const error = response(400, 'Bad Request', {
      error: [
        { msg: 'Name is required.', parameters: [] },
        { msg: 'IBAN is not valid.', parameters: [], field: 'iban' },
      ],
      warning: [{ msg: 'The partner is inactive.', parameters: [] }],
    });
    expect(formatApiError(error, t)).toBe(
      'Name is required.\nIBAN is not valid.\nNote: The partner is inactive.',
    );
  });

  it('reads the lists from the first element when the data is an array', () => {
    const error = response(409, 'Conflict', [{ error: [{ msg: 'Changed meanwhile.' }] }]);
    expect(formatApiError(error, t)).toBe('Changed meanwhile.');
  });

  it('falls back to the generic API error with status and status text', () => {
    expect(formatApiError(response(502, 'Bad Gateway', '<html>'), t)).toBe(
      'API error 502 Bad Gateway',
    );
    expect(formatApiError(response(500, '', { error: [], warning: [] }), t)).toBe('API error 500');
  });

  it('reports a request without an answer with its text', () => {
    const error = new ApiRequestError({ kind: 'network', text: 'Failed to fetch' });
    expect(formatApiError(error, t)).toBe('No answer: Failed to fetch');
  });

  it('reports a failure before sending with its text', () => {
    const error = new ApiRequestError({ kind: 'beforeRequest', text: 'Missing path parameter' });
    expect(formatApiError(error, t)).toBe('Not sent: Missing path parameter');
  });

  it('shows other errors with their message', () => {
    expect(formatApiError(new Error('boom'), t)).toBe('Unexpected: boom');
  });
});
