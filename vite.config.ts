import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** `npm run dev`'s server: the same PORT it reads (5000 unless set). */
const apiOrigin = `http://127.0.0.1:${process.env.PORT || 5000}`;

// The browser app: built into dist/web and served by the Fastify process; `npm run dev:web` proxies /api.
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      // wouter takes useSyncExternalStore from React's shim for React 17, which uses React's own when it exists (it
      // does since 18): take React's directly and leave the shim's fallback out of the first paint's script.
      { find: /^use-sync-external-store\/shim\/index\.js$/, replacement: fileURLToPath(new URL('src/web/lib/use-sync-external-store.ts', import.meta.url)) },
    ],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // Every browser the app supports preloads modules itself: the polyfill would only add to the first paint's script.
    // index.html announces the entry's own chunks; a lazy import announces none of its chunks' (ADR 20, amended
    // 2026-11-29): Vite's helper added a <link rel=modulepreload> to <head> for each, some 70 on a load of /vitals, and
    // on a slowed phone those insertions were the longest part of the tasks that render a screen. The browser finds a
    // chunk's imports as it reads the chunk. Stylesheets stay: the helper is what loads a lazy chunk's CSS at all.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css'))),
    },
    rollupOptions: {
      // Seven characters of hash, not eight: each lazy chunk's name is listed in the first paint's script (its preload
      // map), and a hash is the one part of a name gzip cannot shrink. Seven still tell one build's files apart (rolldown asks for 7 at 65 chunks and says so if a build ever needs more).
      output: { chunkFileNames: 'assets/[name]-[hash:7].js', entryFileNames: 'assets/[name]-[hash:7].js', assetFileNames: 'assets/[name]-[hash:7][extname]' },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': {
        target: apiOrigin,
        // The API answers only to its own host names (src/server/http/request-origin.ts): send it its own.
        changeOrigin: true,
        configure(proxy) {
          // A write from a page of this dev server carries Origin http://localhost:5173, another origin to the
          // API: it becomes the API's own. Any other Origin (another site's) goes on as it is, to be refused.
          proxy.on('proxyReq', (proxyRequest, request) => {
            if (request.headers.origin === `http://${request.headers.host}`) proxyRequest.setHeader('origin', apiOrigin);
          });
        },
      },
    },
  },
});
