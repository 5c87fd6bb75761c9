import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';

// In development the API runs on its own port (npm run dev); the built app is served by it.
const api = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), precompress()],
  // The prerender's bundle (prerender-pages.ts) needs no copy of the public files.
  publicDir: isSsrBuild ? false : 'public',
  server: { proxy: { '/api': api, '/healthz': api } },
  build: {
    chunkSizeWarningLimit: 1500,
    // A screen's chunk brings its imports itself; Vite's helper would add a <link
    // rel=modulepreload> per import (dozens) at each lazy load, which cost a phone 100 ms of
    // main thread on the first page. The page's own preloads stay in index.html.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    rollupOptions: {
      output: {
        // Evaluated before any other chunk, so zod loads jitless (src/lib/zod-jitless.ts).
        manualChunks: (id) => (id.endsWith('/src/lib/zod-jitless.ts') ? 'zod-jitless' : undefined),
      },
    },
  },
}));
