import { closeSync, fdatasync, fstatSync, openSync } from 'node:fs'

export interface WalSync {
  /** Resolves once everything written to the WAL before this call is on disk (one fdatasync may serve many callers). */
  sync(): Promise<void>
  close(): void
}

/**
 * Syncs a WAL file off the main thread (one hop to the libuv pool), coalesced: while one sync runs,
 * new callers share the next one, which starts when it ends (a sync only covers what was written
 * before it began). The descriptor is kept open and checked before each sync (a removed WAL leaves it unlinked),
 * so a WAL that SQLite removed and created anew is reopened, never synced through a stale descriptor.
 */
export type Datasync = (fd: number, callback: (error: NodeJS.ErrnoException | null) => void) => void

export function createWalSync(walFile: string, datasync: Datasync = fdatasync): WalSync {
  let running: Promise<void> | null = null
  let next: Promise<void> | null = null
  let fd: number | null = null
  let closed = false

  /**
   * The descriptor of the WAL as it is now; null when there is none (checkpointed into the synced
   * database and removed). One fstat per sync: a WAL SQLite removed leaves our descriptor unlinked
   * (no links), and whatever exists under the name then is opened anew.
   */
  function current(): number | null {
    if (fd !== null && fstatSync(fd).nlink > 0) return fd
    if (fd !== null) closeSync(fd)
    fd = null
    try {
      fd = openSync(walFile, 'r+')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw error
    }
    return fd
  }

  /** After close: a descriptor of its own for this one sync (a group committed just before the store closed). */
  function syncOnce(resolve: () => void, reject: (error: unknown) => void): void {
    let own: number
    try {
      own = openSync(walFile, 'r+')
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'ENOENT' ? resolve() : reject(error)
    }
    datasync(own, (error) => {
      closeSync(own)
      if (error) reject(error)
      else resolve()
    })
  }

  function once(): Promise<void> {
    return new Promise((resolve, reject) => {
      if (closed) return syncOnce(resolve, reject)
      let handle: number | null
      try {
        handle = current()
      } catch (error) {
        return reject(error)
      }
      if (handle === null) return resolve()
      datasync(handle, (error) => (error ? reject(error) : resolve()))
    })
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
    close() {
      closed = true
      const last = fd
      fd = null
      if (last === null) return
      // Never under a sync in flight: its descriptor number could be reused by another file meanwhile.
      if (running) void running.catch(() => undefined).then(() => closeSync(last))
      else closeSync(last)
    },
  }
}
