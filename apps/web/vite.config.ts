import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { compressAssets } from './compress-assets.ts';
import { stripRouteSummaries } from './strip-route-summaries.ts';

const API_TARGET = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [stripRouteSummaries(), react(), compressAssets()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Route pages are separate chunks (React.lazy); the big shared libraries get their own
    // long-cached chunks so a page change does not re-download them.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
            },
            // Only the MUI components the entry renders: the others go with the pages using them.
            { name: 'mui', test: /node_modules[\\/](@mui|@emotion)[\\/]/, tags: ['$initial'] },
            // The rest of what the entry loads, in one file. Left alone, rolldown splits it by
            // which pages share each module: several small files that compress worse.
            { name: 'boot', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': { target: API_TARGET, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: API_TARGET, changeOrigin: false } },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    globals: true,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
