// `npm run dist [-- <electron-builder args, e.g. --linux --win --mac>]`: build with electron-vite,
// then package with electron-builder (electron-builder.yml). Installers are made from the Electron
// binaries for each target, which electron-builder downloads; where they cannot be downloaded this
// stops at once with one sentence instead of hanging on the download.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'

export const NEEDS_ELECTRON = 'Building the installers needs a machine that can download Electron.'

const version = JSON.parse(readFileSync(new URL('../node_modules/electron/package.json', import.meta.url), 'utf8')).version
const probeMs = Number(process.env.DIST_PROBE_TIMEOUT_MS ?? 8000)

/** @electron/get's cache folder (where a previous download would be). */
function cacheDir() {
  if (process.env.ELECTRON_CACHE) return process.env.ELECTRON_CACHE
  if (process.env.electron_config_cache) return process.env.electron_config_cache
  if (process.platform === 'darwin') return join(homedir(), 'Library/Caches/electron')
  if (process.platform === 'win32') return join(process.env.LOCALAPPDATA ?? join(homedir(), 'AppData/Local'), 'electron/Cache')
  return join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'electron')
}

function cachedZip() {
  const wanted = `electron-v${version}-${process.platform}-${process.arch}.zip`
  const dir = cacheDir()
  if (!existsSync(dir)) return null
  const walk = (folder, depth) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name)
      if (entry.isFile() && entry.name === wanted) return path
      if (entry.isDirectory() && depth < 2) {
        const found = walk(path, depth + 1)
        if (found) return found
      }
    }
    return null
  }
  return walk(dir, 0)
}

/** Can this machine reach the Electron release files (mirror-aware)? */
async function canDownload() {
  const mirror = process.env.ELECTRON_MIRROR ?? 'https://github.com/electron/electron/releases/download/'
  const dir = process.env.ELECTRON_CUSTOM_DIR ?? `v${version}`
  const url = `${mirror.endsWith('/') ? mirror : `${mirror}/`}${dir}/SHASUMS256.txt`
  try {
    const response = await fetch(url, { method: 'HEAD', redirect: 'follow', signal: AbortSignal.timeout(probeMs) })
    return response.ok ? { ok: true } : { ok: false, reason: `${url} answered ${response.status}` }
  } catch (error) {
    return { ok: false, reason: `${url}: ${error instanceof Error ? (error.cause?.code ?? error.message) : String(error)}` }
  }
}

const zip = cachedZip()
const reach = zip ? { ok: true } : await canDownload()
if (!reach.ok) {
  console.error(`npm run dist: ${NEEDS_ELECTRON} (Electron ${version}: ${reach.reason}; no cached electron-v${version}-${process.platform}-${process.arch}.zip in ${cacheDir()})`)
  process.exit(1)
}

const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
run('npx', ['electron-vite', 'build'])
run('npx', ['electron-builder', '--publish', 'never', ...process.argv.slice(2)])
