import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import CloseIcon from '@mui/icons-material/Close';
import { formatApiError } from '../../api/format-error';
import { UNDO_SNACKBAR_MS } from '../../app/constants';
import { useI18n, type TFunction } from '../../app/i18n';
import { invalidateLookupApis, invalidateTables, undoAction } from '../api';
import { UndoContext, type Undo, type UndoOffer } from './undo-context';

/** spec §2: different texts for a delete (with its count when several) and other actions. */
function messageOf(offer: UndoOffer | undefined, t: TFunction): string {
  if (offer?.kind !== 'delete') return t('schemaForm.undo.saved');
  const count = offer.count ?? 1;
  return count > 1 ? t('schemaForm.undo.deletedMany', [count]) : t('schemaForm.undo.deleted');
}

interface Shown {
  offer: UndoOffer;
  /** A new offer restarts the 8 s even when one is showing. */
  serial: number;
}

/**
 * spec §2, §4 undo snackbar: an undoable action is offered for 8 s with an Undo button; the
 * text differs for delete and other actions; it hides on route change. Undo reloads the
 * affected tables (and with them their lookups) and the lookups of other calls; a refusal
 * shows the server's message.
 */
export function UndoProvider({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const location = useLocation();
  const [shown, setShown] = useState<Shown | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const serial = useRef(0);

  const route = location.pathname + location.search;
  const [lastRoute, setLastRoute] = useState(route);
  if (route !== lastRoute) {
    setLastRoute(route);
    setShown(null);
    setFailure(null);
  }

  const offer = useCallback((next: UndoOffer) => {
    serial.current += 1;
    setFailure(null);
    setShown({ offer: next, serial: serial.current });
  }, []);
  const undo = useMemo<Undo>(() => ({ offer }), [offer]);

  const runUndo = async (current: UndoOffer) => {
    setBusy(true);
    const tables = new Set(current.tables);
    try {
      for (const undoId of [...current.undoIds].reverse()) {
        const result = await undoAction(undoId);
        for (const table of result.tables) tables.add(table);
      }
      setShown(null);
    } catch (error) {
      setShown(null);
      setFailure(formatApiError(error, t));
    } finally {
      setBusy(false);
    }
    // Also after a refusal part way: the calls undone before it changed the rows.
    await Promise.all([
      invalidateTables(queryClient, [...tables]),
      invalidateLookupApis(queryClient),
      current.afterUndo?.(),
    ]);
  };

  const message = messageOf(shown?.offer, t);

  return (
    <UndoContext value={undo}>
      {children}
      <Snackbar
        key={shown?.serial ?? 0}
        open={shown !== null}
        autoHideDuration={UNDO_SNACKBAR_MS}
        onClose={(_, reason) => {
          // Working elsewhere in the page does not dismiss the offer; only time does.
          if (reason !== 'clickaway') setShown(null);
        }}
        message={message}
        data-testid="undo-snackbar"
        action={
          <>
            <Button
              color="secondary"
              size="small"
              disabled={busy}
              onClick={() => shown && void runUndo(shown.offer)}
              data-testid="undo-button"
            >
              {t('schemaForm.undo.undo')}
            </Button>
            <IconButton
              size="small"
              color="inherit"
              aria-label={t('common.close')}
              onClick={() => setShown(null)}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </>
        }
      />
      <Snackbar open={failure !== null}>
        <Alert
          severity="error"
          data-testid="undo-error"
          sx={{ whiteSpace: 'pre-line' }}
          action={
            <IconButton
              size="small"
              color="inherit"
              aria-label={t('common.close')}
              onClick={() => setFailure(null)}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          }
        >
          {failure}
        </Alert>
      </Snackbar>
    </UndoContext>
  );
}
