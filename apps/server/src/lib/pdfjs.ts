// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- an ambient module declaration must reach every project that compiles this file (bench, e2e)
/// <reference path="./pdfjs-worker.d.ts" />
// Evaluated before pdf.js: it captures the built-ins pdf.js replaces (see natives.ts).
import { restoreNatives } from './natives';

/**
 * pdf.js for the server: the legacy build (stack.md: the modern one needs Node 22), with the
 * process's built-ins put back after its polyfills replaced them. Import pdf.js from here
 * only (eslint no-restricted-imports): a module importing it directly would undo this.
 *
 * Imported dynamically, not by `import … from`: the server's bundle (`npm run build`, esbuild,
 * npm packages external) hoists a static import of a package above all of its own code, so
 * pdf.js's polyfills ran before natives.ts captured anything, and the built-ins it then "put
 * back" were the polyfills (every JSON answer and body of `npm start` went through core-js).
 * pdf.js in Node runs its "fake worker" in this thread; it is loaded here, with the rest, so
 * that its polyfills run now (and are undone below) rather than at the first document it opens.
 */
const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
const pdfjsWorker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = pdfjsWorker;
restoreNatives();

export const { getDocument } = pdfjs;

/**
 * How the server opens a PDF it was given: no system fonts, no font faces, no eval, nothing
 * fetched, no XFA, errors only in the log (damaged files are expected and must not fill it).
 */
export const SAFE_PDFJS_OPTIONS = {
  useSystemFonts: false,
  disableFontFace: true,
  isEvalSupported: false,
  useWorkerFetch: false,
  enableXfa: false,
  verbosity: 0,
} as const;
export type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
