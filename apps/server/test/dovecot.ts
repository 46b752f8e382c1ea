import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';

/**
 * A real IMAP server for the mail intake's tests (issue 25): Debian's Dovecot, started with a
 * configuration of its own in a temporary directory (never /etc/dovecot or /var/run), on
 * 127.0.0.1 only, as an unprivileged user. Users and plain passwords come from a passwd-file;
 * mail is kept as Maildir in the same directory. Two listeners: plain IMAP (with STARTTLS)
 * and implicit TLS under a self-signed certificate made at start, which a client refuses
 * unless it trusts `certificate`.
 */

export const DOVECOT_BIN = process.env.DOVECOT_BIN ?? '/usr/sbin/dovecot';
const DOVEADM_BIN = path.join(path.dirname(DOVECOT_BIN), '..', 'bin', 'doveadm');

/** Whether the tests can start Dovecot here (Debian: apt-get install dovecot-imapd). */
export function dovecotAvailable(): boolean {
  return fs.existsSync(DOVECOT_BIN);
}

/** A describe's title, saying why it is skipped when it is (describe.skipIf). */
export const withDovecot = (title: string) =>
  dovecotAvailable()
    ? title
    : `${title} (skipped: no Dovecot at ${DOVECOT_BIN}; apt-get install dovecot-imapd)`;

export interface DovecotServer {
  host: string;
  /** Plain IMAP, STARTTLS offered. */
  port: number;
  /** Implicit TLS (IMAPS); undefined when openssl is missing and no certificate could be made. */
  tlsPort: number | undefined;
  /** The self-signed certificate (PEM) of both listeners, for a client that is to trust it. */
  certificate: string | undefined;
  /** The user the server's processes run as. */
  user: string;
  /** A logged-in client of a user, plain IMAP without STARTTLS: the test's own hands. */
  client(user: string): Promise<ImapFlow>;
  /** Appends a message to a folder (made when missing); its UID. */
  append(user: string, folder: string, raw: string | Buffer, flags?: string[]): Promise<number>;
  /** The messages of a folder with their flags and subjects; [] when the folder is missing. */
  messages(user: string, folder: string): Promise<FolderMessage[]>;
  /** Makes a folder. */
  createFolder(user: string, folder: string): Promise<void>;
  /** Drops a user's open IMAP sessions (doveadm kick); the server stays up. */
  kick(user: string): Promise<void>;
  /** Stops the server and starts it again on the same ports: every connection drops. */
  restart(): Promise<void>;
  /** Stops the server and removes its directory. */
  stop(): Promise<void>;
  /** The server's log, for a failing test's message. */
  log(): string;
}

export interface FolderMessage {
  uid: number;
  subject: string;
  flags: string[];
}

export interface DovecotOptions {
  /** User name → plain password. */
  users: Record<string, string>;
  /**
   * false: no TLS at all (no certificate, no IMAPS listener, no STARTTLS offered), for a client
   * that cannot be told to trust the certificate made at start (the browser tests' server,
   * started before the spec). Default true.
   */
  tls?: boolean;
}

interface RunAs {
  name: string;
  group: string;
  uid: number | undefined;
  gid: number | undefined;
}

/** Root (CI, this machine) runs Dovecot as the package's `dovecot` user; anyone else as self. */
function runAs(): RunAs {
  if (process.getuid?.() !== 0) {
    const me = os.userInfo();
    const group = execFileSync('id', ['-gn'], { encoding: 'utf8' }).trim();
    return { name: me.username, group, uid: undefined, gid: undefined };
  }
  const id = (flag: string) => execFileSync('id', [flag, 'dovecot'], { encoding: 'utf8' }).trim();
  return { name: 'dovecot', group: id('-gn'), uid: Number(id('-u')), gid: Number(id('-g')) };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A self-signed certificate for 127.0.0.1 and localhost, or undefined without openssl. */
function makeCertificate(dir: string): { cert: string; key: string } | undefined {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '2',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return { cert, key };
  } catch {
    return undefined;
  }
}

function configText(o: {
  dir: string;
  user: RunAs;
  port: number;
  tlsPort: number | undefined;
  tls: { cert: string; key: string } | undefined;
}): string {
  const { dir, user } = o;
  const tls = o.tls
    ? `ssl = yes\nssl_cert = <${o.tls.cert}\nssl_key = <${o.tls.key}\n`
    : 'ssl = no\n';
  const imaps =
    o.tlsPort === undefined
      ? ''
      : `  inet_listener imaps {\n    address = 127.0.0.1\n    port = ${o.tlsPort}\n    ssl = yes\n  }\n`;
  return `# Made by apps/server/test/dovecot.ts for one test file.
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
${tls}disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = ${user.name}
default_internal_group = ${user.group}
default_login_user = ${user.name}
first_valid_uid = 1
first_valid_gid = 1
mail_location = maildir:${dir}/mail/%u
# A refused login answers at once and costs the next ones from 127.0.0.1 no wait (no penalty).
auth_failure_delay = 0
login_trusted_networks = 127.0.0.0/8
# New mail is told to an IDLE client within a second (inotify usually tells it at once).
mailbox_idle_check_interval = 1 secs
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${user.name} gid=${user.group} home=${dir}/home/%u
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${o.port}
  }
${imaps}}
service anvil {
  chroot =
}
`;
}

