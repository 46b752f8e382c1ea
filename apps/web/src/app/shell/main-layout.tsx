import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import { DialogStackProvider } from '../../schema-ui/dialogs/dialog-stack';
import { FormActionsContext } from '../../schema-ui/dialogs/form-actions';
import {
  RecordPreviewContext,
  type RecordPreviewProps,
} from '../../schema-ui/dialogs/record-preview';
import { UndoProvider } from '../../schema-ui/undo/undo-snackbar';
import { CenteredProgress } from '../../ui/centered-progress';
import { FORM_ACTIONS } from '../form-actions';
import { MainToolbar } from './main-toolbar';

// The preview (pdf.js) loads when a dialog first shows one, as the document pages load it.
const RecordPreview = lazy(async () => ({
  default: (await import('../../features/work/preview/record-preview')).RecordPreview,
}));

const renderRecordPreview = (props: RecordPreviewProps) => <RecordPreview {...props} />;

/**
 * Signed-in pages: the main toolbar above the page, the undo snackbar and the dialog stack,
 * whose edit dialogs show a document's files beside the form (spec §2 eye) and offer a
 * table's form actions (issue 25: a mailbox's connection test).
 */
export function MainLayout() {
  return (
    <UndoProvider>
      <RecordPreviewContext value={renderRecordPreview}>
        <FormActionsContext value={FORM_ACTIONS}>
          <DialogStackProvider>
            <Box sx={{ minHeight: '100vh', bgcolor: 'grey.100' }}>
              <MainToolbar />
              <Box component="main" sx={{ p: { xs: 1, sm: 2 } }}>
                <Suspense fallback={<CenteredProgress />}>
                  <Outlet />
                </Suspense>
              </Box>
            </Box>
          </DialogStackProvider>
        </FormActionsContext>
      </RecordPreviewContext>
    </UndoProvider>
  );
}
