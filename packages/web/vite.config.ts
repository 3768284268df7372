import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { pwaPlugin } from './pwaPlugin'
import { serviceTablePlugin } from './serviceTablePlugin'

const backend = 'http://localhost:3030'

// The dev server forwards the realtime API, the identity provider and the HTTP API to `npm start`'s server.
export default defineConfig({
  plugins: [react(), pwaPlugin(), serviceTablePlugin()],
  resolve: {
    alias: {
      // The SDK's service contracts need only TypeBox's builders in the browser, not AJV (see the shim).
      '@feathersjs/typebox': fileURLToPath(new URL('./src/lib/typeboxShim.ts', import.meta.url)),
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/socket.io': { target: backend, ws: true },
      '/realms': { target: backend },
      '/api': { target: backend },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // bench/web.bench.ts reads the manifest to measure the first load's JavaScript.
    manifest: true,
    chunkSizeWarningLimit: 800,
  },
})
