import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { DeskEvent } from '../src-shared/contract.js'
import { createDeskCore, type DeskCore } from '../src-main/core/desk/index.js'
import { openProfileStore } from '../src-main/core/profiles/index.js'

/** A desk core as `npm run web` composes it, on a fresh data dir (the Demo profile, its simulator). */
export interface BenchDesk {
  core: DeskCore
  dataDir: string
  events: DeskEvent[]
  subscribe(listener: (event: DeskEvent) => void): () => void
  close(): Promise<void>
}

/** `keepEvents: false`: events go to listeners only (a memory figure must not count the pushes it saw). */
export async function openDesk(options: { keepEvents?: boolean } = {}): Promise<BenchDesk> {
  const keep = options.keepEvents ?? true
  const dataDir = mkdtempSync(join(tmpdir(), 'desk-bench-core-'))
  const store = openProfileStore({ dataDir })
  const events: DeskEvent[] = []
  const listeners = new Set<(event: DeskEvent) => void>()
  const core = await createDeskCore({
    dataDir,
    profiles: store.profiles,
    vault: store.vault,
    bridge: 'web',
    version: 'bench',
    emit: (event) => {
      if (keep) events.push(event)
      for (const l of listeners) l(event)
    },
  })
  return {
    core,
    dataDir,
    events,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async close() {
      await core.dispose()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
