import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createDeskCore, type DeskCore } from '../../../src-main/core/desk/index.js'
import { createMemoryStorage, createProfileService, openProfileStore, WATCHLISTS_KEY, type PinInput } from '../../../src-main/core/profiles/index.js'
import { createSecretVault, createTestCipher } from '../../../src-main/core/vault/index.js'
import { createManualClock } from '../../../src-main/core/shared/clock.js'
import { createDispatcher } from '../../../src-main/core/shared/dispatch.js'
import { DeskError } from '../../../src-main/core/shared/errors.js'
import { MAX_PINS } from '../../../src-shared/vocabulary/limits.js'

const dirs: string[] = []
const cores: DeskCore[] = []
afterEach(async () => {
  for (const core of cores.splice(0)) await core.dispose()
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})
const temp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'desk-watchlist-'))
  dirs.push(dir)
  return dir
}

const pin = (gameId: number, over: Partial<PinInput> = {}): PinInput => ({
  lineType: 'line',
  gameId,
  sportId: 1,
  tournamentId: 88,
  opp1: `Home ${gameId}`,
  opp2: `Away ${gameId}`,
  startMs: 1_800_000_000_000,
  ...over,
})

const memoryService = () => {
  const storage = createMemoryStorage()
  const vault = createSecretVault({ cipher: createTestCipher(), storage: createMemoryStorage() })
  const clock = createManualClock(5_000)
  return { storage, clock, service: createProfileService({ storage, vault, clock, newId: () => 'other' }) }
}
const other = { name: 'Other', environment: 'demo' as const, couponBaseUrl: '', feedApiUrl: '', cdnUrl: '', username: 'demo2', language: 'en', legacyMode: false, timeZone: 'utc' as const, listener: { enabled: false, host: '127.0.0.1', port: 0, path: '/cb' } }

describe('watch list persistence (profiles domain)', () => {
  it('keeps pins per profile, in order, with when each was pinned', () => {
    const { service, clock } = memoryService()
    service.save(other)
    const lists = service.watchlists
    lists.pin('demo', pin(1))
    clock.advance(1_000)
    lists.pin('demo', pin(2, { lineType: 'live' }))
    lists.pin('other', pin(3))
    expect(lists.list('demo').map((p) => [p.lineType, p.gameId, p.pinnedAt])).toEqual([
      ['line', 1, 5_000],
      ['live', 2, 6_000],
    ])
    expect(lists.list('other').map((p) => p.gameId)).toEqual([3])
    // The same id under the other line type is another match; pinning one again only refreshes it.
    lists.pin('demo', pin(1, { opp1: 'Renamed' }))
    expect(lists.list('demo').map((p) => [p.gameId, p.opp1, p.pinnedAt])).toEqual([
      [1, 'Renamed', 5_000],
      [2, 'Home 2', 6_000],
    ])
    expect(lists.unpin('demo', { lineType: 'line', gameId: 1 }).map((p) => p.gameId)).toEqual([2])
    expect(lists.list('other').map((p) => p.gameId)).toEqual([3])
  })

  it('a followed pin takes the place and pinned time of the one it replaces, never listed twice', () => {
    const { service, clock } = memoryService()
    const lists = service.watchlists
    for (const id of [1, 2, 3]) lists.pin('demo', pin(id))
    lists.pin('demo', pin(900, { lineType: 'live' }))
    clock.advance(60_000)
    const after = lists.pin('demo', pin(900, { lineType: 'live', replaces: { lineType: 'line', gameId: 2 } }))
    expect(after.map((p) => `${p.lineType}:${p.gameId}@${p.pinnedAt}`)).toEqual(['line:1@5000', 'live:900@5000', 'line:3@5000'])
    const again = lists.pin('demo', pin(901, { lineType: 'live', replaces: { lineType: 'line', gameId: 3 } }))
    expect(again.map((p) => `${p.lineType}:${p.gameId}@${p.pinnedAt}`)).toEqual(['line:1@5000', 'live:900@5000', 'live:901@5000'])
  })

  it(`holds at most ${MAX_PINS} pins: the next is refused with a validation error, a pinned one can still be refreshed or followed`, () => {
    const { service } = memoryService()
    const lists = service.watchlists
    for (let id = 1; id <= MAX_PINS; id++) lists.pin('demo', pin(id))
    expect(() => lists.pin('demo', pin(MAX_PINS + 1))).toThrow(expect.objectContaining({ code: 'validation' }))
    expect(lists.list('demo')).toHaveLength(MAX_PINS)
    expect(lists.pin('demo', pin(5, { opp2: 'Fresh' }))[4]!.opp2).toBe('Fresh')
    expect(lists.pin('demo', pin(999, { lineType: 'live', replaces: { lineType: 'line', gameId: 7 } }))[6]!.gameId).toBe(999)
  })

  it('validates what it stores: wrong types, ids, extra fields and long names are refused; nothing is written', () => {
    const { service, storage } = memoryService()
    const bad: unknown[] = [
      { ...pin(1), gameId: 0 },
      { ...pin(1), gameId: '7' },
      { ...pin(1), gameId: 1.5 },
      { ...pin(1), lineType: 'prematch' },
      { ...pin(1), opp1: 'x'.repeat(201) },
      { ...pin(1), startMs: -1 },
      { ...pin(1), pinnedAt: 1 },
      { ...pin(1), replaces: { lineType: 'line', gameId: -3 } },
      null,
    ]
    for (const input of bad) {
      let thrown: unknown
      try {
        service.watchlists.pin('demo', input as PinInput)
      } catch (error) {
        thrown = error
      }
      expect(thrown, JSON.stringify(input)).toBeInstanceOf(DeskError)
      expect((thrown as DeskError).code).toBe('validation')
    }
    expect(() => service.watchlists.unpin('demo', { lineType: 'line', gameId: 'x' } as never)).toThrow(DeskError)
    expect(storage.get(WATCHLISTS_KEY)).toBeUndefined()
  })

  it('a damaged stored entry is left out; a removed profile takes its pins with it', () => {
    const { service, storage } = memoryService()
    service.save(other)
    storage.set(WATCHLISTS_KEY, { demo: [pin(1), { ...pin(2), pinnedAt: 3 }, { gameId: 'nope' }, { ...pin(1), pinnedAt: 9 }], other: [{ ...pin(4), pinnedAt: 1 }] })
    expect(service.watchlists.list('demo')).toEqual([{ ...pin(2), pinnedAt: 3 }, { ...pin(1), pinnedAt: 9 }])
    service.remove('other')
    expect(service.watchlists.list('other')).toEqual([])
    expect(Object.keys(storage.get(WATCHLISTS_KEY) as object)).toEqual(['demo'])
  })
})

