/**
 * The desk core: the composition root that implements the contract (`DeskHandlers`) over the core
 * modules. Electron IPC and the loopback web bridge validate inputs with the contract's zod schemas
 * and turn a thrown DeskError into `{ ok:false, code, message }`; handlers here return DTOs only.
 */
import type { DeskHandlers } from '../../../src-shared/contract.js'
import type { TimelineEntry } from '../timeline/types.js'
import { createCoreContext } from './context.js'
import type { Environment } from './environment.js'
import { accountHandlers } from './handlers-account.js'
import { couponHandlers } from './handlers-coupons.js'
import { feedHandlers } from './handlers-feed.js'
import { historyHandlers } from './handlers-history.js'
import { entryToDto } from './map-timeline.js'
import type { DeskCore, DeskCoreOptions } from './types.js'

export type { DeskCore, DeskCoreOptions } from './types.js'
export { DEMO_CREDENTIALS } from './types.js'
export { couponStatusLabel, COUPON_STATUS_LABELS } from './map-coupons.js'
export { timelineFile } from './environment.js'

/** Entry kinds after which the coupon's new state is fetched and pushed as `coupon.settled`. */
const SETTLING_KINDS: ReadonlySet<string> = new Set(['settled', 'resettled', 'discovered_by_polling', 'returned_for_recalculation', 'late_callback'])

export async function createDeskCore(options: DeskCoreOptions): Promise<DeskCore> {
  const onEntry = (entry: TimelineEntry, env: Environment) => {
    ctx.emit({ type: 'timeline.entry', entry: entryToDto(entry, (code) => env.store().coupon(code)?.amount ?? null) })
    // From the snapshot the callback carried; a read only when needed, batched (issue 8).
    if (entry.couponCode && SETTLING_KINDS.has(entry.kind)) env.settled(entry.couponCode)
  }
  const ctx = createCoreContext(options, onEntry)

  const handlers: DeskHandlers = {
    ...accountHandlers(ctx),
    ...couponHandlers(ctx),
    ...feedHandlers(ctx),
    ...historyHandlers(ctx),
  }

  return {
    handlers,
    dispose: () => ctx.dispose(),
  }
}
