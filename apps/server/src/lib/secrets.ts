import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** A random 256-bit secret, URL-safe. Only its hash is ever stored. */
export const newSecret = () => randomBytes(32).toString('base64url');

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

// argon2id with the library's defaults (m=19 MiB, t=2): ~80 ms to hash here.
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Verifies against a throwaway hash so an unknown user costs as much time as a known one. */
export async function spendVerifyTime(password: string): Promise<void> {
  dummyHash ??= hashPassword(newSecret());
  await verifyPassword(await dummyHash, password);
}
