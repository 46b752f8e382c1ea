import { useLayoutEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useI18n } from '../../app/i18n';
import { useSession } from '../../app/session';
import { fetchRecord, tableQueryKey } from '../../schema-ui/api';
import { DOC_TABLE } from './doc-api';
import { PreviewPanel } from './preview/preview-panel';
import { UndoProvider } from '../../schema-ui/undo/undo-snackbar';

/**
 * /docpreview?documentKey=…&organizationId=… (spec §2): the preview on its own, in the
 * window the workspace pops out (empty layout, signed in). Closing it closes the window; the
 * workspace then shows its side bar again.
 */
export function DocPreviewPage() {
  const { t } = useI18n();
  const [searchParams] = useSearchParams();
  const documentKey = searchParams.get('documentKey') ?? '';
  const organizationId = searchParams.get('organizationId');
  const { organizations, activeOrganization, selectOrganization } = useSession();
  const isMember = organizations.some((organization) => organization.id === organizationId);
  const isActive = organizationId === null || activeOrganization?.id === organizationId;

  // The window opens on the document's organisation, as a /o/{id} route would (spec §2).
  useLayoutEffect(() => {
    if (organizationId && isMember && !isActive) selectOrganization(organizationId);
  }, [organizationId, isMember, isActive, selectOrganization]);

  if (documentKey === '' || (organizationId !== null && !isMember)) {
    return (
      <Alert severity="info" sx={{ m: 2 }} data-testid="doc-preview-missing">
        {t('work.preview.noDocument')}
      </Alert>
    );
  }
  if (!isActive) return null;
  return (
    <Box sx={{ height: '100vh', display: 'flex', flexDirection: 'column' }}>
      {/* Its file actions offer their undo here too (spec §4). */}
      <UndoProvider>
        <StandalonePreview documentKey={documentKey} />
      </UndoProvider>
    </Box>
  );
}

function StandalonePreview({ documentKey }: { documentKey: string }) {
  // The liquidation data are the document's saved cost lines.
  const record = useQuery({
    queryKey: tableQueryKey(DOC_TABLE, 'previewRecord', documentKey),
    queryFn: ({ signal }) => fetchRecord(DOC_TABLE, documentKey, signal),
  });
  return (
    <PreviewPanel
      documentKey={documentKey}
      costLines={record.data?.costLines}
      onClose={() => window.close()}
    />
  );
}
