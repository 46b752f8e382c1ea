import type { TestApp } from '../../../test/factories';

/** The mails queued for an address, oldest first, with the code of the link in each. */
export async function mailsTo(
  t: TestApp,
  address: string,
  link = /\/account\/confirm\/([A-Za-z0-9_-]+)/,
) {
  const rows = await t.database.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body'])
    .where('to_address', '=', address)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    subject: row.subject,
    text: row.text_body,
    code: link.exec(row.text_body)?.[1] ?? '',
  }));
}

/** How many mails are queued or sent, to anyone. */
export async function mailCount(t: TestApp) {
  const row = await t.database.db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
