import { crc32, deflateSync } from 'node:zlib';
import { randomFrom } from './demo-random';

/**
 * A small greyscale PNG of a signature on a line: the signed confirmation that a service was
 * done, which a clerk photographs and attaches to the invoice. Drawn pixel by pixel, as no
 * image library is a dependency.
 */
export function signaturePng(seed: string): Buffer {
  const width = 240;
  const height = 80;
  const stride = width + 1; // each row starts with its filter byte (0: none)
  const pixels = Buffer.alloc(stride * height, 255);
  for (let y = 0; y < height; y++) pixels[y * stride] = 0;
  const ink = (x: number, y: number, shade: number) => {
    const px = Math.round(x);
    const py = Math.round(y);
    if (px < 0 || px >= width || py < 0 || py >= height) return;
    const at = py * stride + 1 + px;
    pixels[at] = Math.min(pixels[at] ?? 255, shade);
  };
  for (let x = 16; x < width - 16; x++) ink(x, 66, 170);
  const random = randomFrom(seed);
  const loops = random.int(5, 9);
  const [a, b] = [random.next() * Math.PI, random.next() * Math.PI];
  const pen = (x: number, y: number) => {
    for (const [dx, dy] of [
      [0, 0],
      [1, 0],
      [0, 1],
    ] as const)
      ink(x + dx, y + dy, 30);
  };
  for (let t = 0; t <= 1; t += 0.0004) {
    // Loops of changing height, slanted to the right, drifting a little upwards.
    const height = 10 + 7 * Math.sin(3 * Math.PI * t + a);
    const y = 40 - height * Math.sin(2 * Math.PI * loops * t + b) - 6 * t;
    const x = 26 + 180 * t + 8 * Math.cos(2 * Math.PI * loops * t + a) + 0.35 * (40 - y);
    pen(x, y);
  }
  // The stroke underneath, back from the end to the start.
  for (let t = 0; t <= 1; t += 0.001) pen(210 - 170 * t, 56 + 5 * Math.sin(Math.PI * t));
  return png(width, height, pixels);
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const check = Buffer.alloc(4);
  check.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, check]);
}

function png(width: number, height: number, rows: Buffer): Buffer {
  const head = Buffer.alloc(13);
  head.writeUInt32BE(width, 0);
  head.writeUInt32BE(height, 4);
  head.writeUInt8(8, 8); // bit depth
  head.writeUInt8(0, 9); // greyscale; compression, filter and interlace 0
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', head),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
