import { readdirSync, readFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import type { Plugin } from 'vite'

/**
 * A bench script built the way the Electron main process ships (electron-vite: Vite bundles our
 * TypeScript into plain ES modules, the packages in node_modules stay external, no TypeScript loader
 * at run time), so a figure about the main process measures the code that runs there.
 */

const ROOT = new URL('../..', import.meta.url).pathname
const SIMULATOR_CDN = join(ROOT, 'src-main/core/simulator/feed/cdn.ts')
const SIMULATOR_ICONS = join(ROOT, 'src-main/core/simulator/feed/icons')

/** The simulated CDN reads ./icons beside its module: the folder goes beside the chunk that holds it (as electron.vite.config.ts does). */
function simulatorIcons(): Plugin {
  return {
    name: 'bench:simulator-icons',
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

/** Builds `entry` (a path from the project root) into `outDir` (emptied first); returns the built entry's path. */
export async function bundleForNode(entry: string, outDir: string): Promise<string> {
  const { build } = await import('vite')
  const name = posix.basename(entry).replace(/\.ts$/, '')
  await build({
    configFile: false,
    logLevel: 'warn',
    root: ROOT,
    plugins: [simulatorIcons()],
    build: {
      ssr: entry,
      outDir,
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      reportCompressedSize: false,
      rollupOptions: { output: { format: 'es', entryFileNames: '[name].mjs' } },
    },
  })
  return join(outDir, `${name}.mjs`)
}
