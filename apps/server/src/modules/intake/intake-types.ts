import type { MessageSpec } from '../../lib/errors';

/** The way a message came in (issue 25). */
export type IntakeSource = 'imap' | 'smtp';

/** What became of a message, as its log row (intake_message.result) says. */
export type IntakeResult = 'imported' | 'duplicate' | 'quarantined' | 'skipped';

/** One message handed to the intake, whichever way it came. */
export interface IncomingMessage {
  organizationId: string;
  /** The whole message as received (RFC 5322), at most INTAKE_MAX_MESSAGE_BYTES. */
  raw: Buffer;
  source: IntakeSource;
  /** The mailbox it was fetched from (IMAP), with the message's UID there. */
  mailboxId?: string;
  mailboxUid?: string;
  /** The envelope sender (SMTP MAIL FROM), used when the message has no From. */
  envelopeFrom?: string;
}

/** A message that was refused before its content was read (over-size): logged, never kept. */
export interface RefusedMessage {
  organizationId: string;
  source: IntakeSource;
  mailboxId?: string;
  mailboxUid?: string;
  /** The Message-ID header when known (IMAP envelope), else a key of where it was. */
  messageId: string;
  sender: string;
  subject: string;
  size: number;
  reason: MessageSpec;
}

export interface IntakeOutcome {
  /** The key of the message's log row (the first one, for a message seen before). */
  logKey: string;
  result: IntakeResult;
  /** Keys of the documents made from it (empty unless imported). */
  documentKeys: string[];
  /** Why it was quarantined or skipped, or what it duplicates. */
  reason?: MessageSpec;
  /** Whether this call found the message already imported (no new row, nothing written). */
  seenBefore: boolean;
}

/**
 * The intake's entry for the ways in (IMAP poller, SMTP listener). `importMessage` resolves
 * only after the message's documents and log row are committed: a caller marks the message
 * done at its source after that, never before. Calling it again for the same message is a
 * no-op that answers `seenBefore: true`.
 */
export interface IntakeService {
  importMessage(message: IncomingMessage): Promise<IntakeOutcome>;
  /** Logs a message refused unread (too large): quarantined, without content. Idempotent. */
  logRefused(message: RefusedMessage): Promise<IntakeOutcome>;
  /** The organisation whose intake address this is (`<code>@<INTAKE_DOMAIN>`), if any. */
  organizationOfAddress(address: string): Promise<string | undefined>;
}
