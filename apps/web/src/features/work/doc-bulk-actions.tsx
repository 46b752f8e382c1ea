import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CheckIcon from '@mui/icons-material/TaskAlt';
import ApproveIcon from '@mui/icons-material/DoneAll';
import DownloadIcon from '@mui/icons-material/FolderZipOutlined';
import ReadIcon from '@mui/icons-material/DocumentScannerOutlined';
import {
  MAX_ACTIVATE_KEYS,
  MAX_CAPTURE_KEYS,
  MAX_WORKFLOW_KEYS,
  type TableRecord,
} from '@listina/contract';
import { canActivateDoc, canConfirmDoc, type DocWorkflowStanding } from '@listina/forms';
import { ERROR_TEXT_KEYS, formatApiError } from '../../api/format-error';
import { useI18n } from '../../app/i18n';
import { invalidateTables } from '../../schema-ui/api';
import { WarningsDialog } from '../../schema-ui/dialogs/warnings-dialog';
import { isWarningsOnly } from '../../schema-ui/form/server-messages';
import { useUndo } from '../../schema-ui/undo/undo-context';
import { queueCapture } from './capture-api';
import { docStandingOf, useDocActor } from './doc-actor';
import { activateDocuments, DOC_TABLE, downloadDocuments } from './doc-api';
import { takeWorkflowActions } from './workflow-api';

type BulkKind = 'activate' | 'confirm' | 'download' | 'capture';

/** What a bulk action did: how many were acted on, and why the others were not. */
export interface BulkSummary {
  kind: 'confirm' | 'capture';
  done: number;
  refused: number;
  /** The server's reasons (spec §8, translated; each names its document). */
  messages: string[];
  /** The server's warnings, with the spec §8 info prefix. */
  warnings: string[];
  /**
   * Refused with warnings only (captured already, a suspected duplicate): may be asked again
   * ignoring them.
   */
  warnedKeys: string[];
}

/** spec §4: a whole call answered with warnings only, to be repeated ignoring them or not. */
export interface BulkWarnings {
  /** The server's answer, formatted (warnings after the info prefix). */
  text: string;
  keys: string[];
}

/** A document a bulk action was not taken on, with the server's reasons. */
interface RefusedItem {
  documentKey: string;
  errors?: { msg: string }[];
  warnings?: { msg: string }[];
}

/**
 * The document list's actions on the selected rows: activate them (POST /api/doc/activate,
 * all or nothing), confirm them in their workflow step (POST /api/wf/actions/, each on its
 * own, with a summary of what was refused), read their data (POST /api/doc/ocr, each on its
 * own, with a summary), and download them as one zip (POST /api/doc/download?mode=zip). Undo
 * is offered for what changed; a refusal of the whole call shows the server's messages above
 * the grid. Warnings only (spec §4) offer Continue anyway: a refused activation asks in a
 * dialog, and the documents a confirmation or a capture refused for warnings alone may be
 * asked again ignoring them.
 */
