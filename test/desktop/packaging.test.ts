import { describe, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadBuilderConfig } from './builder-config.js'
import { REPO } from './launch.js'

// The packaging configuration as electron-builder itself reads and validates it. Building the
// installers needs the Electron binaries, so here `npm run dist` must stop at once and say so.
describe('packaging (electron-builder.yml)', () => {
  it('is valid for electron-builder and targets Linux, Windows and macOS', async () => {
    const { config, validate } = await loadBuilderConfig()
    await expect(validate()).resolves.toBeUndefined()
    expect(config.appId).toMatch(/^[a-z0-9.-]+$/)
    expect(config.linux.target).toEqual(expect.arrayContaining(['AppImage', 'deb']))
    expect(config.win.target).toEqual(['nsis'])
    expect(config.mac.target).toEqual(expect.arrayContaining(['dmg']))
    expect(config.mac.hardenedRuntime).toBe(true)
  })

  it('flips the Electron fuses', async () => {
    const { config } = await loadBuilderConfig()
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      // The renderer comes from app://desk: file:// pages need no extra privileges.
      grantFileProtocolExtraPrivileges: false,
    })
    // Integrity validation and only-from-ASAR mean nothing without an ASAR.
    expect(config.asar).not.toBe(false)
  })

  it('ships only the Electron build', async () => {
    const { config } = await loadBuilderConfig()
    const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { main: string }
    expect(pkg.main).toBe('./out/main/index.js')
    // electron-builder normalises `files` into file sets ({ filter: [...] }).
    const files = (config.files as Array<string | { filter: string[] }>).flatMap((f) => (typeof f === 'string' ? [f] : f.filter))
    expect(files).toEqual(expect.arrayContaining(['out/main/**', 'out/preload/**', 'out/renderer/**', 'package.json']))
    // Nothing from sources, tests or the loopback web bridge's build (dist-web).
    expect(files.filter((f) => !f.startsWith('!') && !/^(out\/(main|preload|renderer)\/\*\*|package\.json)$/.test(f))).toEqual([])
  })

  it('`npm run dist` fails at once, with the sentence, where Electron cannot be downloaded', async () => {
    // A port nobody listens on stands for a machine without access to Electron's releases.
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port: p } = server.address() as { port: number }
        server.close(() => resolve(p))
      })
    })
    const started = Date.now()
    const result = spawnSync(process.execPath, ['scripts/dist.mjs'], {
      cwd: REPO,
      encoding: 'utf8',
      timeout: 30_000,
      env: { ...process.env, ELECTRON_MIRROR: `http://127.0.0.1:${port}/`, ELECTRON_CACHE: mkdtempSync(join(tmpdir(), 'desk-electron-cache-')) },
    })
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('Building the installers needs a machine that can download Electron.')
    expect(Date.now() - started).toBeLessThan(15_000)
  })
})
