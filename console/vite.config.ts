// The console's build: `npm run build` writes it to dist/console, which the server answers at `/`.
// `npm run console:dev` serves it with hot reload and hands /api and /sanctum to a server on API_ORIGIN.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress.js';

const apiOrigin = process.env.API_ORIGIN ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: '../dist/console',
    emptyOutDir: true,
    // The budget (docs/console.md) is checked on the bytes the server sends by test/console/bundle-budget.test.ts.
    chunkSizeWarningLimit: 600,
    sourcemap: true,
    // .vite/manifest.json: which chunks the first load needs (the budget test reads it).
    manifest: true,
  },
  server: {
    proxy: { '/api': apiOrigin, '/sanctum': apiOrigin },
  },
});
