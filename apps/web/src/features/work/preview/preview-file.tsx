import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import type { DocFile } from '@listina/contract';
import { useI18n } from '../../../app/i18n';
import { CenteredProgress } from '../../../ui/centered-progress';
import { MessageAlert } from '../../../ui/message-alert';
import type { FoundValue } from '../capture-api';
import { highlightStyle, scrollIntoPanel } from './page-highlight';
import { formatXml } from './xml-format';

// pdf.js (and its worker) load only when a PDF is shown.
const PdfView = lazy(() => import('./pdf-view').then((m) => ({ default: m.PdfView })));

export type PreviewKind = 'pdf' | 'image' | 'xml' | 'text' | 'none';

/** How the preview shows a file, by what the server found its content to be. */
export function previewKindOf(file: Pick<DocFile, 'fileType'>): PreviewKind {
  switch (file.fileType) {
    case 'pdf':
      return 'pdf';
    // TIFF is left out: browsers do not draw it.
    case 'png':
    case 'jpeg':
      return 'image';
    case 'einvoice-xml':
    case 'xml':
      return 'xml';
    case 'text':
    case 'csv':
    case 'eml':
      return 'text';
    default:
      return 'none';
  }
}

const scrollWhenShown = (mark: HTMLElement | null) => {
  if (mark) scrollIntoPanel(mark);
};

/** One file of the preview: a PDF's pages, an image, an XML e-invoice as text, or a link. */
export function PreviewFile({
  file,
  highlight = null,
}: {
  file: DocFile;
  highlight?: FoundValue | null;
}) {
  const { t } = useI18n();
  const title = file.previewTitle || file.name;
  const kind = previewKindOf(file);
  switch (kind) {
    case 'pdf':
      return (
        <Zoomable>
          <Suspense fallback={<CenteredProgress label={t('work.preview.loading')} />}>
            <PdfView url={file.url} title={title} highlight={highlight} />
          </Suspense>
        </Zoomable>
      );
    case 'image':
      return (
        <Zoomable>
          {/* The image's highlight is laid over it, in fractions of its size (a scan: page 1). */}
          <Box sx={{ position: 'relative', width: 'fit-content', maxWidth: '100%', mx: 'auto' }}>
            <Box
              component="img"
              src={file.url}
              alt={title}
              sx={{ display: 'block', maxWidth: '100%' }}
              data-testid="preview-image"
            />
            {highlight?.box?.page === 1 && (
              <div
                // A new mark for a new box: shown in the panel once, not at every render.
                key={JSON.stringify(highlight.box)}
                aria-hidden
                ref={scrollWhenShown}
                style={highlightStyle(highlight.box)}
                data-testid="preview-highlight"
              />
            )}
          </Box>
        </Zoomable>
      );
    case 'xml':
    case 'text':
      return <TextView file={file} isXml={kind === 'xml'} />;
    case 'none':
      return (
        <Alert severity="info" data-testid="preview-none">
          {t('work.preview.noPreview')}{' '}
          <Link href={file.downloadUrl} download={file.name}>
            {t('work.preview.downloadFile', [file.name])}
          </Link>
        </Alert>
      );
  }
}

/** The steps of the preview's zoom: the panel's width times these. */
const ZOOM_STEPS = [1, 1.5, 2, 3] as const;

/**
 * Issue 26: on a phone or a tablet the pages fit the width and zoom in by visible +/− buttons
 * (a pinch zooms the page as the browser does); the pages then scroll sideways inside the
 * preview, never the page. A desktop's wide panel shows them as before.
 */
function Zoomable({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const isNarrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [step, setStep] = useState(0);
  if (!isNarrow) return children;
  const zoom = ZOOM_STEPS[step] ?? 1;
  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', gap: 0.5 }}>
        <IconButton
          aria-label={t('work.preview.zoomOut')}
          disabled={step === 0}
          onClick={() => setStep(step - 1)}
          data-testid="preview-zoom-out"
        >
          <ZoomOutIcon />
        </IconButton>
        <IconButton
          aria-label={t('work.preview.zoomIn')}
          disabled={step === ZOOM_STEPS.length - 1}
          onClick={() => setStep(step + 1)}
          data-testid="preview-zoom-in"
        >
          <ZoomInIcon />
        </IconButton>
      </Stack>
      <Box sx={{ overflow: 'auto', maxWidth: '100%' }} data-testid="preview-zoom">
        <Box
          sx={{
            width: `${zoom * 100}%`,
            // An image grows with the zoom; the PDF's canvases already take the width.
            '& img': zoom > 1 ? { width: '100%', maxWidth: 'none' } : {},
            '& [data-testid=preview-image]': zoom > 1 ? { width: '100%' } : {},
          }}
        >
          {children}
        </Box>
      </Box>
    </Box>
  );
}

/** A text file's content, an XML one laid out by element; read by its signed link. */
function TextView({ file, isXml }: { file: DocFile; isXml: boolean }) {
  const { t } = useI18n();
  const content = useQuery({
    queryKey: ['docFileText', file.key, file.sha256],
    queryFn: async ({ signal }) => {
      // A signed link: no apikey, no organisation header (spec: usable directly).
      const response = await fetch(file.url, { signal });
      if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
      return response.text();
    },
    staleTime: Infinity,
  });
  if (content.isPending) return <CenteredProgress label={t('work.preview.loading')} />;
  if (content.isError) {
    return <MessageAlert message={t('work.preview.textFailed')} testId="preview-text-error" />;
  }
  return (
    <Box
      component="pre"
      sx={{
        m: 0,
        p: 1,
        fontSize: 12,
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        bgcolor: 'grey.50',
      }}
      data-testid="preview-text"
    >
      {isXml ? formatXml(content.data) : content.data}
    </Box>
  );
}
