import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import type { DeskEvent, DeskEventType, DeskEventOf, WatchSubscribed, WatchTopic } from '../../../src-shared/contract.js'
import { createDeskCore, type DeskCore, type DeskCoreOptions } from '../../../src-main/core/desk/index.js'
import { createMemoryStorage, createProfileService, type ProfileService } from '../../../src-main/core/profiles/index.js'
import { createSecretVault, createTestCipher, type SecretVault } from '../../../src-main/core/vault/index.js'
import type { Redactor } from '../../../src-main/core/shared/redact.js'

export interface Harness {
  core: DeskCore
  profiles: ProfileService
  vault: SecretVault
  dataDir: string
  events: DeskEvent[]
  /** Every value a handler returned, for "no secret ever comes out" checks. */
  outputs: unknown[]
  /** Calls a handler like the bridge would, recording its output. */
  call<T>(fn: () => Promise<T>): Promise<T>
  /** Resolves with the first event (already seen or future) matching the predicate. */
  waitFor<T extends DeskEventType>(type: T, predicate?: (event: DeskEventOf<T>) => boolean, timeoutMs?: number): Promise<DeskEventOf<T>>
  /** Subscribes to a watch topic under a fresh subscription id. */
  subscribe(topic: WatchTopic): Promise<WatchSubscribed>
  close(): Promise<void>
}

/** `redactor`: where the vault registers the secrets it sees (default: the process-wide one). */
export async function createHarness(options: Partial<DeskCoreOptions> & { redactor?: Redactor } = {}): Promise<Harness> {
  const { redactor, ...extra } = options
  const dataDir = mkdtempSync(join(tmpdir(), 'desk-core-'))
  const vault = createSecretVault({ cipher: createTestCipher(), storage: createMemoryStorage(), redactor })
  const profiles = createProfileService({ storage: createMemoryStorage(), vault })
  const events: DeskEvent[] = []
  const waiters = new Set<(event: DeskEvent) => void>()
  const core = await createDeskCore({
    dataDir,
    profiles,
    vault,
    bridge: 'web',
    version: '9.9.9-test',
    emit: (event) => {
      events.push(event)
      for (const w of [...waiters]) w(event)
    },
    ...extra,
  })
  const outputs: unknown[] = []
  return {
    core,
    profiles,
    vault,
    dataDir,
    events,
    outputs,
    async call(fn) {
      const value = await fn()
      outputs.push(value)
      return value
    },
    waitFor(type, predicate = () => true, timeoutMs = 8000) {
      const match = (e: DeskEvent): e is DeskEventOf<typeof type> => e.type === type && predicate(e as DeskEventOf<typeof type>)
      const seen = events.find(match)
      if (seen) return Promise.resolve(seen)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`no ${type} event within ${timeoutMs} ms`))
        }, timeoutMs)
        const check = (e: DeskEvent) => {
          if (!match(e)) return
          clearTimeout(timer)
          waiters.delete(check)
          resolve(e)
        }
        waiters.add(check)
      })
    },
    subscribe(topic) {
      return core.handlers.watch.subscribe({ subscriptionId: `t-${randomUUID()}`, topic })
    },
    async close() {
      await core.dispose()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Resolves with the DeskError a call rejects with (fails the test when it resolves). */
export async function errorOf(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise
  } catch (error) {
    return error as { code: string; message: string }
  }
  throw new Error('expected the call to fail')
}

/** Handles that keep a Node process alive (timers, sockets, servers), by type. */
export function liveHandles(): string[] {
  return process.getActiveResourcesInfo().filter((t) => t === 'Timeout' || t === 'TCPSocketWrap' || t === 'TCPServerWrap' || t === 'Immediate')
}
