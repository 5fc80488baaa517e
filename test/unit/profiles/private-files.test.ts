import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createDeskCore } from '../../../src-main/core/desk/index.js'
import { createMemoryStorage, createProfileService, ensurePrivateDatabase, openProfileStore } from '../../../src-main/core/profiles/index.js'
import { createSecretVault, createTestCipher } from '../../../src-main/core/vault/index.js'
import { timelineFile } from '../../../src-main/core/desk/environment.js'
import { openTimelineStore } from '../../../src-main/core/timeline/store.js'

// Item: stores, history databases and profile folders are this user's only (0700 / 0600), on
// every path that creates them, also when an older version left them wider (umask 022 = 0755/0644).
const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8)
const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})
const temp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'desk-modes-'))
  dirs.push(dir)
  return dir
}

describe.skipIf(process.platform === 'win32')('private file modes', () => {
  it('every history database is private whoever opens it (desk listen, place, timeline open it directly)', () => {
    const file = join(temp(), 'cb', 'timeline.sqlite')
    const store = openTimelineStore(file)
    try {
      store.recordRejected({ receivedAt: 1, verdict: 'forged', rawSize: 1, answerStatus: 401, note: 'signature_mismatch' })
      expect(modeOf(join(file, '..'))).toBe('700')
      expect(modeOf(file)).toBe('600')
      expect(modeOf(`${file}-wal`)).toBe('600')
    } finally {
      store.close()
    }
  })

  it('the desk opens a profile history database 0600 in 0700 folders, its WAL and SHM too', async () => {
    const dataDir = temp()
    chmodSync(dataDir, 0o755)
    const vault = createSecretVault({ cipher: createTestCipher(), storage: createMemoryStorage() })
    const profiles = createProfileService({ storage: createMemoryStorage(), vault })
    const desk = await createDeskCore({ dataDir, profiles, vault, bridge: 'web', version: 'test', emit: () => undefined })
    try {
      await desk.handlers.timeline.query({})
      const file = timelineFile(dataDir, profiles.activeId())
      expect({ dataDir: modeOf(dataDir), profiles: modeOf(join(dataDir, 'profiles')), profile: modeOf(join(file, '..')), db: modeOf(file) }).toEqual({
        dataDir: '700',
        profiles: '700',
        profile: '700',
        db: '600',
      })
      for (const side of ['-wal', '-shm']) expect(modeOf(file + side)).toBe('600')
    } finally {
      await desk.dispose()
    }
  })

  it('tightens an existing database, its WAL and its folders left 0644/0755 by an older version', () => {
    const root = temp()
    const file = join(root, 'profiles', 'p1', 'timeline.sqlite')
    mkdirSync(join(root, 'profiles', 'p1'), { recursive: true, mode: 0o755 })
    chmodSync(join(root, 'profiles'), 0o755)
    chmodSync(join(root, 'profiles', 'p1'), 0o755)
    for (const f of [file, file + '-wal']) writeFileSync(f, '', { mode: 0o644 })
    ensurePrivateDatabase(file, root)
    expect([modeOf(join(root, 'profiles')), modeOf(join(root, 'profiles', 'p1')), modeOf(file), modeOf(file + '-wal')]).toEqual(['700', '700', '600', '600'])
  })

  it('the Node profile store (CLI, web bridge) tightens its folder and store files', () => {
    const dataDir = temp()
    chmodSync(dataDir, 0o755)
    writeFileSync(join(dataDir, 'profiles.json'), '{}', { mode: 0o644 })
    const store = openProfileStore({ dataDir })
    store.profiles.list()
    store.vault.set('demo', 'password', 'x')
    expect([modeOf(dataDir), modeOf(join(dataDir, 'profiles.json')), modeOf(join(dataDir, 'vault.json')), modeOf(join(dataDir, 'vault.key'))]).toEqual(['700', '600', '600', '600'])
  })
})
