import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never, and every other
 * GET outside /api answered with index.html (history-mode routing, spec §2). Assets go out as
 * the build compressed them (.br, .gz beside each, apps/web/compress-assets.ts) to a browser
 * that accepts it, else as they are.
 */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<boolean> {
  const index = path.join(webDist, 'index.html');
  if (!fs.existsSync(index)) return false;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(reply, filePath) {
      const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // Re-read when a rebuild replaced index.html, so a running server never points at old assets.
  let html = { mtimeMs: 0, body: Buffer.alloc(0) };
  const currentIndex = () => {
    const { mtimeMs } = fs.statSync(index);
    if (mtimeMs !== html.mtimeMs) html = { mtimeMs, body: fs.readFileSync(index) };
    return html.body;
  };
  app.get('/*', (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url === '/api') return reply.callNotFound();
    const file = path.join(webDist, path.normalize(url));
    if (file.startsWith(webDist + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return reply.sendFile(path.relative(webDist, file));
    }
    return reply.header('cache-control', 'no-cache').type('text/html').send(currentIndex());
  });
  return true;
}
