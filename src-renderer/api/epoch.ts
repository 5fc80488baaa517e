/**
 * The newest profile epoch this window has seen, and the one place that reacts when it changes.
 * State that belongs to a profile but is not a subscription (lookups, the detail drawer, the bet
 * slip...) is declared with `epochRef`: it goes back to its initial value when the epoch changes,
 * so no store needs its own `profile.changed` reset.
 */
import { ref, shallowRef, type Ref } from 'vue'
import type { Epoch } from '../../src-shared/contract.js'

const newest = shallowRef<Epoch | null>(null)
type Hook = (epoch: Epoch, previous: Epoch) => void
const hooks = new Set<Hook>()

/** The newest epoch seen (reactive), null before the first answer or event. */
export function currentEpoch(): Epoch | null {
  return newest.value
}

export function isStale(epoch: Epoch): boolean {
  return newest.value !== null && epoch < newest.value
}

/** Adopt an epoch if it is newer; hooks run (in registration order) only on a change after the first. */
export function adoptEpoch(epoch: Epoch): void {
  const previous = newest.value
  if (previous !== null && epoch <= previous) return
  newest.value = epoch
  if (previous === null) return
  for (const hook of [...hooks]) {
    try {
      hook(epoch, previous)
    } catch {
      /* one hook never stops the others */
    }
  }
}

export function onEpochChange(hook: Hook): () => void {
  hooks.add(hook)
  return () => hooks.delete(hook)
}

/** A ref reset to `initial()` whenever the profile epoch changes. */
export function epochRef<T>(initial: () => T): Ref<T> {
  const r = ref(initial()) as Ref<T>
  onEpochChange(() => {
    r.value = initial()
  })
  return r
}

/** Tests only: forget the epoch (a fresh window). Hooks of discarded stores stay harmless. */
export function resetEpochForTests(): void {
  newest.value = null
  hooks.clear()
}
