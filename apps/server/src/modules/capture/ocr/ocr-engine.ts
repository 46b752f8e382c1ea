import { createReadStream } from 'node:fs';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import { CaptureError } from '../capture-error';

/**
 * The process's one Tesseract (tesseract.js 7, WebAssembly in a worker thread), kept warm
 * between pages: created on the first page, ended by close (the app's onClose). Pages are
 * recognised one after the other, each within its time limit; a page that overruns ends the
 * worker (a recognition cannot be interrupted), and the next page starts a fresh one.
 *
 * Offline by construction (stack.md): the Slovenian and English models come from the npm
 * packages @tesseract.js-data/slv and /eng, gzipped (gzip: true), through langPath, and
 * nothing is cached to disk (cacheMethod 'none'). tesseract.js 7 reads every language from
 * the one langPath (its Lang objects with data are broken: the data is used as the name), so
 * langPath is a temporary folder with a link to each package's file. A job that fails in the
 * worker reaches errorHandler instead of being thrown in the worker's message handler, where
 * it would end the process; a failing initialisation does end it, whatever the handler, so
 * the model files are checked before a worker is made.
 */

export interface OcrWord {
  text: string;
  /** Tesseract's confidence in the word, 0–100. */
  confidence: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface OcrEngine {
  /** The lines of words on the image (PGM, PNG …), or a CaptureError. */
  recognize(image: Buffer, timeoutMs: number): Promise<OcrWord[][]>;
  close(): Promise<void>;
}

export interface OcrEngineOptions {
  /** Languages in the order Tesseract tries them. */
  languages?: string[];
  /** The gzipped model of a language; the npm package's file unless given. */
  modelFile?: (language: string) => string;
}

const require = createRequire(import.meta.url);

const packageModel = (language: string) =>
  path.join(
    path.dirname(require.resolve(`@tesseract.js-data/${language}/package.json`)),
    '4.0.0_best_int',
    `${language}.traineddata.gz`,
  );

export function createOcrEngine(options: OcrEngineOptions = {}): OcrEngine {
  const languages = options.languages ?? ['slv', 'eng'];
  const modelFile = options.modelFile ?? packageModel;
  let worker: Promise<Worker> | undefined;
  let langPath: string | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  let isClosed = false;
  /** Rejects what waits on a worker when the engine is closed under it. */
  let abandon: (() => void) | undefined;

  async function start(): Promise<Worker> {
    langPath ??= await linkModels(languages, modelFile);
    const created = await createWorker(languages, OEM.LSTM_ONLY, {
      langPath,
      gzip: true,
      cacheMethod: 'none',
      errorHandler: () => {
        // The job's own promise is rejected as well, and handled where it is awaited.
      },
    });
    // Scans arrive without a resolution; 300 dpi is what pages are prepared at.
    await created.setParameters({ user_defined_dpi: '300' });
    return created;
  }

  async function end() {
    const current = worker;
    worker = undefined;
    if (current) await (await current.catch(() => undefined))?.terminate();
  }

  async function attempt(image: Buffer, timeoutMs: number): Promise<OcrWord[][]> {
    if (isClosed) throw new CaptureError('errors.capture.ocrFailed');
    worker ??= start();
    worker.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const stopped = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new CaptureError('errors.capture.timeout')), timeoutMs);
      abandon = () => reject(new CaptureError('errors.capture.ocrFailed'));
    });
    try {
      const job = worker.then((ready) => ready.recognize(image, {}, { blocks: true, text: false }));
      job.catch(() => undefined);
      const result = await Promise.race([job, stopped]);
      return linesOf(result.data);
    } catch (error) {
      // Busy with a page past its time, or broken: the next page gets a new worker.
      await end();
      if (error instanceof CaptureError) throw error;
      throw new CaptureError('errors.capture.ocrFailed');
    } finally {
      clearTimeout(timer);
      abandon = undefined;
    }
  }

  return {
    recognize(image, timeoutMs) {
      const run = queue.then(() => attempt(image, timeoutMs));
      queue = run.catch(() => undefined);
      return run;
    },
    async close() {
      isClosed = true;
      abandon?.();
      await end();
      if (langPath) await rm(langPath, { recursive: true, force: true });
      langPath = undefined;
    },
  };
}

/** A folder with each language's model under the name tesseract.js looks for. */
async function linkModels(
  languages: string[],
  modelFile: (language: string) => string,
): Promise<string> {
  const files = languages.map(modelFile);
  await Promise.all(files.map(checkModel));
  const folder = await mkdtemp(path.join(os.tmpdir(), 'listina-tessdata-'));
  for (const [i, language] of languages.entries()) {
    await symlink(files[i] ?? '', path.join(folder, `${language}.traineddata.gz`));
  }
  return folder;
}

/**
 * A missing or damaged model would fail the worker's initialisation, and with it the process:
 * the file must be whole gzip (its CRC checked by inflating it, once per process).
 */
async function checkModel(file: string): Promise<void> {
  const discard = new Writable({ write: (_chunk, _encoding, done) => done() });
  await pipeline(createReadStream(file), createGunzip(), discard).catch(() => {
    throw new CaptureError('errors.capture.ocrFailed');
  });
}

interface TesseractBlock {
  paragraphs: { lines: { words: { text: string; confidence: number; bbox: Box }[] }[] }[];
}
interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

function linesOf(page: { blocks: TesseractBlock[] | null }): OcrWord[][] {
  return (page.blocks ?? []).flatMap((block) =>
    block.paragraphs.flatMap((paragraph) =>
      paragraph.lines.map((line) =>
        line.words
          .filter((word) => word.text.trim() !== '')
          .map((word) => ({ text: word.text.trim(), confidence: word.confidence, ...word.bbox })),
      ),
    ),
  );
}
