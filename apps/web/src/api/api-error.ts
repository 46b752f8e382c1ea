import type { ApiError } from '@listina/contract';

/**
 * Why a call failed, in the three cases spec §8 distinguishes:
 * - `response`: the server answered non-2xx (its §8 error lists in `data` when it sent them);
 * - `network`: the request went out and no answer came back;
 * - `beforeRequest`: the request could not be built or sent at all.
 */
export type ApiFailure =
  | { kind: 'response'; status: number; statusText: string; data: ApiError | null }
  | { kind: 'network'; text: string }
  | { kind: 'beforeRequest'; text: string };

export class ApiRequestError extends Error {
  readonly failure: ApiFailure;

  constructor(failure: ApiFailure) {
    super(describe(failure));
    this.name = 'ApiRequestError';
    this.failure = failure;
  }

  get status(): number | null {
    return this.failure.kind === 'response' ? this.failure.status : null;
  }
}

function describe(failure: ApiFailure): string {
  switch (failure.kind) {
    case 'response':
      return `HTTP ${failure.status} ${failure.statusText}`.trim();
    case 'network':
      return `Request failed: ${failure.text}`;
    case 'beforeRequest':
      return `Request not sent: ${failure.text}`;
  }
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}
