import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt)$/;
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

/**
 * Writes a .gz and a .br copy beside every text file of dist/assets, compressed once at build
 * time at the highest levels, for the server to send as they are (@fastify/static
 * `preCompressed`, apps/server/src/plugins/web.ts). Only the hashed assets: their content never
 * changes under a name, so a copy cannot go stale; index.html is small and stays as it is.
 */
export function compressAssets(): Plugin {
  let outDir = '';
  let assetsDir = '';
  return {
    name: 'listina-compress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      assetsDir = `${config.build.assetsDir}/`;
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter(
        (name) => name.startsWith(assetsDir) && COMPRESSIBLE.test(name),
      );
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const content = await fs.readFile(file);
          if (content.length < MIN_BYTES) return;
          const [gz, br] = await Promise.all([
            gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
            brotli(content, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
          ]);
          await Promise.all([fs.writeFile(`${file}.gz`, gz), fs.writeFile(`${file}.br`, br)]);
        }),
      );
    },
  };
}
