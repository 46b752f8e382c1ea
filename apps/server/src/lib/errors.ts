/**
 * The one error hierarchy of the server. Every message is a catalogue key with parameters;
 * the error handler translates it and answers in the spec §8 shape.
 */
export interface MessageSpec {
  code: string;
  parameters?: (string | number)[];
  field?: string;
  /** A value the field could take instead, offered with a warning (the text spelt for SEPA). */
  suggestion?: string;
}

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errors: MessageSpec[],
    readonly warnings: MessageSpec[] = [],
  ) {
    super(errors.map((e) => e.code).join(', ') || 'warnings');
  }
}

const one = (code: string, parameters?: (string | number)[], field?: string): MessageSpec[] => [
  { code, ...(parameters ? { parameters } : {}), ...(field ? { field } : {}) },
];

export const badRequest = (code: string, parameters?: (string | number)[], field?: string) =>
  new AppError(400, one(code, parameters, field));
export const unauthorized = (code = 'errors.notSignedIn') => new AppError(401, one(code));
export const forbidden = (code = 'errors.forbidden') => new AppError(403, one(code));
export const notFound = (code = 'errors.notFound', parameters?: (string | number)[]) =>
  new AppError(404, one(code, parameters));
export const conflict = (code: string, parameters?: (string | number)[], field?: string) =>
  new AppError(409, one(code, parameters, field));
export const tooManyRequests = (code: string, parameters?: (string | number)[]) =>
  new AppError(429, one(code, parameters));
export const serviceUnavailable = (code: string) => new AppError(503, one(code));

/** The answer of calls that only succeed or fail. */
export const OK = { ok: true } as const;
