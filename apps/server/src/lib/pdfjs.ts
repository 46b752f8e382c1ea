// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- an ambient module declaration must reach every project that compiles this file (bench, e2e)
/// <reference path="./pdfjs-worker.d.ts" />
// Evaluated before pdf.js: it captures the built-ins pdf.js replaces (see natives.ts).
import { restoreNatives } from './natives';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
// pdf.js in Node runs its "fake worker" in this thread. Loaded here, with the rest, so that its
// polyfills run now (and are undone below) rather than at the first document it opens.
import * as pdfjsWorker from 'pdfjs-dist/legacy/build/pdf.worker.mjs';

/**
 * pdf.js for the server: the legacy build (stack.md: the modern one needs Node 22), with the
 * process's built-ins put back after its polyfills replaced them. Import pdf.js from here
 * only (eslint no-restricted-imports): a module importing it directly would undo this.
 */
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = pdfjsWorker;
restoreNatives();

export const { getDocument } = pdfjs;
export type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
