import { defineConfig } from 'electron-vite'
import vue from '@vitejs/plugin-vue'
import { readdirSync, readFileSync } from 'node:fs'
import { join, posix, resolve } from 'node:path'
import type { Plugin } from 'vite'

const SIMULATOR_CDN = resolve(__dirname, 'src-main/core/simulator/feed/cdn.ts')
const SIMULATOR_ICONS = resolve(__dirname, 'src-main/core/simulator/feed/icons')

/** The simulated CDN reads ./icons beside its module: the folder goes beside the chunk that holds it. */
function simulatorIcons(): Plugin {
  return {
    name: 'partner-desk:simulator-icons',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.moduleIds.includes(SIMULATOR_CDN)) continue
        for (const file of readdirSync(SIMULATOR_ICONS)) {
          this.emitFile({ type: 'asset', fileName: posix.join(posix.dirname(chunk.fileName), 'icons', file), source: readFileSync(join(SIMULATOR_ICONS, file)) })
        }
      }
    },
  }
}

// The Electron build: main (src-main/electron + the core it imports), the sandboxed preload, and
// the renderer. The web bridge (src-main/web) is never an entry here, so it never ships.
export default defineConfig({
  main: {
    plugins: [simulatorIcons()],
    build: {
      // The history's applying thread is a module of its own, beside index.js (app.ts names it).
      rollupOptions: { input: { index: resolve(__dirname, 'src-main/electron/app.ts'), 'apply-worker': resolve(__dirname, 'src-main/core/timeline/apply-worker.ts') } },
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
