import { describe, expect, it } from 'vitest';
import { digestMail, notificationMail, type MailDocument } from './compose';

/** Issue 26: what the mails say, before they travel (the SMTP test parses them whole). */
const URL = 'https://listina.example.test';
const document = (n: number, over: Partial<MailDocument> = {}): MailDocument => ({
  key: `k${n}`,
  number: `R-${n}`,
  partner: 'Dobavitelj d.o.o.',
  amount: '1234.50',
  currency: 'EUR',
  dueDate: '2026-12-20',
  ...over,
});
const organization = { key: 'org-a', name: 'Alfa d.o.o.' };
const to = { email: 'ana@example.test', name: 'Ana', locale: 'en-gb' as const };

describe('a notification mail', () => {
  it('quotes the comment and escapes it in the HTML', () => {
    const mail = notificationMail(
      {
        kind: 'rejected',
        to,
        organization,
        document: document(1),
        actor: 'Bor <b>',
        comment: 'Wrong <script>alert(1)</script>\nsecond line',
      },
      URL,
    );
    expect(mail.subject).toBe('[Alfa d.o.o.] R-1 Dobavitelj d.o.o. was rejected');
    expect(mail.text).toContain('> Wrong <script>alert(1)</script>\n> second line');
    expect(mail.html).toContain('Wrong &lt;script&gt;alert(1)&lt;/script&gt;<br>second line');
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain('Bor <b> rejected a document you submitted in Alfa d.o.o.');
  });

  it('leaves out what the document does not have, and links nowhere without one', () => {
    const mail = notificationMail(
      {
        kind: 'paymentRejected',
        to: { ...to, locale: 'sl' },
        organization,
        document: null,
        actor: null,
        comment: 'AC04',
      },
      URL,
    );
    expect(mail.subject).toBe('[Alfa d.o.o.] Banka je zavrnila plačilo');
    expect(mail.text).not.toContain('Dobavitelj');
    expect(mail.text).not.toContain('/work/edit/');
    expect(mail.text).toContain('Organizacija: Alfa d.o.o.');
  });
});

describe('the digest', () => {
  it('counts beyond the tasks it lists and marks the overdue ones in text and HTML', () => {
    const tasks = Array.from({ length: 3 }, (_, i) => ({
      document: document(i, { dueDate: i === 0 ? '2026-12-01' : null }),
      overdueDays: i === 0 ? 6 : 0,
    }));
    const mail = digestMail(
      {
        to,
        organizations: [{ organization, tasks, more: 17 }],
        news: [{ organization, text: 'R-9 was rejected by Bor.' }],
      },
      URL,
    );
    expect(mail.subject).toBe('Listina: 20 document(s) wait for you');
    expect(mail.text).toContain('Alfa d.o.o.: 20 waiting');
    expect(mail.text).toContain(
      '! Dobavitelj d.o.o. · R-0, 1.234,50 EUR, due 01.12.2026, OVERDUE by 6 day(s)',
    );
    expect(mail.text).toContain('- Dobavitelj d.o.o. · R-1, 1.234,50 EUR, no due date');
    expect(mail.text).toContain('- and 17 more');
    expect(mail.text).toContain('Alfa d.o.o.: R-9 was rejected by Bor.');
    expect(mail.html).toContain(`<a href="${URL}/o/org-a/work/edit/k0">`);
    expect(mail.headers?.['List-Unsubscribe']).toBe(`<${URL}/account/profile#notifications>`);
  });
});