describe('watch list over the contract (desk:watchlist:*)', () => {
  const start = (dataDir: string) => {
    const store = openProfileStore({ dataDir, cipher: createTestCipher() })
    return createDeskCore({ dataDir, profiles: store.profiles, vault: store.vault, bridge: 'web', version: 'test', emit: () => undefined }).then((core) => {
      cores.push(core)
      return { core, store, dispatch: createDispatcher(core.handlers, { epoch: core.epoch }) }
    })
  }

  it('validates the input at the boundary, keeps the active profile’s pins across a restart, another profile has its own', async () => {
    const dataDir = temp()
    const first = await start(dataDir)
    const refused = await first.dispatch('desk:watchlist:pin', { ...pin(1), gameId: -1 })
    expect(refused).toMatchObject({ ok: false, code: 'bad_input' })
    expect(await first.dispatch('desk:watchlist:pin', { ...pin(1), extra: true })).toMatchObject({ ok: false, code: 'bad_input' })
    expect(await first.dispatch('desk:watchlist:pin', pin(1))).toMatchObject({ ok: true, value: { max: MAX_PINS, pins: [expect.objectContaining({ gameId: 1 })] } })
    await first.dispatch('desk:watchlist:pin', pin(2, { lineType: 'live' }))

    const saved = await first.dispatch('desk:profiles:save', other)
    expect(saved.ok).toBe(true)
    const otherId = (saved as { value: { id: string } }).value.id
    await first.dispatch('desk:profiles:select', { id: otherId })
    expect(await first.dispatch('desk:watchlist:list', undefined)).toMatchObject({ ok: true, value: { pins: [] } })
    await first.dispatch('desk:watchlist:pin', pin(3))
    await first.dispatch('desk:profiles:select', { id: 'demo' })
    await first.core.dispose()
    cores.splice(0)
    // Stored with the profiles in the data directory (no secrets there).
    expect(JSON.parse(readFileSync(join(dataDir, 'profiles.json'), 'utf8'))[WATCHLISTS_KEY].demo).toHaveLength(2)

    const second = await start(dataDir)
    const list = await second.dispatch('desk:watchlist:list', undefined)
    expect(list).toMatchObject({ ok: true, value: { pins: [expect.objectContaining({ lineType: 'line', gameId: 1 }), expect.objectContaining({ lineType: 'live', gameId: 2 })] } })
    expect(await second.dispatch('desk:watchlist:unpin', { lineType: 'line', gameId: 1 })).toMatchObject({ ok: true, value: { pins: [expect.objectContaining({ gameId: 2 })] } })
    await second.dispatch('desk:profiles:select', { id: otherId })
    expect(await second.dispatch('desk:watchlist:list', undefined)).toMatchObject({ ok: true, value: { pins: [expect.objectContaining({ gameId: 3 })] } })
  })
})
