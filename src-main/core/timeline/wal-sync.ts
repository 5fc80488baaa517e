import { open } from 'node:fs/promises'

export interface WalSync {
  /** Resolves once everything written to the WAL before this call is on disk (one fdatasync may serve many callers). */
  sync(): Promise<void>
}

/**
 * Syncs a WAL file off the main thread (libuv pool), coalesced: while one sync runs, new callers share
 * the next one, which starts when it ends (a sync only covers what was written before it began).
 * The file is opened per sync so a WAL recreated by SQLite is never a stale descriptor; on Linux
 * fdatasync through any descriptor flushes the file.
 */
export function createWalSync(walFile: string): WalSync {
  let running: Promise<void> | null = null
  let next: Promise<void> | null = null

  async function once(): Promise<void> {
    let handle
    try {
      handle = await open(walFile, 'r+')
    } catch (error) {
      // No WAL: the last connection closed, which checkpointed it into the synced database and removed it.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
      throw error
    }
    try {
      await handle.datasync()
    } finally {
      await handle.close()
    }
  }

  function start(): Promise<void> {
    const done = once().finally(() => {
      running = null
    })
    running = done
    return done
  }

  return {
    sync() {
      if (!running) return start()
      if (!next) {
        next = running.catch(() => undefined).then(() => {
          next = null
          return start()
        })
      }
      return next
    },
  }
}
