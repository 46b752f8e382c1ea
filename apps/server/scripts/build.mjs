// `npm run build` (part of `npm start`): bundles the server and the workspace packages it
// imports (TypeScript sources) into one ES module, dist/main.js, that plain node starts in a
// fraction of the time tsx needs to transpile the tree on every start (bench/README.md).
// npm packages stay external: they are loaded from node_modules as usual.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@listina/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: [path.join(serverRoot, 'src/main.ts')],
  outfile: path.join(serverRoot, 'dist/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  plugins: [externalPackages],
  logLevel: 'warning',
});
console.log(`server bundled: ${path.join(serverRoot, 'dist/main.js')}`);
