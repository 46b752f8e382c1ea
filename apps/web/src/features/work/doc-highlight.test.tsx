import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DocFile, TableRecord } from '@listina/contract';
import { json } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { docFile, docRow, previewInfo, workApi } from './work-test-kit';

// pdf.js draws nothing in jsdom: a one-page PDF of 600 × 800 points with two lines of text.
vi.mock('pdfjs-dist', () => {
  const line = (str: string, y: number) => ({
    str,
    transform: [12, 0, 0, 12, 60, y],
    width: str.length * 6,
    height: 12,
    hasEOL: true,
  });
  const page = {
    getViewport: ({ scale }: { scale: number }) => ({
      width: 600 * scale,
      height: 800 * scale,
      convertToViewportRectangle: ([x1 = 0, y1 = 0, x2 = 0, y2 = 0]: number[]) => [
        x1 * scale,
        (800 - y1) * scale,
        x2 * scale,
        (800 - y2) * scale,
      ],
    }),
    render: () => ({ promise: Promise.resolve() }),
    getTextContent: () =>
      Promise.resolve({ items: [line('Račun R-2026-17', 700), line('Skupaj: 121,00 EUR', 600)] }),
  };
  const pdf = { numPages: 1, getPage: () => Promise.resolve(page) };
  return {
    GlobalWorkerOptions: {},
    getDocument: () => ({ promise: Promise.resolve(pdf), destroy: () => Promise.resolve() }),
  };
});

/** d-1 captured from its main file: the total with where it was found, the number learned. */
function captured(total: Record<string, unknown>): TableRecord {
  return {
    ...docRow(1),
    number: 'R-2026-17',
    totalAmount: '121.00',
    captureState: 'done',
    captureError: null,
    customerKey: 'p-1',
    captureResult: {
      source: 'ocr',
      partner: { key: 'p-1', by: 'vatId' },
      fields: {
        invoiceNumber: { value: 'R-2026-17', confidence: 1, source: 'learned' },
        totalAmount: { value: '121.00', confidence: 0.95, ...total },
      },
    },
    costLines: [],
  };
}

function highlightApi(doc: TableRecord, main: DocFile) {
  return workApi({
    'GET /api/doc/:key': () => json(doc),
    'POST /api/doc/:id/preview.info': () => json(previewInfo('d-1', [main])),
  });
}

const box = { page: 1, x: 0.1, y: 0.75, width: 0.2, height: 0.05 };

describe('the preview marks where a focused field’s value was found', () => {
  it('marks an OCR value’s box on a scan, without taking the focus, and nothing for a value with no place', async () => {
    highlightApi(captured({ source: 'ocr', box }), docFile('scan', { fileTypeCode: 'main' }));
    renderApp('/o/org-1/work/edit/d-1');
    await screen.findByTestId('preview-image');
    const total = await screen.findByTestId('field-totalAmount');

    await userEvent.click(total);
    const mark = await screen.findByTestId('preview-highlight');
    expect(mark.getAttribute('aria-hidden')).toBe('true');
    expect(mark.style.left).toBe('10.000%');
    expect(mark.style.top).toBe('75.000%');
    expect(mark.style.width).toBe('20.000%');
    expect(document.activeElement).toBe(total);

    // The number was learned, not read from a place on the page.
    await userEvent.click(screen.getByTestId('field-number'));
    await waitFor(() => expect(screen.queryByTestId('preview-highlight')).toBeNull());
  });

  it('finds a text-layer value among the PDF page’s text and marks it there', async () => {
    highlightApi(
      captured({ source: 'text', at: 24 }),
      docFile('pdf', { fileTypeCode: 'main', fileType: 'pdf', mime: 'application/pdf' }),
    );
    renderApp('/o/org-1/work/edit/d-1');
    await screen.findByRole('img', { name: /1/ });
    const total = await screen.findByTestId('field-totalAmount');

    await userEvent.click(total);
    const mark = await screen.findByTestId('preview-highlight');
    expect(mark.getAttribute('aria-hidden')).toBe('true');
    // "Skupaj: " is 8 of its line's 18 characters, 6 points each, from x = 60 of 600.
    expect(mark.style.left).toBe(`${(((60 + 48) / 600) * 100).toFixed(3)}%`);
    expect(mark.style.width).toBe(`${(((6 * 6) / 600) * 100).toFixed(3)}%`);
    expect(document.activeElement).toBe(total);

    await userEvent.click(screen.getByTestId('field-issueDate'));
    await waitFor(() => expect(screen.queryByTestId('preview-highlight')).toBeNull());
  });
});
