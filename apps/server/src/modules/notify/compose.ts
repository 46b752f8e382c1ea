import { formatDate, formatNumber } from '@listina/forms';
import type { NotificationKind } from '@listina/contract';
import type { OutgoingMail } from '../../plugins/mail';
import { translate, type Locale } from '../../plugins/i18n';

/** A document as a mail names it. */
export interface MailDocument {
  key: string;
  number: string;
  partner: string | null;
  /** The amount due (or the total when none is given), an API decimal. */
  amount: string | null;
  currency: string | null;
  /** ISO date. */
  dueDate: string | null;
}

export interface MailRecipient {
  email: string;
  name: string;
  locale: Locale;
}

export interface MailOrganization {
  key: string;
  name: string;
}

/** One notification mailed at once. */
export interface NotificationMail {
  kind: NotificationKind;
  to: MailRecipient;
  organization: MailOrganization;
  document: MailDocument | null;
  actor: string | null;
  comment: string | null;
}

/** A task in a digest. */
export interface DigestTask {
  document: MailDocument;
  /** Days past its due date (0 or less: not overdue). */
  overdueDays: number;
}

export interface DigestOrganization {
  organization: MailOrganization;
  tasks: DigestTask[];
  /** Tasks beyond the ones listed. */
  more: number;
}

export interface DigestMail {
  to: MailRecipient;
  organizations: DigestOrganization[];
  /** Notifications the user chose to read in the digest, since the last one. */
  news: { organization: MailOrganization; text: string }[];
}

/** Links a mail carries: the document (signing in first if need be) and the settings. */
export function documentUrl(publicUrl: string, organizationKey: string, documentKey: string) {
  return `${publicUrl}/o/${encodeURIComponent(organizationKey)}/work/edit/${encodeURIComponent(documentKey)}`;
}
export const settingsUrl = (publicUrl: string) => `${publicUrl}/account/profile#notifications`;

/** Every notification mail names the settings page: mail clients offer it as "unsubscribe". */
function listHeaders(publicUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${settingsUrl(publicUrl)}>`, 'Auto-Submitted': 'auto-generated' };
}

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

function amountText(document: MailDocument): string {
  if (!document.amount) return '';
  return `${formatNumber(document.amount)} ${document.currency ?? ''}`.trim();
}

/** The document's facts as label–value lines, those it has. */
function facts(
  locale: Locale,
  organization: MailOrganization,
  document: MailDocument | null,
): [string, string][] {
  const t = (code: string) => translate(locale, code);
  const lines: [string, string][] = [[t('notify.mail.organization'), organization.name]];
  if (!document) return lines;
  if (document.partner) lines.push([t('notify.mail.supplier'), document.partner]);
  if (document.number) lines.push([t('notify.mail.number'), document.number]);
  const amount = amountText(document);
  if (amount) lines.push([t('notify.mail.amountDue'), amount]);
  if (document.dueDate) lines.push([t('notify.mail.dueDate'), formatDate(document.dueDate)]);
  return lines;
}

interface Block {
  facts?: [string, string][];
  quote?: string;
  link?: { label: string; url: string };
  /** A heading and linked lines under it; a marked line is shown as overdue. */
  list?: { title: string; items: { text: string; url?: string; marked?: boolean }[] };
}

/** A plain text mail and its HTML twin, from paragraphs, fact lines and one link. */
/** Where a link goes into a translated sentence; no catalogue text holds this character. */
const LINK_SLOT = '\u0000';

function render(parts: {
  locale: Locale;
  greeting: string;
  lead: string;
  blocks: Block[];
  publicUrl: string;
}): { text: string; html: string } {
  const { locale } = parts;
  const settings = settingsUrl(parts.publicUrl);
  const footer = translate(locale, 'notify.mail.footer', [settings]);
  const text: string[] = [parts.greeting, '', parts.lead, ''];
  const html: string[] = [
    `<p>${escapeHtml(parts.greeting)}</p>`,
    `<p>${escapeHtml(parts.lead)}</p>`,
  ];
  for (const block of parts.blocks) {
    if (block.facts) {
      for (const [label, value] of block.facts) text.push(`${label}: ${value}`);
      html.push(
        '<table role="presentation" cellpadding="4" style="border-collapse:collapse">' +
          block.facts
            .map(
              ([label, value]) =>
                `<tr><td style="color:#555">${escapeHtml(label)}</td><td><strong>${escapeHtml(value)}</strong></td></tr>`,
            )
            .join('') +
          '</table>',
      );
    }
    if (block.quote) {
      text.push('', `> ${block.quote.replace(/\n/g, '\n> ')}`);
      html.push(
        `<blockquote style="border-left:3px solid #ccc;margin:8px 0;padding-left:8px">${escapeHtml(block.quote).replace(/\n/g, '<br>')}</blockquote>`,
      );
    }
    if (block.list) {
      text.push(block.list.title);
      for (const item of block.list.items)
        text.push(`${item.marked ? '! ' : '- '}${item.text}${item.url ? `\n  ${item.url}` : ''}`);
      text.push('');
      html.push(
        `<h3 style="font-size:15px;margin:16px 0 4px">${escapeHtml(block.list.title)}</h3><ul>` +
          block.list.items
            .map((item) => {
              const label = item.url
                ? `<a href="${escapeHtml(item.url)}">${escapeHtml(item.text)}</a>`
                : escapeHtml(item.text);
              return item.marked
                ? `<li><strong style="color:#b71c1c">${label}</strong></li>`
                : `<li>${label}</li>`;
            })
            .join('') +
          '</ul>',
      );
    }
    if (block.link) {
      text.push('', `${block.link.label}: ${block.link.url}`, '');
      html.push(
        `<p><a href="${escapeHtml(block.link.url)}" style="display:inline-block;padding:10px 16px;background:#1565c0;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(block.link.label)}</a></p>`,
      );
    }
  }
  text.push('--', footer);
  // The link stands where the sentence of the reader's language puts it.
  const [before = '', after = ''] = translate(locale, 'notify.mail.footer', [LINK_SLOT]).split(
    LINK_SLOT,
  );
  html.push(
    `<hr><p style="color:#555;font-size:12px">${escapeHtml(before)}<a href="${escapeHtml(settings)}">${escapeHtml(settings)}</a>${escapeHtml(after)}</p>`,
  );
  return {
    text: text.join('\n'),
    html: `<!doctype html><html lang="${locale === 'sl' ? 'sl' : 'en'}"><head><meta charset="utf-8"></head><body style="font-family:Arial,sans-serif;font-size:14px;line-height:1.4">${html.join('\n')}</body></html>`,
  };
}

