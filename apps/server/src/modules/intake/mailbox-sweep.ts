import type { FetchMessageObject, ImapFlow } from 'imapflow';
import { megabytes } from '../../lib/number-text';
import { translate } from '../../plugins/i18n';
import type { AfterImport } from '../tables/entities/intake';
import type { IntakeService } from './intake-types';

/**
 * A sweep of a mailbox's folder (issue 25): every message not done yet is handed to the
 * intake, and only after the intake resolved (its documents and log row committed) is it
 * marked done on the server: seen, moved or deleted as the mailbox says.
 */

/** What a sweep needs of a mailbox's row. */
export interface SweptMailbox {
  organization_id: string;
  id: string;
  key: string;
  after_import: AfterImport;
  move_folder: string;
}

export interface SweepDeps {
  intake: Pick<IntakeService, 'importMessage' | 'logRefused'>;
  /** A larger message is logged as refused and never downloaded. */
  maxMessageBytes: number;
  log?: { warn(obj: object, msg: string): void };
}

/** The keyword of a message refused unread in a delete-mode mailbox: left there, not again. */
const REFUSED_FLAG = '$ListinaRefused';
/** Messages fetched (their envelopes and sizes) per round trip of a sweep. */
const CHUNK = 50;

/** A failure of the poller's own, with a code describeMailboxError knows. */
export class PollError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

/** The English text of a failure for intake_mailbox.last_error (a catalogue message). */
export const errorText = (code: string, parameters?: (string | number)[]) =>
  translate('en-gb', code, parameters ?? []).slice(0, 2000);

/**
 * The sweep of a connected client whose folder is open. It begins a message only while
 * goOn() (the worker runs and holds the mailbox); a message begun is finished.
 */
export function createSweeper(deps: SweepDeps) {
  /**
   * Imports the messages of the folder that are not done yet, each marked done after it.
   * A message the intake failed on stays as it is for the next sweep; the others go on.
   * Returns what failed, for last_error.
   */
  async function sweep(
    client: ImapFlow,
    row: SweptMailbox,
    goOn: () => boolean,
    moveReady: { done: boolean },
  ): Promise<string | undefined> {
    const query =
      row.after_import === 'markRead' ? { seen: false, deleted: false } : { deleted: false };
    const found = (await client.search(query, { uid: true })) || [];
    const uids = [...found].sort((a, b) => a - b);
    let failure: string | undefined;
    for (let i = 0; i < uids.length && goOn(); i += CHUNK) {
      const messages: FetchMessageObject[] = [];
      const fields = { uid: true, size: true, envelope: true, flags: true };
      for await (const m of client.fetch(uids.slice(i, i + CHUNK), fields, { uid: true }))
        messages.push(m);
      for (const message of messages.sort((a, b) => a.uid - b.uid)) {
        // A message begun is finished (imported and marked) even when the worker stops.
        if (!goOn()) break;
        failure = (await takeMessage(client, row, message, moveReady)) ?? failure;
      }
    }
    return failure;
  }

  /** One message: imported (or logged as refused), then marked done. What failed, if it did. */
  async function takeMessage(
    client: ImapFlow,
    row: SweptMailbox,
    message: FetchMessageObject,
    moveReady: { done: boolean },
  ): Promise<string | undefined> {
    const uid = String(message.uid);
    const mailboxUid = `${String(client.mailbox ? client.mailbox.uidValidity : '')}:${uid}`;
    const where = {
      organizationId: String(row.organization_id),
      source: 'imap' as const,
      mailboxId: String(row.id),
      mailboxUid,
    };
    const size = message.size ?? 0;
    const tooLarge = size > deps.maxMessageBytes;
    // A refused message is never deleted: in delete mode it stays, flagged, for a person.
    if (tooLarge && row.after_import === 'delete' && message.flags?.has(REFUSED_FLAG)) return;
    try {
      if (tooLarge) {
        await deps.intake.logRefused({
          ...where,
          messageId: message.envelope?.messageId || `imap:${row.key}:${mailboxUid}`,
          sender: message.envelope?.from?.[0]?.address ?? '',
          subject: message.envelope?.subject ?? '',
          size,
          reason: {
            code: 'intake.reason.tooLarge',
            parameters: [megabytes(size / 2 ** 20), megabytes(deps.maxMessageBytes / 2 ** 20)],
          },
        });
      } else {
        const full = await client.fetchOne(uid, { uid: true, source: true }, { uid: true });
        // Gone meanwhile (another client moved it): nothing to import.
        if (!full || !full.source) return;
        await deps.intake.importMessage({ ...where, raw: full.source });
      }
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      deps.log?.warn({ mailbox: row.key, uid, err: detail }, 'mail import failed');
      return errorText('intake.poll.importFailed', [message.envelope?.subject ?? uid, detail]);
    }
    if (tooLarge && row.after_import === 'delete')
      await client.messageFlagsAdd(uid, [REFUSED_FLAG], { uid: true });
    else await markDone(client, row, uid, moveReady);
    return undefined;
  }

  async function markDone(
    client: ImapFlow,
    row: SweptMailbox,
    uid: string,
    moveReady: { done: boolean },
  ) {
    if (row.after_import === 'markRead') {
      if (!(await client.messageFlagsAdd(uid, ['\\Seen'], { uid: true })))
        throw new PollError('MarkFailed');
    } else if (row.after_import === 'move') {
      if (!moveReady.done) {
        await client.mailboxCreate(row.move_folder);
        moveReady.done = true;
      }
      if (!(await client.messageMove(uid, row.move_folder, { uid: true })))
        throw new PollError('MoveFailed');
    } else if (!(await client.messageDelete(uid, { uid: true })))
      throw new PollError('DeleteFailed');
  }

  return sweep;
}
