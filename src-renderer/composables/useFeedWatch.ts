/**
 * Keep one `feed.watch` alive for a reactive target while the component is mounted: re-watch when
 * the target changes, unwatch on change, on `null` and on unmount (also when the unmount happens
 * while the watch call is still in flight).
 */
import { getCurrentScope, onScopeDispose, watch } from 'vue'
import { useFeedStore, type WatchTarget } from '../stores/feed.js'

export function useFeedWatch(target: () => WatchTarget | null): void {
  const feed = useFeedStore()
  let current: string | null = null
  let generation = 0
  let disposed = false

  function release(): void {
    if (current) void feed.unwatch(current)
    current = null
  }
  async function subscribe(t: WatchTarget | null): Promise<void> {
    const gen = ++generation
    release()
    if (!t || disposed) return
    const id = await feed.watch(t)
    if (!id) return
    if (gen !== generation || disposed) {
      void feed.unwatch(id)
      return
    }
    current = id
  }

  watch(
    () => JSON.stringify(target()),
    () => void subscribe(target()),
    { immediate: true },
  )
  if (getCurrentScope())
    onScopeDispose(() => {
      disposed = true
      generation++
      release()
    })
}
