import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import type { DocFile, PreviewInfo } from '@listina/contract';
import { formatApiError } from '../../../api/format-error';
import { PREVIEW_TAB_VISIBILITY } from '../../../app/constants';
import { useI18n } from '../../../app/i18n';
import { STORAGE_KEYS } from '../../../app/storage';
import { CenteredProgress } from '../../../ui/centered-progress';
import { MessageAlert } from '../../../ui/message-alert';
import type { FoundValue } from '../capture-api';
import { usePreviewInfo } from '../doc-api';
import { FileActions } from './file-actions';
import { Liquidation } from './liquidation';
import { PreviewFile } from './preview-file';
import { useStoredFlag } from './use-stored-flag';

/** spec §9: the files shown as tabs (visibility 1), the main files first, then attachments. */
export function previewTabs(info: PreviewInfo): DocFile[] {
  const order = [...info.documents, ...info.attachments];
  const rank = (file: DocFile) => {
    const index = order.indexOf(file.key);
    return index === -1 ? order.length : index;
  };
  return info.files
    .filter((file) => file.visibility === PREVIEW_TAB_VISIBILITY)
    .sort((a, b) => rank(a) - rank(b));
}

export interface PreviewPanelProps {
  documentKey: string;
  /** The document's cost allocation lines, shown under the preview with the switch on. */
  costLines: unknown;
  /** A captured value to mark on the main file where it was found (issue 7). */
  highlight?: FoundValue | null;
  onClose: () => void;
  /** Opens the preview in its own window; absent in that window. */
  onPopOut?: () => void;
}

/**
 * spec §2 document preview: a tab per file, a download and a close button, the liquidation
 * switch (remembered, spec §4), and the file actions. It loads when it is shown.
 */
export function PreviewPanel(props: PreviewPanelProps) {
  const { documentKey, costLines, highlight = null, onClose, onPopOut } = props;
  const { t } = useI18n();
  const preview = usePreviewInfo(documentKey);
  const [isLiquidationShown, setLiquidationShown] = useStoredFlag(
    STORAGE_KEYS.previewLiquidation,
    false,
  );
  const [tabKey, setTabKey] = useState<string | null>(null);
  const tabs = preview.data ? previewTabs(preview.data) : [];
  const current = tabs.find((file) => file.key === tabKey) ?? tabs[0];

  return (
    <Stack sx={{ flex: 1, minHeight: 0 }} data-testid="preview-panel">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, px: 1, pt: 0.5 }}>
        <Typography variant="subtitle1" component="h2" sx={{ flex: 1 }}>
          {t('work.preview.title')}
        </Typography>
        <FormControlLabel
          control={
            <Switch
              size="small"
              checked={isLiquidationShown}
              onChange={(event) => setLiquidationShown(event.target.checked)}
            />
          }
          label={t('work.preview.liquidation')}
        />
        {onPopOut && (
          <Tooltip title={t('work.preview.popOut')}>
            <IconButton onClick={onPopOut} data-testid="preview-pop-out">
              <OpenInNewIcon />
            </IconButton>
          </Tooltip>
        )}
        <Tooltip title={t('work.preview.download')}>
          <span>
            <IconButton
              component="a"
              href={current?.downloadUrl}
              download={current?.name}
              disabled={!current}
              aria-label={t('work.preview.download')}
              data-testid="preview-download"
            >
              <DownloadIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('work.preview.close')}>
          <IconButton onClick={onClose} data-testid="preview-close">
            <CloseIcon />
          </IconButton>
        </Tooltip>
      </Stack>
      {preview.isPending && <CenteredProgress label={t('work.preview.loading')} />}
      {preview.isError && (
        <MessageAlert message={formatApiError(preview.error, t)} testId="preview-error" />
      )}
      {preview.data && (
        <>
          {tabs.length > 0 && (
            <Tabs
              value={current?.key ?? false}
              onChange={(_, key: string) => setTabKey(key)}
              variant="scrollable"
              scrollButtons="auto"
              aria-label={t('work.preview.files')}
              data-testid="preview-tabs"
            >
              {tabs.map((file) => (
                <Tab
                  key={file.key}
                  value={file.key}
                  label={file.previewTitle || file.name}
                  data-testid="preview-tab"
                />
              ))}
            </Tabs>
          )}
          {/* issue 24: offered only where the server would take them (archived, not your step). */}
          {preview.data.canChangeFiles && (
            <FileActions documentKey={documentKey} info={preview.data} file={current} />
          )}
          {/* Scrolled by keyboard too: a PDF's pages hold nothing else to focus. */}
          <Box
            tabIndex={0}
            role="region"
            aria-label={current ? current.previewTitle || current.name : t('work.preview.title')}
            sx={{ flex: 1, minHeight: 0, overflow: 'auto', p: 1 }}
            data-testid="preview-content"
          >
            {preview.data.files.length === 0 && (
              <Alert severity="info" data-testid="preview-no-document">
                {t('work.preview.noDocument')}
              </Alert>
            )}
            {preview.data.files.length > 0 && !current && (
              <Alert severity="info" data-testid="preview-none">
                {t('work.preview.noPreview')}
              </Alert>
            )}
            {current && (
              <PreviewFile
                key={current.key}
                file={current}
                // Capture reads the first main file: what it found is on that one.
                highlight={current.key === preview.data.documents[0] ? highlight : null}
              />
            )}
          </Box>
        </>
      )}
      {isLiquidationShown && (
        <Box
          tabIndex={0}
          role="region"
          aria-label={t('work.preview.liquidation')}
          sx={{ maxHeight: '40%', overflow: 'auto', borderTop: 1, borderColor: 'divider' }}
        >
          <Liquidation costLines={costLines} />
        </Box>
      )}
    </Stack>
  );
}
