import { defineConfig } from 'vite'
import { fileURLToPath } from 'node:url'

// The browser's stand-in for the preload (`window.desk` over the loopback bridge's WebSocket), built
// on its own. The page itself is the desktop build's renderer (out/renderer): the bridge serves it
// with this script loaded first, so the browser runs exactly what the app ships.
export default defineConfig({
  build: {
    outDir: fileURLToPath(new URL('./dist-web', import.meta.url)),
    emptyOutDir: true,
    lib: {
      entry: fileURLToPath(new URL('./src-main/web/shim/desk-shim.ts', import.meta.url)),
      formats: ['es'],
      fileName: () => 'desk-shim.js',
    },
  },
})
