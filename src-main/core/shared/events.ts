import type { DeskEvent, DeskEventBody, Epoch } from '../../../src-shared/contract.js'

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

/** What core modules emit through: the event body only; the bus stamps the epoch. */
export type Emit = (body: DeskEventBody) => void

/**
 * One bus per profile environment, fixed to the epoch it was built under: a late emit of an
 * environment that was already replaced still carries its old epoch, so windows drop it.
 */
export interface EventBus {
  readonly epoch: Epoch
  emit: Emit
}

export function createEventBus(epoch: Epoch, sink: (event: DeskEvent) => void): EventBus {
  return {
    epoch,
    emit: (body) => sink({ ...body, epoch } as DeskEvent),
  }
}
