import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * A PNG or JPEG decoded to RGBA in a child process. @napi-rs/canvas decodes with Skia, in
 * native code: a damaged 159-byte JPEG (three bytes changed in a good one) crashed the whole
 * process with a segmentation fault (issue 9, page-images.fuzz.test.ts), so an upload could
 * take the server down. In a child of its own, a crash costs that child only and the image
 * is refused as unreadable.
 */

const CANVAS = pathToFileURL(createRequire(import.meta.url).resolve('@napi-rs/canvas')).href;

// The child: the image file on stdin; width and height (u32 LE) and the RGBA on stdout.
// Transparent pixels are paper.
const DECODER = `
import { createCanvas, loadImage } from ${JSON.stringify(CANVAS)};
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const image = await loadImage(Buffer.concat(chunks));
const canvas = createCanvas(image.width, image.height);
const context = canvas.getContext('2d');
context.fillStyle = '#ffffff';
context.fillRect(0, 0, image.width, image.height);
context.drawImage(image, 0, 0);
const { data } = context.getImageData(0, 0, image.width, image.height);
const size = Buffer.alloc(8);
size.writeUInt32LE(image.width, 0);
size.writeUInt32LE(image.height, 4);
process.stdout.write(size);
process.stdout.write(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
`;

export interface DecodedImage {
  width: number;
  height: number;
  rgba: Uint8ClampedArray;
}

/**
 * The pixels of an image whose header says it is width × height, or undefined when the child
 * fails, crashes, takes longer than timeLimitMs or answers another size.
 */
export function decodeImage(
  bytes: Buffer,
  expected: { width: number; height: number },
  timeLimitMs = 30_000,
): Promise<DecodedImage | undefined> {
  const length = 8 + expected.width * expected.height * 4;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', DECODER], {
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    const chunks: Buffer[] = [];
    let received = 0;
    const timer = setTimeout(() => child.kill('SIGKILL'), timeLimitMs);
    child.stdout.on('data', (chunk: Buffer) => {
      received += chunk.length;
      // More than the header promised: not this image; stop reading at once.
      if (received > length) child.kill('SIGKILL');
      else chunks.push(chunk);
    });
    child.stdin.on('error', () => undefined); // a child that died early stops reading
    child.on('error', () => resolve(undefined));
    child.on('close', (code) => {
      clearTimeout(timer);
      const out = Buffer.concat(chunks);
      if (code !== 0 || out.length !== length) return resolve(undefined);
      const width = out.readUInt32LE(0);
      const height = out.readUInt32LE(4);
      if (width !== expected.width || height !== expected.height) return resolve(undefined);
      const rgba = new Uint8ClampedArray(out.buffer, out.byteOffset + 8, length - 8);
      resolve({ width, height, rgba });
    });
    child.stdin.end(bytes);
  });
}
