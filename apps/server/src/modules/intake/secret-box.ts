import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Mailbox passwords at rest (issue 25): sealed with AES-256-GCM under a key from config
 * (INTAKE_SECRET_KEY), so a copy of the database alone opens no mailbox. A sealed value is
 * `sealed:v1:<iv>.<tag>.<ciphertext>` in base64url; the table engine stores and sends only
 * that, and the worker unseals it just before it logs in.
 */
export const SEALED_PREFIX = 'sealed:v1:';

const KEY_FILE = 'intake-secret.key';

let activeKey: Buffer | undefined;

const keyOf = (secret: string) => createHash('sha256').update(secret, 'utf8').digest();

/**
 * The key of this process: INTAKE_SECRET_KEY, else a key file made once in DATA_DIR (right
 * for `npm start` on one machine; several machines must share INTAKE_SECRET_KEY).
 */
export function loadSecretKey(options: { secretKey: string | undefined; dataDir: string }): void {
  if (options.secretKey) {
    activeKey = keyOf(options.secretKey);
    return;
  }
  const file = path.join(options.dataDir, KEY_FILE);
  fs.mkdirSync(options.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  activeKey = keyOf(fs.readFileSync(file, 'utf8').trim());
}

function currentKey(): Buffer {
  // Only code that never built the app (a unit test) gets here without a loaded key.
  activeKey ??= randomBytes(32);
  return activeKey;
}

export const isSealed = (value: string) => value.startsWith(SEALED_PREFIX);

export function seal(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', currentKey(), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
  return SEALED_PREFIX + parts.join('.');
}

/** The plain text of a sealed value; undefined when it is not one or another key sealed it. */
export function unseal(sealed: string): string | undefined {
  if (!isSealed(sealed)) return undefined;
  const [iv, tag, body] = sealed.slice(SEALED_PREFIX.length).split('.');
  if (iv === undefined || tag === undefined || body === undefined) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', currentKey(), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const plain = Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]);
    return plain.toString('utf8');
  } catch {
    return undefined;
  }
}

/**
 * What the engine stores of a password typed into the form: sealed, unless it is already a
 * value this key sealed (the form sends the stored value back unchanged). Empty stays empty.
 */
export function sealPassword(value: unknown): unknown {
  if (typeof value !== 'string' || value === '') return value;
  if (isSealed(value) && unseal(value) !== undefined) return value;
  return seal(value);
}