/** One notification as a mail in the recipient's language (issue 26). */
export function notificationMail(mail: NotificationMail, publicUrl: string): OutgoingMail {
  const { locale } = mail.to;
  const number = mail.document?.number ?? '';
  const partner = mail.document?.partner ?? '';
  const parameters = [mail.organization.name, number, partner, mail.actor ?? ''];
  const blocks: Block[] = [{ facts: facts(locale, mail.organization, mail.document) }];
  if (mail.comment?.trim()) blocks.push({ quote: mail.comment.trim() });
  if (mail.document)
    blocks.push({
      link: {
        label: translate(locale, 'notify.mail.open'),
        url: documentUrl(publicUrl, mail.organization.key, mail.document.key),
      },
    });
  const body = render({
    locale,
    greeting: translate(locale, 'notify.mail.greeting', [mail.to.name]),
    lead: translate(locale, `notify.mail.lead.${mail.kind}`, parameters),
    blocks,
    publicUrl,
  });
  return {
    to: mail.to.email,
    // A parameter left empty (no supplier yet) leaves no gap.
    subject: translate(locale, `notify.mail.subject.${mail.kind}`, parameters)
      .replace(/\s+/g, ' ')
      .trim(),
    ...body,
    headers: listHeaders(publicUrl),
  };
}

/** The daily digest: tasks waiting per organisation, oldest first, overdue ones marked. */
export function digestMail(mail: DigestMail, publicUrl: string): OutgoingMail {
  const { locale } = mail.to;
  const waiting = mail.organizations.reduce((sum, o) => sum + o.tasks.length + o.more, 0);
  const blocks: Block[] = [];
  for (const entry of mail.organizations) {
    const items: { text: string; url?: string; marked?: boolean }[] = entry.tasks.map((task) => {
      const d = task.document;
      const what = [d.partner, d.number].filter(Boolean).join(' · ') || d.key;
      const due = d.dueDate
        ? translate(locale, 'notify.digest.due', [formatDate(d.dueDate)])
        : translate(locale, 'notify.digest.noDue');
      const late =
        task.overdueDays > 0
          ? `, ${translate(locale, 'notify.digest.overdue', [task.overdueDays])}`
          : '';
      return {
        text: `${[what, amountText(d), due].filter(Boolean).join(', ')}${late}`,
        url: documentUrl(publicUrl, entry.organization.key, d.key),
        marked: task.overdueDays > 0,
      };
    });
    if (entry.more > 0) items.push({ text: translate(locale, 'notify.digest.more', [entry.more]) });
    blocks.push({
      list: {
        title: translate(locale, 'notify.digest.organizationTasks', [
          entry.organization.name,
          entry.tasks.length + entry.more,
        ]),
        items,
      },
    });
  }
  if (mail.news.length > 0)
    blocks.push({
      list: {
        title: translate(locale, 'notify.digest.news'),
        items: mail.news.map((item) => ({ text: `${item.organization.name}: ${item.text}` })),
      },
    });
  blocks.push({ link: { label: translate(locale, 'notify.digest.openApp'), url: publicUrl } });
  const body = render({
    locale,
    greeting: translate(locale, 'notify.mail.greeting', [mail.to.name]),
    lead:
      waiting > 0
        ? translate(locale, 'notify.digest.lead', [waiting])
        : translate(locale, 'notify.digest.leadNews'),
    blocks,
    publicUrl,
  });
  return {
    to: mail.to.email,
    subject: translate(locale, 'notify.digest.subject', [waiting]),
    ...body,
    headers: listHeaders(publicUrl),
  };
}
