import { useI18n } from '../../app/i18n';
import { ConfirmDialog } from './confirm-dialog';

interface WarningsDialogProps {
  /** The server's answer, formatted (spec §8: warnings carry the info prefix). */
  text: string;
  onContinue: () => void;
  onCancel: () => void;
  testId: string;
}

/**
 * spec §4: a save (or a delete) answered with warnings only asks in a dialog titled Error
 * whether to continue anyway, which repeats the call ignoring warnings, or cancel.
 */
export function WarningsDialog({ text, onContinue, onCancel, testId }: WarningsDialogProps) {
  const { t } = useI18n();
  return (
    <ConfirmDialog
      open
      title={t('schemaForm.dialog.errorTitle')}
      text={text}
      confirmText={t('schemaForm.dialog.continueAnyway')}
      cancelText={t('schemaForm.dialog.cancel')}
      onConfirm={onContinue}
      onCancel={onCancel}
      testId={testId}
    />
  );
}
