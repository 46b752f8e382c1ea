import { composeMail } from './mail';
import type { Example } from './route-examples';
import type { World } from './route-walk-world';

/** The intake calls (issue 25), keyed as the matrix names them. */

let sent = 0;

/** A message of A's that waits in quarantine (no attachment): each call uses up its own. */
async function quarantined(w: World): Promise<string> {
  const raw = await composeMail({
    messageId: `walk-${Date.now()}-${sent++}@walk.test`,
    subject: 'Walk',
  });
  const outcome = await w.t.services.intake.importMessage({
    organizationId: w.a.id,
    raw,
    source: 'smtp',
  });
  return outcome.logKey;
}

export const intakeExamples: Record<string, Example> = {
  'GET /api/intake/address': () => Promise.resolve({ method: 'GET', url: '/api/intake/address' }),
  'GET /api/intake/message': () =>
    Promise.resolve({ method: 'GET', url: '/api/intake/message?result=quarantined' }),
  'GET /api/intake/summary': () => Promise.resolve({ method: 'GET', url: '/api/intake/summary' }),
  'POST /api/intake/message/{key}/release': async (w) => ({
    method: 'POST',
    url: `/api/intake/message/${await quarantined(w)}/release`,
  }),
  'DELETE /api/intake/message/{key}': async (w) => ({
    method: 'DELETE',
    url: `/api/intake/message/${await quarantined(w)}`,
  }),
  'GET /api/intake/message/{key}/eml': async (w) => ({
    method: 'GET',
    url: `/api/intake/message/${await quarantined(w)}/eml`,
  }),
  // A closed local port: the check answers where it failed, and nothing leaves the machine.
  'POST /api/intake/mailbox/test': () =>
    Promise.resolve({
      method: 'POST',
      url: '/api/intake/mailbox/test',
      payload: {
        host: '127.0.0.1',
        port: 1,
        tls: false,
        username: 'x',
        password: 'y',
        folder: 'INBOX',
      },
    }),
};
