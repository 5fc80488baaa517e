import { getCurrentScope, onScopeDispose } from 'vue'
import type { DeskEventOf, DeskEventType } from '../../src-shared/contract.js'
import { onEvent } from '../api/desk.js'

/** Subscribe to a pushed desk event for the lifetime of the current component (or effect scope). */
export function useDeskEvent<T extends DeskEventType>(type: T, listener: (event: DeskEventOf<T>) => void): () => void {
  const off = onEvent(type, listener)
  if (getCurrentScope()) onScopeDispose(off)
  return off
}