export function useDocBulkActions() {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const undo = useUndo();
  const [busy, setBusy] = useState<BulkKind | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [summary, setSummary] = useState<BulkSummary | null>(null);
  const [warned, setWarned] = useState<BulkWarnings | null>(null);
  /** Continue anyway: the last action again on the keys given, ignoring warnings. */
  const repeat = useRef<(keys: string[]) => void>(() => undefined);

  const run = async (
    kind: BulkKind,
    keys: string[],
    limit: number,
    /** The same action ignoring warnings; none for a call that has no warnings. */
    again: ((keys: string[]) => void) | null,
    action: () => Promise<void>,
  ) => {
    // One call takes this many documents at most: no partial batches.
    if (keys.length > limit) {
      setError(t('work.documents.tooManySelected', [limit]));
      return;
    }
    setBusy(kind);
    setError(null);
    setSummary(null);
    setWarned(null);
    repeat.current = again ?? (() => undefined);
    try {
      await action();
    } catch (failure) {
      if (again && isWarningsOnly(failure)) setWarned({ text: formatApiError(failure, t), keys });
      else setError(formatApiError(failure, t));
    } finally {
      setBusy(null);
    }
  };

  const infoPrefix = t(ERROR_TEXT_KEYS.infoPrefix);

  /** All or nothing; the activated leave the selection. */
  const activate = (keys: string[], onDone: (keys: string[]) => void, ignoreWarnings = false) =>
    run(
      'activate',
      keys,
      MAX_ACTIVATE_KEYS,
      (again) => void activate(again, onDone, true),
      async () => {
        const result = await activateDocuments(keys, ignoreWarnings);
        undo.offer({ undoIds: [result.undoId], kind: 'other', tables: [DOC_TABLE] });
        onDone(keys);
        await invalidateTables(queryClient, [DOC_TABLE]);
      },
    );

  /**
   * Each document on its own, at the version the list shows it (one moved on since is
   * refused, not confirmed at its next step); the refused stay selected, to be looked at or
   * acted on.
   */
  const confirm = (
    keys: string[],
    versions: Record<string, number>,
    onDone: (keys: string[]) => void,
    ignoreWarnings = false,
  ) =>
    run(
      'confirm',
      keys,
      MAX_WORKFLOW_KEYS,
      (again) => void confirm(again, versions, onDone, true),
      async () => {
        const result = await takeWorkflowActions(
          keys,
          'confirmed',
          { versions: pick(versions, keys) },
          ignoreWarnings,
        );
        if (result.undoId !== null) {
          undo.offer({ undoIds: [result.undoId], kind: 'other', tables: [DOC_TABLE] });
        }
        const refused = result.items.filter((item) => !item.ok);
        setSummary(bulkSummary('confirm', result.done, refused, infoPrefix));
        onDone(result.items.filter((item) => item.ok).map((item) => item.documentKey));
        if (result.done > 0) await invalidateTables(queryClient, [DOC_TABLE]);
      },
    );

  /** Each document on its own; the queued leave the selection, the lists show their state. */
  const capture = (keys: string[], onDone: (keys: string[]) => void, ignoreWarnings = false) =>
    run(
      'capture',
      keys,
      MAX_CAPTURE_KEYS,
      (again) => void capture(again, onDone, true),
      async () => {
        const result = await queueCapture(keys, ignoreWarnings);
        const refused = result.items.filter((item) => !item.queued);
        setSummary(bulkSummary('capture', result.queued, refused, infoPrefix));
        onDone(result.items.filter((item) => item.queued).map((item) => item.documentKey));
        if (result.queued > 0) await invalidateTables(queryClient, [DOC_TABLE]);
      },
    );

  return {
    busy,
    error,
    summary,
    warned,
    clearSummary: () => setSummary(null),
    dismissWarned: () => setWarned(null),
    activate,
    confirm,
    capture,
    /** Continue anyway: the whole call refused with warnings only, on the same documents. */
    continueWarned: () => {
      if (warned) repeat.current(warned.keys);
    },
    /** Continue anyway: those refused with warnings only (captured already, a duplicate). */
    continueAnyway: () => {
      const keys = summary?.warnedKeys ?? [];
      if (keys.length > 0) repeat.current(keys);
    },
    download: (keys: string[]) =>
      run('download', keys, MAX_ACTIVATE_KEYS, null, async () => {
        await downloadDocuments(keys, 'zip');
      }),
  };
}

/**
 * The summary of a bulk action taken on each document on its own: the refused with errors
 * list them (or their key), those refused for warnings alone list the warnings and may be
 * asked again ignoring them.
 */
function bulkSummary(
  kind: BulkSummary['kind'],
  done: number,
  refused: RefusedItem[],
  infoPrefix: string,
): BulkSummary {
  const isWarnedOnly = (item: RefusedItem) =>
    (item.errors ?? []).length === 0 && (item.warnings ?? []).length > 0;
  return {
    kind,
    done,
    refused: refused.length,
    messages: refused.flatMap((item) => {
      if (isWarnedOnly(item)) return [];
      const errors = item.errors ?? [];
      return errors.length > 0 ? errors.map((e) => e.msg) : [item.documentKey];
    }),
    warnings: refused.flatMap((item) => (item.warnings ?? []).map((w) => `${infoPrefix} ${w.msg}`)),
    warnedKeys: refused.filter(isWarnedOnly).map((item) => item.documentKey),
  };
}

/** The versions of the documents named, by key (issue 22: an action names what it saw). */
function pick(versions: Record<string, number>, keys: string[]): Record<string, number> {
  const picked: Record<string, number> = {};
  for (const key of keys) {
    const version = versions[key];
    if (version !== undefined) picked[key] = version;
  }
  return picked;
}

/** The versions of the rows as the list shows them, by key. */
export function versionsOf(rows: readonly TableRecord[]): Record<string, number> {
  const versions: Record<string, number> = {};
  for (const row of rows) if (typeof row.version === 'number') versions[row.key] = row.version;
  return versions;
}

interface DocBulkActionsProps {
  keys: string[];
  /** The selected rows as loaded: their versions go with a confirmation. */
  rows: readonly TableRecord[];
  actions: ReturnType<typeof useDocBulkActions>;
  /** Rows the action was taken on: they leave the selection. */
  onDone: (keys: string[]) => void;
}

