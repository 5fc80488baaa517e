import type { ListenerStateDto, TimelineEntryDto } from '../../../src-shared/contract.js'
import { LIVE, type WatchSource, type WatchSourceHooks } from '../shared/watch.js'
import type { RunningTotals, TimelineStore } from '../timeline/index.js'
import type { ConnectionMonitor } from './connection.js'
import type { ListenerControl } from './listener.js'
import { entryToDto, pageContext } from './map-timeline.js'

/** `timeline`: the newest `limit` entries as the snapshot, then every entry the store writes as a delta. */
export function openTimelineSource(store: TimelineStore, limit: number, hooks: WatchSourceHooks<'timeline'>): WatchSource<'timeline'> {
  const ctx = pageContext(store, [])
  // Each new entry's running totals follow from the previous one's: no pass over the whole history per entry.
  let last: { id: number; totals: RunningTotals } | undefined
  const off = store.onEntry((entry) => {
    const totals = store.runningTotals([entry.id], last).get(entry.id)
    if (totals) last = { id: entry.id, totals }
    const dto: TimelineEntryDto = entryToDto(entry, { ...ctx, totals: () => totals ?? null })
    hooks.delta({ entries: [dto] })
  })
  return {
    snapshot: () => {
      const items = store.query({ limit, order: 'desc', cursor: null }).items
      // One context for the page: its running totals in one pass, each coupon read once.
      const page = pageContext(store, items)
      return items.map((e) => entryToDto(e, page))
    },
    state: () => LIVE,
    close: off,
  }
}

/** `listener`: the callback listener's status and its indicator, pushed whole when either changes. */
export function openListenerSource(listener: ListenerControl, connection: ConnectionMonitor, hooks: WatchSourceHooks<'listener'>): WatchSource<'listener'> {
  const current = (): ListenerStateDto => ({ status: listener.status(), connection: connection.snapshot().listener })
  let last = JSON.stringify(current())
  const check = () => {
    const next = current()
    const json = JSON.stringify(next)
    if (json === last) return
    last = json
    hooks.delta(next)
  }
  const offConnection = connection.onChange((service) => {
    if (service === 'listener') check()
  })
  const offListener = listener.onChange(check)
  return {
    snapshot: current,
    state: () => LIVE,
    close() {
      offConnection()
      offListener()
    },
  }
}
