/**
 * One OCR worker of the accuracy bench: a process with its own OCR engine (tesseract.js, as the
 * server's capture job has one), which reads the scans it is given with readMainFile and the
 * 'ocr' provider, the code the capture job runs. It starts its engine on a warm-up page, says
 * it is ready, reads its share on 'go', and answers with the readings, its time and its peak
 * resident memory.
 */
import { createLocalBlobStore } from '../../apps/server/src/plugins/storage/local-blob-store';
import { createOcrEngine } from '../../apps/server/src/modules/capture/ocr/ocr-engine';
import {
  readMainFile,
  type FoundFields,
} from '../../apps/server/src/modules/capture/read-main-file';

export interface WorkerFile {
  id: string;
  blob_id: string;
  mime: string;
}

export type ToWorker =
  { type: 'start'; root: string; warmUp: WorkerFile; files: WorkerFile[] } | { type: 'go' };

export type FromWorker =
  | { type: 'ready' }
  | {
      type: 'done';
      readings: { id: string; fields: FoundFields; error?: string }[];
      ms: number;
      maxRssMb: number;
    };

const send = (message: FromWorker) => process.send?.(message);
const ocr = createOcrEngine();
let job: Extract<ToWorker, { type: 'start' }> | undefined;

async function read(file: WorkerFile, root: string) {
  const blobs = createLocalBlobStore({ root });
  try {
    const reading = await readMainFile({ ...file, text: '' }, blobs, { provider: 'ocr', ocr });
    return { id: file.id, fields: reading.fields };
  } catch (error) {
    return { id: file.id, fields: {}, error: String(error) };
  }
}

process.on('message', (message: ToWorker) => {
  void (async () => {
    if (message.type === 'start') {
      job = message;
      await read(message.warmUp, message.root);
      send({ type: 'ready' });
      return;
    }
    if (!job) return;
    const started = performance.now();
    const readings = [];
    for (const file of job.files) readings.push(await read(file, job.root));
    const ms = performance.now() - started;
    await ocr.close();
    const maxRssMb = process.resourceUsage().maxRSS / 1024;
    send({ type: 'done', readings, ms, maxRssMb });
    process.disconnect();
  })();
});
