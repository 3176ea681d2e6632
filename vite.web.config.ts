import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = 'http://localhost:3000';

/** The buyer/seller web app: built into dist/web, which the API process serves. */
export default defineConfig({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  plugins: [react(), tailwindcss()],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    // .vite/manifest.json: which chunks and styles each page needs (load-tests/bundle/weigh.ts reads it).
    manifest: true,
    rolldownOptions: {
      output: {
        // React and the router change less often than the app and every page needs them: a chunk of their own caches
        // better. Every other library lands where the pages that use it are (issue 34: one "vendor" chunk of all the
        // libraries made the home page download every page's libraries).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, ws: true },
      '/uploads': { target: apiTarget },
    },
  },
});
