import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from './factories';

/**
 * Issue 22, double actions: the same request sent many times at once, as a double click, a
 * retrying client or an impatient user does. Each answer keeps what a client sees of it.
 */
export interface Answer {
  status: number;
  body: string;
  json<T = unknown>(): T;
}

const answerOf = (res: LightMyRequestResponse): Answer => ({
  status: res.statusCode,
  body: res.body,
  json: <T>() => JSON.parse(res.body) as T,
});

/** `times` identical requests through app.inject, all sent before any is answered. */
export async function injectAtOnce(
  t: TestApp,
  times: number,
  request: InjectOptions,
): Promise<Answer[]> {
  const answers = await Promise.all(Array.from({ length: times }, () => t.app.inject(request)));
  return answers.map(answerOf);
}

/**
 * `times` identical requests over real HTTP connections (the app listening on a loopback
 * port), all sent before any is answered.
 */
export async function httpAtOnce(
  t: TestApp,
  times: number,
  request: { method: string; url: string; headers: Record<string, string>; payload?: unknown },
): Promise<Answer[]> {
  const address = t.app.server.listening
    ? `http://127.0.0.1:${String((t.app.server.address() as { port: number }).port)}`
    : await t.app.listen({ host: '127.0.0.1', port: 0 });
  const send = async (): Promise<Answer> => {
    const res = await fetch(`${address}${request.url}`, {
      method: request.method,
      headers: {
        ...request.headers,
        ...(request.payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: request.payload === undefined ? undefined : JSON.stringify(request.payload),
    });
    const body = await res.text();
    return { status: res.status, body, json: <T>() => JSON.parse(body) as T };
  };
  return Promise.all(Array.from({ length: times }, send));
}

/** How many answers had each status, e.g. { 200: 1, 409: 49 }. */
export function statusCounts(answers: readonly Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return counts;
}

/** The message codes of a refusal (spec §8 error list). */
export const codesOf = (answer: Answer) =>
  answer.json<{ error?: { code: string }[] }>().error?.map((e) => e.code) ?? [];

/** The first message of a refusal, code and words. */
export const firstError = (answer: Answer) =>
  answer.json<{ error: { code: string; msg: string }[] }>().error[0];
