import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** What is injected into a window's page (page/*.js): names shared with the host side. */
export const PRELOAD_WORLD = 'electron-preload'
export const HOST_BINDING = '__electronStandinHost'
export const HOST_DELIVER = '__electronStandinHostDeliver'
export const IPC_BINDING = '__electronStandinIpc'
export const IPC_DELIVER = '__electronStandinIpcDeliver'
export const PREFIX = '__electron_standin_'

const pageDir = fileURLToPath(new URL('./page/', import.meta.url))
export const pageFile = (name: string) => readFileSync(join(pageDir, name), 'utf8')

/** One injected script: config, the shared bridge, the world's own part (and the preload). */
export function pageScript(config: Record<string, unknown>, body: string, preloadSource?: string): string {
  const run =
    preloadSource === undefined
      ? ''
      : // The built preload, unchanged, as the body of a CommonJS-style wrapper (as Electron runs it).
        `CONFIG.runPreload = function (require, process, module, exports, __filename, __dirname, global) {\n${preloadSource}\n};\n`
  return `(() => {\nconst CONFIG = ${JSON.stringify(config)};\n${run}${pageFile('bridge.js')}\n${body}\n})();\n`
}
