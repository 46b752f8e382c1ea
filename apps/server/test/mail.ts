import MailComposer from 'nodemailer/lib/mail-composer';

/**
 * An e-mail as a sender's mail program writes it (RFC 5322, MIME), composed by nodemailer:
 * the intake tests' messages (issue 25).
 */
export interface TestMail {
  from?: string;
  to?: string;
  subject?: string;
  messageId?: string;
  text?: string;
  attachments?: {
    filename: string;
    content: Buffer | string;
    contentType?: string;
    /** A Content-ID: the part is an image shown in the HTML body. */
    cid?: string;
  }[];
}

export function composeMail(mail: TestMail): Promise<Buffer> {
  return new MailComposer({
    from: mail.from ?? 'Dobavitelj <racuni@dobavitelj.si>',
    to: mail.to ?? 'prejeti@podjetje.si',
    subject: mail.subject ?? 'Račun',
    text: mail.text ?? 'V prilogi vam pošiljamo račun.',
    ...(mail.messageId ? { messageId: mail.messageId } : {}),
    attachments: mail.attachments ?? [],
  })
    .compile()
    .build();
}
