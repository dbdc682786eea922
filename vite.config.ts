import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The client lives in src/client with index.html at the project root; the Fastify server
// serves dist/client on the same port as the API, so the dev server only proxies the API.
export default defineConfig({
  plugins: [react()],
  root: '.',
  publicDir: false,
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
  },
  server: {
    port: 5173,
    proxy: {
      // API_TARGET lets a second server (another port) back the dev server
      '/exhibition': { target: process.env.API_TARGET ?? 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
});
