import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../lib/ids';
import {
  withDovecot,
  dovecotAvailable,
  startDovecot,
  type DovecotServer,
} from '../../../test/dovecot';
import { createTestApp, soleMember, type TestApp } from '../../../test/factories';
import { checkMailbox, testMailboxSettings, type MailboxSettings } from './mailbox-check';
import { seal } from './secret-box';

/**
 * The mailbox form's test button (issue 25) against a real Dovecot on 127.0.0.1: it says at
 * which step a mailbox's settings fail (name lookup, connection, TLS, login, folder) and what
 * to do, in the user's language. The name lookup is a stub: no test asks a real resolver.
 */
const PASSWORD = 'imap-secret-1';

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe.skipIf(!dovecotAvailable())(withDovecot("a mailbox's settings tested"), () => {
  let dovecot: DovecotServer;
  let t: TestApp;
  let scope: { userId: string; organizationId: string };
  let settings: MailboxSettings;
  const noLookup = async () => {
    throw new Error('no lookup expected');
  };

  beforeAll(async () => {
    dovecot = await startDovecot({ users: { invoices: PASSWORD } });
    await dovecot.append('invoices', 'INBOX', 'Subject: one\r\n\r\nx\r\n');
    await dovecot.append('invoices', 'INBOX', 'Subject: two\r\n\r\nx\r\n');
    await dovecot.createFolder('invoices', 'Racuni');
    t = await createTestApp({ INTAKE_MAILBOXES: 'off' });
    const { user, org } = await soleMember(t, ['admin']);
    scope = { userId: String(user.id), organizationId: String(org.id) };
    settings = {
      host: dovecot.host,
      port: dovecot.port,
      tls: false,
      username: 'invoices',
      password: PASSWORD,
      folder: 'INBOX',
    };
  });
  afterAll(async () => {
    await t?.close();
    await dovecot?.stop();
  });

  // The plain port offers STARTTLS, which the client takes: it must trust the test's certificate.
  const trusted = () => ({
    lookup: noLookup,
    imap: { tls: { ca: [dovecot.certificate ?? ''] } },
  });

  it('says that everything works and how many messages the folder has', async () => {
    const result = await testMailboxSettings(t.database.db, scope, settings, 'en-gb', trusted());
    expect(result).toEqual({
      ok: true,
      stage: null,
      message: `Everything works: signed in to 127.0.0.1 and opened the folder INBOX (2 messages in it).`,
      messages: 2,
    });
    const sl = await testMailboxSettings(
      t.database.db,
      scope,
      { ...settings, folder: 'Racuni' },
      'sl',
      trusted(),
    );
    expect(sl.message).toBe(
      'Vse deluje: prijava na strežnik 127.0.0.1 je uspela in mapa Racuni je odprta (sporočil v njej: 0).',
    );
  });

  it('says that the server name is not known (DNS) without connecting', async () => {
    const asked: string[] = [];
    const lookup = async (host: string) => {
      asked.push(host);
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    };
    const body = { ...settings, host: 'imap.listina.invalid' };
    const en = await testMailboxSettings(t.database.db, scope, body, 'en-gb', { lookup });
    expect(en).toEqual({
      ok: false,
      stage: 'dns',
      message:
        "The server name imap.listina.invalid is not known (DNS). Check the server's address.",
      messages: null,
    });
    const sl = await testMailboxSettings(t.database.db, scope, body, 'sl', { lookup });
    expect(sl.message).toBe(
      'Imena strežnika imap.listina.invalid ni mogoče najti (DNS). Preverite naslov strežnika.',
    );
    expect(asked).toEqual(['imap.listina.invalid', 'imap.listina.invalid']);
  });

  it('says that the server refused the connection on a closed port', async () => {
    const port = await closedPort();
    const result = await checkMailbox({ ...settings, port }, trusted());
    expect(result).toMatchObject({
      ok: false,
      stage: 'connect',
      message: { code: 'intake.test.connectRefused', parameters: ['127.0.0.1', port] },
    });
  });

  it('says that TLS failed when the plain port is spoken to with TLS', async () => {
    const result = await testMailboxSettings(
      t.database.db,
      scope,
      { ...settings, tls: true },
      'en-gb',
      trusted(),
    );
    expect(result.stage).toBe('tls');
    expect(result.message).toMatch(
      new RegExp(
        `^The secure connection \\(TLS\\) to 127\\.0\\.0\\.1 on port ${dovecot.port} failed .*turn TLS off\\.$`,
      ),
    );
  });

  it('refuses a certificate nobody trusts, and takes one trusted', async () => {
    const tlsSettings = { ...settings, port: dovecot.tlsPort ?? 0, tls: true };
    const untrusted = await testMailboxSettings(t.database.db, scope, tlsSettings, 'en-gb', {
      lookup: noLookup,
    });
    expect(untrusted).toMatchObject({ ok: false, stage: 'tls' });
    expect(untrusted.message).toBe(
      "The server's certificate is not trusted (DEPTH_ZERO_SELF_SIGNED_CERT). The server 127.0.0.1 must present a valid certificate for its name.",
    );
    const ok = await testMailboxSettings(t.database.db, scope, tlsSettings, 'en-gb', trusted());
    expect(ok).toMatchObject({ ok: true, stage: null, messages: 2 });
  });

  it('says that the password was refused', async () => {
    const result = await testMailboxSettings(
      t.database.db,
      scope,
      { ...settings, password: 'wrong' },
      'sl',
      trusted(),
    );
    expect(result).toEqual({
      ok: false,
      stage: 'login',
      message:
        'Strežnik 127.0.0.1 ne sprejme uporabniškega imena ali gesla. Preverite oboje; nekateri ponudniki za IMAP zahtevajo geslo za aplikacije.',
      messages: null,
    });
  });

  it('says that the folder does not exist', async () => {
    const result = await testMailboxSettings(
      t.database.db,
      scope,
      { ...settings, folder: 'Invoices 2026' },
      'en-gb',
      trusted(),
    );
    expect(result).toEqual({
      ok: false,
      stage: 'folder',
      message:
        "The mailbox has no folder Invoices 2026. Check the folder's name (the inbox is INBOX).",
      messages: null,
    });
  });

  describe('the stored password', () => {
    const storeMailbox = async (organizationId: string, password: string) => {
      const key = uuidv7();
      await t.database.db
        .insertInto('intake_mailbox' as never)
        .values({
          organization_id: organizationId,
          key,
          name: `Mailbox ${key}`,
          host: '127.0.0.1',
          port: dovecot.port,
          tls: false,
          username: 'invoices',
          password,
        })
        .execute();
      return key;
    };

    it('is used when the form leaves the password empty or sends the stored one back', async () => {
      const sealed = seal(PASSWORD);
      const key = await storeMailbox(scope.organizationId, sealed);
      for (const password of ['', sealed]) {
        const result = await testMailboxSettings(
          t.database.db,
          scope,
          { ...settings, key, password },
          'en-gb',
          trusted(),
        );
        expect(result).toMatchObject({ ok: true, messages: 2 });
      }
    });

    it("is never another organisation's, nor a sealed value that is not the mailbox's own", async () => {
      const other = await soleMember(t, ['admin']);
      const othersSealed = seal(PASSWORD);
      const othersKey = await storeMailbox(String(other.org.id), othersSealed);
      const mine = await storeMailbox(scope.organizationId, seal('another-password'));
      const withOthersKey = await testMailboxSettings(
        t.database.db,
        scope,
        { ...settings, key: othersKey, password: '' },
        'en-gb',
        trusted(),
      );
      expect(withOthersKey).toEqual({
        ok: false,
        stage: 'login',
        message: "There is no password to sign in with. Type the mailbox's password.",
        messages: null,
      });
      for (const key of [mine, undefined]) {
        const withOthersSealed = await testMailboxSettings(
          t.database.db,
          scope,
          { ...settings, key, password: othersSealed },
          'en-gb',
          trusted(),
        );
        expect(withOthersSealed).toEqual({
          ok: false,
          stage: 'login',
          message:
            "The stored password cannot be opened with this installation's key. Type the password again.",
          messages: null,
        });
      }
    });
  });
});
