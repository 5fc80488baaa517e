import { toDeskError } from '../shared/errors.js'
import type { TimelineEntry } from './types.js'
import type { TimelineStoreOptions } from './store-api.js'

/** The store's subscribers (`onEntry`): told of every entry once it is stored. */
export interface EntryListeners {
  add(listener: (entry: TimelineEntry) => void): () => void
  emit(entries: TimelineEntry[]): void
  clear(): void
}

export function createEntryListeners(options: Pick<TimelineStoreOptions, 'logger' | 'onSubscriberError'>): EntryListeners {
  const listeners = new Set<(entry: TimelineEntry) => void>()
  return {
    add(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    emit(entries) {
      for (const entry of entries) {
        for (const listener of listeners) {
          try {
            listener(entry)
          } catch (error) {
            // A subscriber's failure must not undo or block storage, but it is never silent.
            const e = error instanceof Error ? error : toDeskError(error)
            options.logger?.error('timeline subscriber failed', { kind: entry.kind, couponCode: entry.couponCode, message: e.message })
            try {
              options.onSubscriberError?.(e, entry)
            } catch {
              // the reporter itself failed: the log line above is all that is left
            }
          }
        }
      }
    },
    clear: () => listeners.clear(),
  }
}
