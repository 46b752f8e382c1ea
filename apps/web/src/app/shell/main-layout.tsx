import { Suspense } from 'react';
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import { DialogStackProvider } from '../../schema-ui/dialogs/dialog-stack';
import { UndoProvider } from '../../schema-ui/undo/undo-snackbar';
import { CenteredProgress } from '../../ui/centered-progress';
import { MainToolbar } from './main-toolbar';

/** Signed-in pages: the main toolbar above the page, the undo snackbar and the dialog stack. */
export function MainLayout() {
  return (
    <UndoProvider>
      <DialogStackProvider>
        <Box sx={{ minHeight: '100vh', bgcolor: 'grey.100' }}>
          <MainToolbar />
          <Box component="main" sx={{ p: 2 }}>
            <Suspense fallback={<CenteredProgress />}>
              <Outlet />
            </Suspense>
          </Box>
        </Box>
      </DialogStackProvider>
    </UndoProvider>
  );
}