/**
 * Whether some selected document may still take an action (issue 24: none offered that the
 * server would refuse for every one): when every selected row is loaded, the server's rule
 * (packages/forms doc-rights) must let one of them take it; the server still refuses each one
 * it may not.
 */
function isAnyFor(
  keys: string[],
  rows: readonly TableRecord[],
  may: (doc: DocWorkflowStanding) => boolean,
) {
  const selected = rows.filter((row) => keys.includes(row.key));
  if (selected.length < keys.length) return true;
  return selected.some((row) => may(docStandingOf(row)));
}

export function DocBulkActions({ keys, rows, actions, onDone }: DocBulkActionsProps) {
  const { t } = useI18n();
  const actor = useDocActor();
  const count = keys.length;
  const canActivate = isAnyFor(keys, rows, (doc) => canActivateDoc(doc, actor));
  const canConfirm = isAnyFor(keys, rows, (doc) => canConfirmDoc(doc, actor));
  return (
    <>
      <Button
        startIcon={<CheckIcon />}
        disabled={actions.busy !== null || !canActivate}
        onClick={() => void actions.activate(keys, onDone)}
        data-testid="work-activate-selected"
      >
        {t('work.documents.activateSelected', [count])}
      </Button>
      <Button
        startIcon={<ApproveIcon />}
        disabled={actions.busy !== null || !canConfirm}
        onClick={() => void actions.confirm(keys, versionsOf(rows), onDone)}
        data-testid="work-confirm-selected"
      >
        {t('wf.bulk.confirmSelected', [count])}
      </Button>
      <Button
        startIcon={<ReadIcon />}
        disabled={actions.busy !== null}
        onClick={() => void actions.capture(keys, onDone)}
        data-testid="work-capture-selected"
      >
        {t('work.capture.readSelected', [count])}
      </Button>
      <Button
        startIcon={<DownloadIcon />}
        disabled={actions.busy !== null}
        onClick={() => void actions.download(keys)}
        data-testid="work-download-selected"
      >
        {t('work.documents.downloadSelected', [count])}
      </Button>
    </>
  );
}

/** The summary's counts, and its Continue anyway for those refused with warnings only. */
const SUMMARY_KEYS: Record<BulkSummary['kind'], { counts: string; again: string }> = {
  confirm: { counts: 'wf.bulk.summary', again: 'schemaForm.dialog.continueAnyway' },
  capture: { counts: 'work.capture.summary', again: 'work.capture.readAgain' },
};

interface DocBulkSummaryProps {
  summary: BulkSummary | null;
  onClose: () => void;
  /** Continue anyway for the documents refused with warnings only. */
  onContinueAnyway: () => void;
}

/**
 * "12 confirmed, 2 refused" (or queued for capture), with each refused document's reason and
 * warning; those refused for warnings alone (captured already, a suspected duplicate) may be
 * asked again ignoring them.
 */
export function DocBulkSummary({ summary, onClose, onContinueAnyway }: DocBulkSummaryProps) {
  const { t } = useI18n();
  if (!summary) return null;
  const lines = [
    ...summary.messages.map((text) => ({ text, testId: 'work-bulk-refused' })),
    ...summary.warnings.map((text) => ({ text, testId: 'work-bulk-warning' })),
  ];
  return (
    <Alert
      severity={summary.refused > 0 ? 'warning' : 'success'}
      onClose={onClose}
      closeText={t('common.close')}
      sx={{ my: 1 }}
      data-testid="work-bulk-summary"
    >
      <div data-testid="work-bulk-summary-counts">
        {t(SUMMARY_KEYS[summary.kind].counts, [summary.done, summary.refused])}
      </div>
      {lines.length > 0 && (
        <ul style={{ margin: 0, paddingLeft: '1.25em' }}>
          {lines.map((line, index) => (
            <li key={index} data-testid={line.testId}>
              {line.text}
            </li>
          ))}
        </ul>
      )}
      {summary.warnedKeys.length > 0 && (
        <Button
          size="small"
          color="inherit"
          onClick={onContinueAnyway}
          sx={{ mt: 1 }}
          data-testid="work-bulk-again"
        >
          {t(SUMMARY_KEYS[summary.kind].again, [summary.warnedKeys.length])}
        </Button>
      )}
    </Alert>
  );
}

/** spec §4: a bulk call refused with warnings only (activation) asks whether to continue. */
export function DocBulkWarnings({ actions }: { actions: ReturnType<typeof useDocBulkActions> }) {
  if (!actions.warned) return null;
  return (
    <WarningsDialog
      text={actions.warned.text}
      onContinue={actions.continueWarned}
      onCancel={actions.dismissWarned}
      testId="work-bulk-warnings"
    />
  );
}
