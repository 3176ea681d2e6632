import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = 'http://localhost:3000';

/** The react-admin console: built into dist/admin, which the API process serves under /admin. */
export default defineConfig({
  root: fileURLToPath(new URL('./src/admin', import.meta.url)),
  base: '/admin/',
  plugins: [react()],
  resolve: {
    // A polyfill every supported browser does without (see the shim's comment).
    alias: { 'object.entries': fileURLToPath(new URL('./src/admin/shims/object-entries.cjs', import.meta.url)) },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/admin', import.meta.url)),
    emptyOutDir: true,
    // .vite/manifest.json: which chunks each screen needs (load-tests/bundle/weigh.ts reads it).
    manifest: true,
    // react-admin and MUI make one ~1 MB bundle; an internal console does not need it split.
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5174,
    proxy: {
      '/api': { target: apiTarget },
    },
  },
});
