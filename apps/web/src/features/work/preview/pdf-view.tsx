import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import type * as PdfJsModule from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { PREVIEW_PDF_MAX_PAGES } from '../../../app/constants';
import { useI18n, type TFunction } from '../../../app/i18n';
import { CenteredProgress } from '../../../ui/centered-progress';
import { MessageAlert } from '../../../ui/message-alert';
import type { FoundValue } from '../capture-api';
import {
  boxHighlight,
  findTextHighlight,
  highlightStyle,
  scrollIntoPanel,
  type Highlight,
  type PageText,
} from './page-highlight';

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

interface PdfViewProps {
  url: string;
  title: string;
  /** A captured value to mark where it was found (issue 7). */
  highlight?: FoundValue | null;
}

/** The pages of a PDF drawn one under another at the panel's width (spec §2 preview). */
export function PdfView({ url, title, highlight = null }: PdfViewProps) {
  const { t } = useI18n();
  const pagesRef = useRef<HTMLDivElement>(null);
  const pdfRef = useRef<PdfDocument | null>(null);
  const textsRef = useRef<Promise<PageText[]> | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [pageCount, setPageCount] = useState(0);
  // A new object at each render of the form: compared by what it holds.
  const highlightKey = highlight ? JSON.stringify(highlight) : '';

  useEffect(() => {
    const container = pagesRef.current;
    if (!container) return;
    const job = { cancelled: false };
    let destroy: (() => Promise<void>) | null = null;
    const draw = async () => {
      const lib = await loadPdfJs();
      if (job.cancelled) return;
      // The page's Content-Security-Policy refuses eval (script-src 'self'): pdf.js is told
      // not to try it, and draws fonts and functions without compiling code.
      const task = lib.getDocument({ url, isEvalSupported: false });
      destroy = () => task.destroy();
      const pdf = await task.promise;
      pdfRef.current = pdf;
      textsRef.current = null;
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
      pdfRef.current = null;
      void destroy?.();
      container.replaceChildren();
    };
  }, [url, t]);

  useEffect(() => {
    const container = pagesRef.current;
    const pdf = pdfRef.current;
    if (!container || !pdf || status !== 'ready' || highlightKey === '') return;
    const found = JSON.parse(highlightKey) as FoundValue;
    const job = { cancelled: false };
    const show = async () => {
      let rects = boxHighlight(found);
      if (!rects) {
        textsRef.current ??= pageTexts(pdf);
        rects = findTextHighlight(await textsRef.current, String(found.value), found.at);
      }
      if (!job.cancelled) drawHighlight(container, rects);
    };
    // A page whose text cannot be read has nothing to mark.
    show().catch(() => undefined);
    return () => {
      job.cancelled = true;
      clearHighlight(container);
    };
  }, [highlightKey, status]);

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
    // The page's highlights are laid over its canvas, in fractions of its size.
    const pageBox = document.createElement('div');
    pageBox.style.position = 'relative';
    pageBox.dataset.page = String(number);
    pageBox.append(canvas);
    container.append(pageBox);
    await page.render({ canvas, viewport }).promise;
  }
}

/** The text items of the pages shown, with what places them on their page. */
async function pageTexts(pdf: PdfDocument): Promise<PageText[]> {
  const count = Math.min(pdf.numPages, PREVIEW_PDF_MAX_PAGES);
  const texts: PageText[] = [];
  for (let number = 1; number <= count; number += 1) {
    const page = await pdf.getPage(number);
    const viewport = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    texts.push({
      items: content.items.flatMap((item) => ('str' in item ? [item] : [])),
      width: viewport.width,
      height: viewport.height,
      // pdf.js types its answer as any[]: four numbers.
      toViewport: (rect) => viewport.convertToViewportRectangle(rect) as number[],
    });
  }
  return texts;
}

const HIGHLIGHT_ATTRIBUTE = 'data-highlight';

function clearHighlight(container: HTMLElement) {
  for (const mark of container.querySelectorAll(`[${HIGHLIGHT_ATTRIBUTE}]`)) mark.remove();
}

/** Marks over the pages: decorative (aria-hidden), shown in the panel without taking the focus. */
function drawHighlight(container: HTMLElement, rects: Highlight) {
  clearHighlight(container);
  const marks = rects.flatMap((rect) => {
    const page = container.querySelector(`[data-page="${rect.page}"]`);
    if (!page) return [];
    const mark = document.createElement('div');
    mark.setAttribute(HIGHLIGHT_ATTRIBUTE, '');
    mark.setAttribute('aria-hidden', 'true');
    mark.dataset.testid = 'preview-highlight';
    Object.assign(mark.style, highlightStyle(rect));
    page.append(mark);
    return [mark];
  });
  if (marks[0]) scrollIntoPanel(marks[0]);
}
