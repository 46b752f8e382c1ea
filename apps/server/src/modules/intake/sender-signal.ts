import { sql } from 'kysely';
import type { Trx } from '../../db/scope';

/**
 * The sender of a supplier's mail as a learned signal (issue 25), like its VAT ID and IBAN:
 * when a document that came by e-mail is saved with a partner, the sender's address (and so
 * its domain) is recorded for that partner; capture then finds the supplier of the next
 * message from that address, or from its domain when only one partner sends from it.
 * Domains of free mail services say nothing about who sends and are never matched by.
 */

const FREE_MAIL = new Set(
  (
    'gmail.com googlemail.com outlook.com hotmail.com live.com msn.com yahoo.com icloud.com ' +
    'me.com aol.com gmx.com gmx.net gmx.de web.de proton.me protonmail.com mail.com yandex.com ' +
    'siol.net t-2.net amis.net telemach.net gmail.si windowslive.com'
  ).split(' '),
);

export const domainOf = (address: string) =>
  address.slice(address.lastIndexOf('@') + 1).toLowerCase();

export const isFreeMailDomain = (domain: string) => FREE_MAIL.has(domain.toLowerCase());

/** The sender of the message a document came from ('' for one not from mail). */
export async function documentSender(
  trx: Trx,
  organizationId: string,
  docId: string,
): Promise<string> {
  const { rows } = await sql<{ sender: string }>`
    select m.sender from doc d
    join intake_message m on m.organization_id = d.organization_id and m.id = d.intake_message_id
    where d.organization_id = ${organizationId} and d.id = ${docId}
  `.execute(trx);
  return rows[0]?.sender ?? '';
}

/** The active partner that sends from this address, else the one partner of its domain. */
export async function partnerBySender(
  trx: Trx,
  organizationId: string,
  sender: string,
): Promise<{ key: string; by: 'sender' | 'senderDomain' } | null> {
  if (!sender.includes('@')) return null;
  const { rows } = await sql<{ key: string }>`
    select p.key from partner_sender s
    join partner p on p.organization_id = s.organization_id and p.id = s.partner_id
    where s.organization_id = ${organizationId} and s.address = ${sender} and p.is_active
  `.execute(trx);
  if (rows[0]) return { key: String(rows[0].key), by: 'sender' };
  const domain = domainOf(sender);
  if (isFreeMailDomain(domain)) return null;
  const { rows: byDomain } = await sql<{ key: string }>`
    select distinct p.key from partner_sender s
    join partner p on p.organization_id = s.organization_id and p.id = s.partner_id
    where s.organization_id = ${organizationId} and s.domain = ${domain} and p.is_active
    limit 2
  `.execute(trx);
  return byDomain.length === 1 && byDomain[0]
    ? { key: String(byDomain[0].key), by: 'senderDomain' }
    : null;
}

/** Whether mail from this address comes from a known supplier (a rule's "known senders only"). */
export async function isKnownSender(
  trx: Trx,
  organizationId: string,
  sender: string,
): Promise<boolean> {
  if ((await partnerBySender(trx, organizationId, sender)) !== null) return true;
  // A partner's own e-mail address counts too: the organisation typed it in.
  const { rows } = await sql`
    select 1 from partner where organization_id = ${organizationId} and is_active
      and lower(trim(email)) = ${sender} limit 1
  `.execute(trx);
  return rows.length > 0;
}

/**
 * The write hook of the doc table: documents from mail saved with a partner teach that
 * partner's sender address (the latest save wins when an address moves to another partner).
 */
export async function recordSenders(
  trx: Trx,
  organizationId: string | null,
  ids: string[],
): Promise<void> {
  if (organizationId === null || ids.length === 0) return;
  await sql`
    insert into partner_sender (organization_id, partner_id, address, domain)
    select distinct on (m.sender) d.organization_id, p.id, m.sender,
      substr(m.sender, strpos(m.sender, '@') + 1)
    from doc d
    join intake_message m on m.organization_id = d.organization_id and m.id = d.intake_message_id
    join partner p on p.organization_id = d.organization_id and p.key = d.customer_key
    where d.organization_id = ${organizationId} and d.id = any(${ids}::bigint[])
      and m.sender like '%@%'
    order by m.sender, d.id desc
    on conflict (organization_id, address)
    do update set partner_id = excluded.partner_id, learned_at = now()
      where partner_sender.partner_id <> excluded.partner_id
  `.execute(trx);
}
