import { describe, expect, it } from 'vitest';
import { translate } from '../../plugins/i18n';
import { describeMailboxError } from './mailbox-check';

/**
 * What a failed connection to a mailbox tells the admin (issue 25), for the errors a test
 * server does not make on demand: timeouts, a port that never greets, an expired certificate.
 */
const settings = { host: 'imap.example.si', port: 993, folder: 'INBOX' };
const said = (error: unknown, atFolder = false) => {
  const { stage, message } = describeMailboxError(error, settings, atFolder);
  return { stage, text: translate('en-gb', message.code, message.parameters) };
};

describe('a mailbox connection error explained', () => {
  it('tells a connection that timed out from one refused', () => {
    expect(said({ code: 'CONNECT_TIMEOUT' })).toEqual({
      stage: 'connect',
      text: 'The server imap.example.si does not answer on port 993. Check the address and the port, and that no firewall stops the connection.',
    });
    expect(said({ code: 'ECONNREFUSED' }).stage).toBe('connect');
  });

  it('says a port that never greets may expect TLS', () => {
    expect(said({ code: 'GREETING_TIMEOUT' })).toEqual({
      stage: 'tls',
      text: 'The server imap.example.si accepted a connection on port 993 but did not answer as an IMAP server. If the port expects TLS (usually 993), turn TLS on.',
    });
  });

  it('names the certificate problem', () => {
    expect(said({ code: 'CERT_HAS_EXPIRED' })).toEqual({
      stage: 'tls',
      text: "The server's certificate is not trusted (CERT_HAS_EXPIRED). The server imap.example.si must present a valid certificate for its name.",
    });
    expect(said({ code: 'ERR_TLS_CERT_ALTNAME_INVALID' }).stage).toBe('tls');
  });

  it('tells a failed lookup now from a name that does not exist', () => {
    expect(said({ code: 'EAI_AGAIN' })).toEqual({
      stage: 'dns',
      text: 'The server name imap.example.si could not be looked up just now (EAI_AGAIN). Try again later.',
    });
    expect(said({ code: 'ENOTFOUND' }).stage).toBe('dns');
  });

  it('takes a refusal after login for a missing folder, and nothing else for one', () => {
    expect(said({ responseStatus: 'NO' }, true).stage).toBe('folder');
    expect(said({ responseStatus: 'NO' }, false)).toEqual({
      stage: null,
      text: 'The mailbox could not be checked (unknown).',
    });
    expect(said({ authenticationFailed: true }).stage).toBe('login');
  });

  it('says a dropped connection in Slovenian too', () => {
    const { message } = describeMailboxError({ code: 'EConnectionClosed' }, settings);
    expect(translate('sl', message.code, message.parameters)).toBe(
      'Povezava s strežnikom imap.example.si na vratih 993 se je prekinila (EConnectionClosed).',
    );
  });
});