/** Resolves once the server greets on the port, or fails after `ms`. */
async function waitForGreeting(port: number, ms: number, exited: () => boolean): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const greeted = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.setTimeout(1000);
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('* OK'));
      });
      socket.once('error', () => resolve(false));
      socket.once('timeout', () => {
        socket.destroy();
        resolve(false);
      });
    });
    if (greeted) return;
    if (exited() || Date.now() > deadline) throw new Error('Dovecot did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Starts a Dovecot of the test's own with these users; stop() it in afterAll. */
export async function startDovecot(options: DovecotOptions): Promise<DovecotServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'listina-dovecot-'));
  const user = runAs();
  for (const sub of ['run', 'state', 'mail', 'home']) fs.mkdirSync(path.join(dir, sub));
  const passwd = Object.entries(options.users)
    .map(([name, password]) => `${name}:{PLAIN}${password}::::::\n`)
    .join('');
  fs.writeFileSync(path.join(dir, 'passwd'), passwd);
  const tls = options.tls === false ? undefined : makeCertificate(dir);
  const port = await freePort();
  const tlsPort = tls ? await freePort() : undefined;
  const configFile = path.join(dir, 'dovecot.conf');
  fs.writeFileSync(configFile, configText({ dir, user, port, tlsPort, tls }));
  if (user.uid !== undefined && user.gid !== undefined) {
    fs.chmodSync(dir, 0o755);
    execFileSync('chown', ['-R', `${user.uid}:${user.gid}`, dir]);
  }
  const certificate = tls ? fs.readFileSync(tls.cert, 'utf8') : undefined;
  const logFile = path.join(dir, 'dovecot.log');
  const readLog = () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '');

  let child: ChildProcess | undefined;
  let exited = true;
  let output = '';

  async function launch() {
    exited = false;
    output = '';
    // -F: in the foreground, so the test owns the process and its exit.
    child = spawn(DOVECOT_BIN, ['-F', '-c', configFile], {
      uid: user.uid,
      gid: user.gid,
      stdio: ['ignore', 'pipe', 'pipe'],
      cwd: dir,
    });
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    child.once('exit', () => (exited = true));
    try {
      await waitForGreeting(port, 15_000, () => exited);
    } catch (error) {
      throw new Error(`${(error as Error).message}: ${output}\n${readLog()}`, { cause: error });
    }
  }

  // A user's session outlives the master by seconds: kicked first, every connection drops now.
  const kickAll = () => {
    for (const name of Object.keys(options.users)) {
      try {
        execFileSync(DOVEADM_BIN, ['-c', configFile, 'kick', name], { stdio: 'ignore' });
      } catch {
        // Kick answers an error when the user has no session.
      }
    }
  };

  async function halt() {
    const running = child;
    if (!running || exited) return;
    kickAll();
    const gone = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGTERM');
    const timer = setTimeout(() => running.kill('SIGKILL'), 5000);
    await gone;
    clearTimeout(timer);
  }

  await launch();

  const open = async (name: string) => {
    const client = new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: false,
      doSTARTTLS: false,
      auth: { user: name, pass: options.users[name] ?? '' },
      logger: false,
      disableAutoIdle: true,
    });
    await client.connect();
    return client;
  };

  const withClient = async <T>(name: string, fn: (c: ImapFlow) => Promise<T>): Promise<T> => {
    const client = await open(name);
    try {
      return await fn(client);
    } finally {
      await client.logout().catch(() => client.close());
    }
  };

  const ensureFolder = async (client: ImapFlow, folder: string) => {
    if (folder.toUpperCase() === 'INBOX') return;
    const list = await client.list();
    if (!list.some((f) => f.path === folder)) await client.mailboxCreate(folder);
  };

  return {
    host: '127.0.0.1',
    port,
    tlsPort,
    certificate,
    user: user.name,
    client: open,
    append: (name, folder, raw, flags = []) =>
      withClient(name, async (client) => {
        await ensureFolder(client, folder);
        const appended = await client.append(folder, raw, flags);
        if (!appended || appended.uid === undefined) throw new Error('APPEND gave no UID');
        return appended.uid;
      }),
    messages: (name, folder) =>
      withClient(name, async (client) => {
        const list = await client.list();
        if (folder.toUpperCase() !== 'INBOX' && !list.some((f) => f.path === folder)) return [];
        const lock = await client.getMailboxLock(folder, { readOnly: true });
        try {
          const found: FolderMessage[] = [];
          if (client.mailbox && client.mailbox.exists > 0) {
            const query = { uid: true, flags: true, envelope: true };
            for await (const m of client.fetch('1:*', query)) {
              const flags = [...(m.flags ?? [])].filter((f) => f !== '\\Recent').sort();
              found.push({ uid: m.uid, subject: m.envelope?.subject ?? '', flags });
            }
          }
          return found.sort((a, b) => a.uid - b.uid);
        } finally {
          lock.release();
        }
      }),
    createFolder: (name, folder) => withClient(name, (client) => ensureFolder(client, folder)),
    async kick(name) {
      execFileSync(DOVEADM_BIN, ['-c', configFile, 'kick', name], { stdio: 'pipe' });
      await Promise.resolve();
    },
    async restart() {
      await halt();
      await launch();
    },
    async stop() {
      await halt();
      fs.rmSync(dir, { recursive: true, force: true });
    },
    log: readLog,
  };
}
