/**
 * Interval polling with an overlap guard: a tick is skipped while the previous one is still running,
 * so a slow server never piles up requests. `createPoller` is framework-free (used by stores and
 * tests); `usePolling` ties one to a component's lifetime.
 */
import { onScopeDispose, getCurrentScope, ref, type Ref } from 'vue'

export interface Poller {
  /** Run once now unless a run is in flight; resolves true if it ran, false if it was skipped. */
  tick(): Promise<boolean>
  start(): void
  stop(): void
  setInterval(ms: number): void
  readonly running: Ref<boolean>
  readonly inFlight: Ref<boolean>
  readonly skipped: Ref<number>
}

export function createPoller(task: () => Promise<unknown>, intervalMs: number, onError?: (err: unknown) => void): Poller {
  const running = ref(false)
  const inFlight = ref(false)
  const skipped = ref(0)
  let interval = intervalMs
  let timer: ReturnType<typeof setInterval> | null = null

  async function tick(): Promise<boolean> {
    if (inFlight.value) {
      skipped.value++
      return false
    }
    inFlight.value = true
    try {
      await task()
    } catch (err) {
      onError?.(err)
    } finally {
      inFlight.value = false
    }
    return true
  }
  function arm(): void {
    if (timer) clearInterval(timer)
    timer = setInterval(() => void tick(), interval)
  }
  return {
    tick,
    start() {
      if (running.value) return
      running.value = true
      void tick()
      arm()
    },
    stop() {
      running.value = false
      if (timer) clearInterval(timer)
      timer = null
    },
    setInterval(ms: number) {
      interval = ms
      if (running.value) arm()
    },
    running,
    inFlight,
    skipped,
  }
}

export function usePolling(task: () => Promise<unknown>, intervalMs: number, onError?: (err: unknown) => void): Poller {
  const poller = createPoller(task, intervalMs, onError)
  if (getCurrentScope()) onScopeDispose(() => poller.stop())
  return poller
}
