import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import type * as PdfJsModule from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { PREVIEW_PDF_MAX_PAGES } from '../../../app/constants';
import { useI18n, type TFunction } from '../../../app/i18n';
import { CenteredProgress } from '../../../ui/centered-progress';
import { MessageAlert } from '../../../ui/message-alert';

type PdfJs = typeof PdfJsModule;

let pdfJs: Promise<PdfJs> | null = null;

/** pdf.js is big: it loads the first time a PDF is shown, with its worker from our own files. */
function loadPdfJs(): Promise<PdfJs> {
  pdfJs ??= import('pdfjs-dist').then((lib) => {
    lib.GlobalWorkerOptions.workerSrc = workerUrl;
    return lib;
  });
  return pdfJs;
}

type Status = 'loading' | 'ready' | 'failed';

/** The pages of a PDF drawn one under another at the panel's width (spec §2 preview). */
export function PdfView({ url, title }: { url: string; title: string }) {
  const { t } = useI18n();
  const pagesRef = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [pageCount, setPageCount] = useState(0);

  useEffect(() => {
    const container = pagesRef.current;
    if (!container) return;
    const job = { cancelled: false };
    let destroy: (() => Promise<void>) | null = null;
    const draw = async () => {
      const lib = await loadPdfJs();
      if (job.cancelled) return;
      const task = lib.getDocument({ url });
      destroy = () => task.destroy();
      const pdf = await task.promise;
      setPageCount(pdf.numPages);
      await drawPages(pdf, container, job, t);
      if (!job.cancelled) setStatus('ready');
    };
    setStatus('loading');
    draw().catch(() => {
      if (!job.cancelled) setStatus('failed');
    });
    return () => {
      job.cancelled = true;
      void destroy?.();
      container.replaceChildren();
    };
  }, [url, t]);

  return (
    <Box aria-label={title} role="document" data-testid="preview-pdf">
      {status === 'loading' && <CenteredProgress label={t('work.preview.loading')} />}
      {status === 'failed' && (
        <MessageAlert message={t('work.preview.pdfFailed')} testId="preview-pdf-error" />
      )}
      {/* Filled by pdf.js, one canvas per page; React renders nothing inside. */}
      <Box ref={pagesRef} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }} />
      {status === 'ready' && pageCount > PREVIEW_PDF_MAX_PAGES && (
        <MessageAlert
          severity="info"
          message={t('work.preview.morePages', [PREVIEW_PDF_MAX_PAGES, pageCount])}
        />
      )}
    </Box>
  );
}

type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;

async function drawPages(
  pdf: PdfDocument,
  container: HTMLElement,
  job: { cancelled: boolean },
  t: TFunction,
) {
  const width = container.clientWidth || 600;
  const ratio = window.devicePixelRatio || 1;
  const count = Math.min(pdf.numPages, PREVIEW_PDF_MAX_PAGES);
  for (let number = 1; number <= count && !job.cancelled; number += 1) {
    const page = await pdf.getPage(number);
    const scale = width / page.getViewport({ scale: 1 }).width;
    const viewport = page.getViewport({ scale: scale * ratio });
    const canvas = document.createElement('canvas');
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    canvas.style.width = '100%';
    // A white page on a white panel: its edge shows where it ends.
    canvas.style.boxShadow = '0 0 0 1px rgba(0, 0, 0, 0.12)';
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', t('work.preview.pdfPage', [number, pdf.numPages]));
    if (job.cancelled) return;
    container.append(canvas);
    await page.render({ canvas, viewport }).promise;
  }
}
