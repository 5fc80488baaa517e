import { defineConfig } from 'electron-vite'
import vue from '@vitejs/plugin-vue'
import { resolve } from 'node:path'

// The Electron build: main (src-main/electron + the core it imports), the sandboxed preload, and
// the renderer. The web bridge (src-main/web) is never an entry here, so it never ships.
export default defineConfig({
  main: {
    build: {
      rollupOptions: { input: { index: resolve(__dirname, 'src-main/electron/app.ts') } },
    },
  },
  preload: {
    build: {
      // Sandboxed preloads cannot be ES modules: emit one self-contained CommonJS file.
      rollupOptions: {
        input: { index: resolve(__dirname, 'src-preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src-renderer'),
    resolve: { alias: { '@renderer': resolve(__dirname, 'src-renderer') } },
    plugins: [vue()],
    build: {
      rollupOptions: { input: { index: resolve(__dirname, 'src-renderer/index.html') } },
    },
  },
})
