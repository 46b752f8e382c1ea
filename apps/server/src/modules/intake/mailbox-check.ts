import { lookup as dnsLookup } from 'node:dns/promises';
import net from 'node:net';
import { sql } from 'kysely';
import { ImapFlow, type ImapFlowOptions } from 'imapflow';
import type { MailboxTest } from '@listina/contract';
import type { Db } from '../../db/create-db';
import { readInScope, type Scope } from '../../db/scope';
import type { MessageSpec } from '../../lib/errors';
import { translate, type Locale } from '../../plugins/i18n';
import { isSealed, unseal } from './secret-box';

/** Where a mailbox's connection failed, as the contract names it (MAILBOX_TEST_STAGES). */
export type MailboxStage = NonNullable<MailboxTest['stage']>;

/** A mailbox's connection settings with the password in plain text. */
export interface MailboxSettings {
  host: string;
  port: number;
  tls: boolean;
  username: string;
  password: string;
  folder: string;
}

export interface MailboxCheck {
  ok: boolean;
  stage: MailboxStage | null;
  message: MessageSpec;
  messages: number | null;
}

export interface CheckOptions {
  /** Looks a host name up (node:dns lookup); tests give a stub, so no lookup leaves the machine. */
  lookup?: (host: string) => Promise<unknown>;
  /** More ImapFlow options: a trusted CA for a test server's certificate, timeouts. */
  imap?: Partial<ImapFlowOptions>;
}

/** How long a check waits for each step; a form's user is waiting. */
const CHECK_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 8_000, socketTimeout: 20_000 };

const CERTIFICATE_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'HOSTNAME_MISMATCH',
]);

interface ImapError {
  code?: string;
  message?: string;
  authenticationFailed?: boolean;
  serverResponseCode?: string;
  responseStatus?: string;
}

const detail = (e: ImapError) => e.code ?? e.message ?? 'unknown';

/**
 * What an error of a connection to this mailbox means, and where it happened: the step the
 * caller was at (`atFolder` once logged in) and the error's code decide. Shared by the test
 * button and the poller's last_error.
 */
