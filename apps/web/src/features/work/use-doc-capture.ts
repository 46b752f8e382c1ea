import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatApiError, ERROR_TEXT_KEYS } from '../../api/format-error';
import { useI18n } from '../../app/i18n';
import { fetchRecord, tableQueryKey } from '../../schema-ui/api';
import {
  CAPTURE_POLL_MS,
  cancelCapture,
  captureErrorOf,
  captureStateOf,
  queueCapture,
  type CaptureResponse,
} from './capture-api';
import { DOC_TABLE } from './doc-api';

/**
 * A document's data capture in its editor (issue 7): queues it (asking first when it was
 * captured already), and while it runs asks for the document every second. When the capture
 * ends, the editor shows the document afresh (use-doc-editor useShowNewerCopy) with the fields
 * it filled and the values to check; the form waits meanwhile, so that no edit is lost.
 */
export function useDocCapture(documentKey: string | undefined) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const recordKey = tableQueryKey(DOC_TABLE, 'record', documentKey ?? '');
  // The editor's own copy of the record, read again while its capture is pending.
  const record = useQuery({
    queryKey: recordKey,
    queryFn: ({ signal }) => fetchRecord(DOC_TABLE, documentKey ?? '', signal),
    enabled: documentKey !== undefined,
    gcTime: 0,
    refetchInterval: (query) =>
      captureStateOf(query.state.data) === 'pending' ? CAPTURE_POLL_MS : false,
  });
  const [isQueueing, setQueueing] = useState(false);
  /** The server's refusal of this document, or of the whole call. */
  const [refusal, setRefusal] = useState<string | null>(null);
  /** Warnings only (captured already): Continue anyway queues it again ignoring them. */
  const [warning, setWarning] = useState<string | null>(null);

  const answered = async (result: CaptureResponse) => {
    const item = result.items.find((each) => each.documentKey === documentKey) ?? result.items[0];
    if (item?.queued) {
      // The lists show its capture state; the editor reads the document now, then polls.
      await queryClient.invalidateQueries({
        queryKey: tableQueryKey(DOC_TABLE),
        refetchType: 'none',
      });
      await queryClient.refetchQueries({ queryKey: recordKey, exact: true });
      return;
    }
    const errors = item?.errors ?? [];
    const warnings = item?.warnings ?? [];
    if (errors.length === 0 && warnings.length > 0) {
      setWarning(warnings.map((each) => `${t(ERROR_TEXT_KEYS.infoPrefix)} ${each.msg}`).join('\n'));
    } else {
      setRefusal(errors.map((each) => each.msg).join('\n') || t('work.capture.notQueued'));
    }
  };

  const run = async (ignoreWarnings = false) => {
    if (documentKey === undefined) return;
    setQueueing(true);
    setRefusal(null);
    setWarning(null);
    try {
      await answered(await queueCapture([documentKey], ignoreWarnings));
    } catch (error) {
      setRefusal(formatApiError(error, t));
    } finally {
      setQueueing(false);
    }
  };

  /** Stops a capture that does not end (DELETE /api/doc/ocr); what it found is cleared. */
  const cancel = async () => {
    if (documentKey === undefined) return;
    setRefusal(null);
    try {
      await cancelCapture([documentKey]);
      await queryClient.refetchQueries({ queryKey: recordKey, exact: true });
    } catch (error) {
      setRefusal(formatApiError(error, t));
    }
  };

  const state = captureStateOf(record.data);
  return {
    state,
    /** A catalogue key: why the last capture failed. */
    error: state === 'failed' ? captureErrorOf(record.data) : null,
    isQueueing,
    /** While the call runs or the capture is pending: the form waits for what it brings. */
    isReading: isQueueing || state === 'pending',
    refusal,
    warning,
    run,
    cancel,
    continueAnyway: () => run(true),
    dismiss: () => {
      setRefusal(null);
      setWarning(null);
    },
  };
}

export type DocCaptureState = ReturnType<typeof useDocCapture>;
