import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { DeskEvent } from '../src-shared/contract.js'
import { createDeskCore, type DeskCore } from '../src-main/core/desk/index.js'
import { openProfileStore, type ProfileService } from '../src-main/core/profiles/index.js'

/** A desk core as `npm run web` composes it, on a fresh data dir (the Demo profile, its simulator). */
export interface BenchDesk {
  core: DeskCore
  dataDir: string
  events: DeskEvent[]
  subscribe(listener: (event: DeskEvent) => void): () => void
  close(): Promise<void>
}

export interface OpenDeskOptions {
  /** false: events go to listeners only (a memory figure must not count the pushes it saw). */
  keepEvents?: boolean
  /** Runs on the stored profiles before the core opens, like a desk started with them saved earlier. */
  prepare?(profiles: ProfileService, dataDir: string): void
}

export async function openDesk(options: OpenDeskOptions = {}): Promise<BenchDesk> {
  const keep = options.keepEvents ?? true
  const dataDir = mkdtempSync(join(tmpdir(), 'desk-bench-core-'))
  const store = openProfileStore({ dataDir })
  options.prepare?.(store.profiles, dataDir)
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