export function describeMailboxError(
  error: unknown,
  settings: Pick<MailboxSettings, 'host' | 'port' | 'folder'>,
  atFolder = false,
): { stage: MailboxStage | null; message: MessageSpec } {
  const e = (error ?? {}) as ImapError;
  const code = e.code ?? '';
  const at = [settings.host, settings.port];
  const fail = (stage: MailboxStage | null, key: string, parameters: (string | number)[]) => ({
    stage,
    message: { code: `intake.test.${key}`, parameters },
  });
  if (code === 'ENOTFOUND' || code === 'ENODATA')
    return fail('dns', 'dnsNotFound', [settings.host]);
  if (code === 'EAI_AGAIN' || code === 'ESERVFAIL')
    return fail('dns', 'dnsFailed', [settings.host, code]);
  if (e.authenticationFailed || e.serverResponseCode === 'AUTHENTICATIONFAILED')
    return fail('login', 'loginFailed', [settings.host]);
  if (
    atFolder &&
    (code === 'NotFound' || e.serverResponseCode === 'NONEXISTENT' || e.responseStatus === 'NO')
  )
    return fail('folder', 'folderMissing', [settings.folder]);
  if (code === 'ECONNREFUSED') return fail('connect', 'connectRefused', at);
  if (['CONNECT_TIMEOUT', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH'].includes(code))
    return fail('connect', 'connectTimeout', at);
  if (CERTIFICATE_CODES.has(code)) return fail('tls', 'tlsUntrusted', [...at, code]);
  if (code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_') || code.includes('TLS'))
    return fail('tls', 'tlsFailed', [...at, code]);
  if (code === 'GREETING_TIMEOUT') return fail('tls', 'noGreeting', at);
  if (code === 'PasswordUnreadable') return fail('login', 'passwordUnreadable', []);
  if (
    ['ECONNRESET', 'EPIPE', 'ClosedAfterConnectText', 'EConnectionClosed', 'NoConnection'].includes(
      code,
    )
  )
    return fail('connect', 'connectFailed', [...at, code]);
  return fail(null, 'failed', [detail(e)]);
}

/** The options of a client for this mailbox; `extra` last (tests: a trusted CA, timeouts). */
export function imapOptions(
  settings: MailboxSettings,
  extra: Partial<ImapFlowOptions> = {},
): ImapFlowOptions {
  return {
    host: settings.host,
    port: settings.port,
    // Without TLS, STARTTLS is used when the server offers it (ImapFlow's default).
    secure: settings.tls,
    auth: { user: settings.username, pass: settings.password },
    logger: false,
    ...extra,
  };
}

/**
 * Tries a mailbox's settings step by step, as a person would: the host's name, the
 * connection, TLS, the login and the folder. Says where it failed and what to do.
 */
export async function checkMailbox(
  settings: MailboxSettings,
  options: CheckOptions = {},
): Promise<MailboxCheck> {
  const failed = (found: ReturnType<typeof describeMailboxError>): MailboxCheck => ({
    ok: false,
    ...found,
    messages: null,
  });
  if (net.isIP(settings.host) === 0) {
    try {
      await (options.lookup ?? dnsLookup)(settings.host);
    } catch (error) {
      const found = describeMailboxError(error, settings);
      return failed(
        found.stage === 'dns' ? found : describeMailboxError({ code: 'ENOTFOUND' }, settings),
      );
    }
  }
  if (settings.password === '')
    return failed({ stage: 'login', message: { code: 'intake.test.noPassword' } });
  const client = new ImapFlow(
    imapOptions(settings, { ...CHECK_TIMEOUTS, disableAutoIdle: true, ...options.imap }),
  );
  // Errors also come as events; the awaited calls below report them.
  client.on('error', () => undefined);
  try {
    try {
      await client.connect();
    } catch (error) {
      return failed(describeMailboxError(error, settings));
    }
    try {
      const status = await client.status(settings.folder, { messages: true });
      // ImapFlow answers false when the server refused the STATUS: no such folder.
      if (status === false)
        return failed(describeMailboxError({ responseStatus: 'NO' }, settings, true));
      return {
        ok: true,
        stage: null,
        message: {
          code: 'intake.test.ok',
          parameters: [settings.host, settings.folder, status.messages ?? 0],
        },
        messages: status.messages ?? 0,
      };
    } catch (error) {
      return failed(describeMailboxError(error, settings, true));
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
}

/** The body of the test button (contract MailboxTestBodySchema). */
export interface MailboxTestBody {
  key?: string;
  host: string;
  port: number;
  tls: boolean;
  username: string;
  password: string;
  folder: string;
}

/**
 * The plain password of a test: the typed one, else the stored one of the form's mailbox.
 * A sealed value is opened only when it is that mailbox's own: any other could be a sealed
 * password of another organisation, sent to a server of the sender's choice.
 */
async function passwordOf(
  db: Db,
  scope: Scope,
  body: MailboxTestBody,
): Promise<{ password: string } | { refused: MessageSpec }> {
  const typed = body.password;
  if (typed !== '' && !isSealed(typed)) return { password: typed };
  const [stored] = body.key
    ? await readInScope(
        db,
        scope,
        sql<{ password: string }>`select password from intake_mailbox where key = ${body.key}`,
      )
    : [];
  if (typed !== '' && typed !== stored?.password)
    return { refused: { code: 'intake.test.passwordUnreadable' } };
  const sealed = stored?.password ?? '';
  if (sealed === '') return { password: '' };
  const plain = isSealed(sealed) ? unseal(sealed) : sealed;
  return plain === undefined
    ? { refused: { code: 'intake.test.passwordUnreadable' } }
    : { password: plain };
}

/**
 * The test button's answer for a mailbox form (POST /api/intake/mailbox/test): the check of
 * its settings in the caller's language. The route lets only admins call it.
 */
export async function testMailboxSettings(
  db: Db,
  scope: Scope,
  body: MailboxTestBody,
  locale: Locale,
  options: CheckOptions = {},
): Promise<MailboxTest> {
  const password = await passwordOf(db, scope, body);
  const result: MailboxCheck =
    'refused' in password
      ? { ok: false, stage: 'login', message: password.refused, messages: null }
      : await checkMailbox(
          { ...body, host: body.host.trim(), password: password.password },
          options,
        );
  return {
    ok: result.ok,
    stage: result.stage,
    message: translate(locale, result.message.code, result.message.parameters),
    messages: result.messages,
  };
}
