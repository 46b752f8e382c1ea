import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useState,
  type ReactNode,
} from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../schema-ui/dialogs/confirm-dialog';
import { useI18n } from './i18n';

type Register = (id: string, dirty: boolean) => void;

const LeaveGuardContext = createContext<Register | null>(null);

/**
 * Nothing typed is lost by leaving (issue 24): while any form below has unsaved changes, a
 * link or the back button asks first, and reloading or closing the tab makes the browser ask.
 * One guard for the whole app, since the router takes one blocker at a time; forms report
 * their changes through useUnsavedChanges.
 */
export function LeaveGuard({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const [dirtyForms, setDirtyForms] = useState<ReadonlySet<string>>(() => new Set());
  const register = useCallback<Register>((id, dirty) => {
    setDirtyForms((previous) => {
      if (previous.has(id) === dirty) return previous;
      const next = new Set(previous);
      if (dirty) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const hasChanges = dirtyForms.size > 0;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasChanges &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!hasChanges) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [hasChanges]);

  return (
    <LeaveGuardContext value={register}>
      {children}
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={t('leaveGuard.title')}
        text={t('leaveGuard.text')}
        confirmText={t('leaveGuard.leave')}
        cancelText={t('leaveGuard.stay')}
        danger
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
        testId="leave-guard"
      />
    </LeaveGuardContext>
  );
}

/** Tells the app's LeaveGuard whether this form has unsaved changes now. */
export function useUnsavedChanges(hasChanges: boolean): void {
  const register = useContext(LeaveGuardContext);
  const id = useId();
  useEffect(() => {
    register?.(id, hasChanges);
    return () => register?.(id, false);
  }, [register, id, hasChanges]);
}
