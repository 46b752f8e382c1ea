import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/create-db';
import { UUID_PATTERN } from '../../lib/ids';

/**
 * Signed links to document files (issue 5: preview.info's urls are short-lived signed links
 * bound to the organisation). A browser loads them as an <img> source or through pdf.js,
 * which cannot send the apikey header; the signature stands in for it. A link names the
 * organisation, the file and how it is sent (inline or as a download) and ends at its expiry.
 */

/** How long a link works: long enough to page through a preview, short enough not to share. */
export const FILE_LINK_TTL_MS = 10 * 60_000;

export interface FileLink {
  organizationId: string;
  fileKey: string;
  download: boolean;
  /** Unix milliseconds. */
  expiresAt: number;
}

export type LinkCheck = { link: FileLink } | { problem: 'malformed' | 'expired' };

/** The key of the links, made once per database by migration 0014 and shared by every process. */
export async function loadLinkSecret(db: Db): Promise<Buffer> {
  const { rows } = await sql<{ value: string }>`
    select value from server_secret where name = 'file-links'
  `.execute(db);
  const value = rows[0]?.value;
  if (!value) throw new Error('server_secret has no file-links key: is the database migrated?');
  return Buffer.from(value, 'hex');
}

export function createFileLinks(secret: Buffer, now: () => number = Date.now) {
  const sign = (payload: string) =>
    createHmac('sha256', secret).update(payload).digest().subarray(0, 20);

  return {
    /** A token for /api/file/{token}. */
    sign(
      link: Omit<FileLink, 'expiresAt'>,
      ttlMs = FILE_LINK_TTL_MS,
    ): { token: string; expiresAt: number } {
      const expiresAt = now() + ttlMs;
      const payload = [
        link.organizationId,
        link.fileKey,
        link.download ? 'a' : 'i',
        expiresAt,
      ].join('.');
      const token = `${Buffer.from(payload).toString('base64url')}.${sign(payload).toString('base64url')}`;
      return { token, expiresAt };
    },

    /** What a token grants, if its signature holds and it has not expired. */
    verify(token: string): LinkCheck {
      const [encoded = '', signature = '', extra] = token.split('.');
      if (extra !== undefined || encoded.length > 200) return { problem: 'malformed' };
      const payload = Buffer.from(encoded, 'base64url').toString('utf8');
      const expected = sign(payload);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return { problem: 'malformed' };
      const [organizationId = '', fileKey = '', mode, expiry] = payload.split('.');
      const expiresAt = Number(expiry);
      if (
        !/^\d+$/.test(organizationId) ||
        !UUID_PATTERN.test(fileKey) ||
        !Number.isFinite(expiresAt)
      )
        return { problem: 'malformed' };
      if (expiresAt <= now()) return { problem: 'expired' };
      return { link: { organizationId, fileKey, download: mode === 'a', expiresAt } };
    },
  };
}

export type FileLinks = ReturnType<typeof createFileLinks>;
