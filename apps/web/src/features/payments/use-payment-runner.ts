import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatApiError } from '../../api/format-error';
import { useI18n } from '../../app/i18n';
import { invalidateTables } from '../../schema-ui/api';
import { isWarningsOnly } from '../../schema-ui/form/server-messages';
import { useUndo } from '../../schema-ui/undo/undo-context';
import { PAYMENT_TABLES } from './payments-api';

/** spec §4: a call answered with warnings only, to be repeated ignoring them or not. */
export interface RunnerWarnings {
  text: string;
  again: () => void;
}

/**
 * One payments action at a time on the page: busy while it runs, the server's refusal above
 * the grid (spec §8), warnings only asked about in a dialog (spec §4), a short notice of what
 * was done, and after a change the undo offer and both payment tables reloaded.
 */
export function usePaymentRunner() {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const undo = useUndo();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [warned, setWarned] = useState<RunnerWarnings | null>(null);
  const isRunning = useRef(false);

  /**
   * Runs an action named `kind` (for the busy state); `again` repeats it ignoring warnings,
   * for calls that take ignoreWarnings. Resolves true when it succeeded.
   */
  const run = useCallback(
    async (
      kind: string,
      action: () => Promise<string | null>,
      again?: () => void,
    ): Promise<boolean> => {
      if (isRunning.current) return false;
      isRunning.current = true;
      setBusy(kind);
      setError(null);
      setNotice(null);
      setWarned(null);
      try {
        setNotice(await action());
        return true;
      } catch (failure) {
        if (again && isWarningsOnly(failure))
          setWarned({ text: formatApiError(failure, t), again });
        else setError(formatApiError(failure, t));
        return false;
      } finally {
        isRunning.current = false;
        setBusy(null);
      }
    },
    [t],
  );

  /** After a change: undo offered when the server made it undoable, the lists reloaded. */
  const changed = useCallback(
    async (undoId: string | null | undefined) => {
      if (undoId) undo.offer({ undoIds: [undoId], kind: 'other', tables: PAYMENT_TABLES });
      await invalidateTables(queryClient, PAYMENT_TABLES);
    },
    [undo, queryClient],
  );

  return {
    busy,
    error,
    notice,
    warned,
    run,
    changed,
    clearNotice: () => setNotice(null),
    dismissWarned: () => setWarned(null),
    continueWarned: () => {
      const again = warned?.again;
      setWarned(null);
      again?.();
    },
  };
}

export type PaymentRunner = ReturnType<typeof usePaymentRunner>;
