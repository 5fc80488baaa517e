/**
 * The desk core: the composition root that implements the contract (`DeskHandlers`) over the core
 * modules. Electron IPC and the loopback web bridge validate inputs with the contract's zod schemas
 * and turn a thrown DeskError into `{ ok:false, code, message }`; handlers here return DTOs only.
 */
import type { DeskHandlers } from '../../../src-shared/contract.js'
import { createCoreContext } from './context.js'
import { accountHandlers } from './handlers-account.js'
import { auditHandlers, withAudit } from './audit.js'
import { couponHandlers } from './handlers-coupons.js'
import { demoHandlers } from './handlers-demo.js'
import { doctorHandlers } from './handlers-doctor.js'
import { feedHandlers } from './handlers-feed.js'
import { historyHandlers } from './handlers-history.js'
import { watchHandlers } from './handlers-watch.js'
import { watchlistHandlers } from './handlers-watchlist.js'
import type { DeskCore, DeskCoreOptions } from './types.js'

export type { DeskCore, DeskCoreOptions } from './types.js'
export { DEMO_CREDENTIALS } from './types.js'
export { timelineFile } from './environment.js'

export async function createDeskCore(options: DeskCoreOptions): Promise<DeskCore> {
  const ctx = createCoreContext(options)

  const handlers: DeskHandlers = withAudit(ctx, {
    ...accountHandlers(ctx),
    ...auditHandlers(ctx),
    ...couponHandlers(ctx),
    ...demoHandlers(ctx),
    ...doctorHandlers(ctx),
    ...feedHandlers(ctx),
    ...historyHandlers(ctx),
    ...watchHandlers(ctx),
    ...watchlistHandlers(ctx),
  })

  return {
    handlers,
    epoch: ctx.epoch,
    dispose: () => ctx.dispose(),
  }
}
