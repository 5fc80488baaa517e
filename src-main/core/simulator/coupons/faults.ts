import type { SimReply } from '../http.js'

/**
 * Injected faults for client tests. A placement fault is consumed by the next placement that
 * COMMITS (a rejected placement leaves it armed); a read fault by the next N read requests.
 */
export type PlacementFault =
  | { kind: 'drop-after-commit' }
  | { kind: 'error-500-after-commit' }
  | { kind: 'timeout-after-commit'; ms: number }

export interface Faults {
  setPlacement(fault: PlacementFault | null): void
  setReadErrors(count: number): void
  clear(): void
  state(): { placement: PlacementFault | null; readErrors: number }
  /** true when this read request must answer 503. */
  takeRead(): boolean
  /** Applies (and consumes) a placement fault to the reply of a committed placement. */
  afterCommit(reply: SimReply, error500: () => SimReply): Promise<SimReply>
  stop(): void
}

export function createFaults(): Faults {
  let placement: PlacementFault | null = null
  let readErrors = 0
  const pending = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>()

  return {
    setPlacement(fault) {
      placement = fault
    },
    setReadErrors(count) {
      readErrors = Math.max(0, Math.floor(count))
    },
    clear() {
      placement = null
      readErrors = 0
    },
    state: () => ({ placement, readErrors }),
    takeRead() {
      if (readErrors <= 0) return false
      readErrors--
      return true
    },
    async afterCommit(reply, error500) {
      const fault = placement
      if (!fault) return reply
      placement = null
      if (fault.kind === 'drop-after-commit') return { status: 0, destroy: true }
      if (fault.kind === 'error-500-after-commit') return error500()
      // timeout-after-commit: the answer comes only after `ms` real milliseconds.
      await new Promise<void>((resolve) => {
        const entry = { timer: setTimeout(() => { pending.delete(entry); resolve() }, fault.ms), resolve }
        pending.add(entry)
      })
      return reply
    },
    stop() {
      for (const p of pending) {
        clearTimeout(p.timer)
        p.resolve()
      }
      pending.clear()
    },
  }
}
