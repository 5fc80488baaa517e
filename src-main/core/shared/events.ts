import type { DeskEvent } from '../../../src-shared/contract.js'

/** Fan-out of pushed contract events to whoever shows them (Electron windows, bridge sockets). */
export interface EventHub {
  emit(event: DeskEvent): void
  subscribe(listener: (event: DeskEvent) => void): () => void
}

export function createEventHub(onListenerError?: (error: unknown) => void): EventHub {
  const listeners = new Set<(event: DeskEvent) => void>()
  return {
    emit(event) {
      for (const listener of listeners) {
        try {
          listener(event)
        } catch (error) {
          onListenerError?.(error)
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
