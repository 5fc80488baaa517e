import type { DeskEvent, DeskHandlers, Epoch } from '../../../src-shared/contract.js'
import type { Clock } from '../shared/clock.js'
import type { Logger } from '../shared/log.js'
import type { ListPreview } from './list-head.js'
import type { ProfileService } from '../profiles/index.js'
import type { SecretVault } from '../vault/index.js'
import type { ApplyWorkerEntry } from '../timeline/index.js'

export interface DeskCoreOptions {
  /** App data folder; one timeline DB per profile at `<dataDir>/profiles/<id>/timeline.sqlite`. */
  dataDir: string
  profiles: ProfileService
  vault: SecretVault
  clock?: Clock
  /**
   * The clock the feed's reads are paced on (the vendor's minimum intervals, the failure backoff);
   * default `clock`. Only the web console's tests pass another: one they move forward, so a Prematch
   * match's 30 s between reads passes at once while the intervals still hold on that clock.
   */
  feedClock?: Clock
  /** When a match list goes to windows in two parts, its first rows then the whole (list-head.ts); default LIST_PREVIEW. */
  listPreview?: ListPreview
  emit: (event: DeskEvent) => void
  bridge: 'electron' | 'web'
  version: string
  logger?: Logger
  /** Balance poll period while signed in and subscribed (ms). Default 15000. */
  balancePollMs?: number
  /** Active coupons poll period while signed in and subscribed (ms). Default 15000. */
  activeCouponsPollMs?: number
  /** Demo simulator: real-time clock tick (ms) of the embedded simulator. Default 250. */
  demoClockTickMs?: number
  /** Reconciler (polling of calculated / open placed coupons) period while signed in (ms). Default 60000. */
  reconcileMs?: number
  /** Days before the feed key's expiry from which the console warns. Default 7. */
  keyWarnDays?: number
  /** Overview: each profile's balance and active coupons read every this long while watched (ms). Default 60000. */
  overviewPollMs?: number
  /** Overview: one profile's read gives up after this long (ms). Default 10000. */
  overviewTimeoutMs?: number
  /** Where the history's applying thread is (a bundle's built module); default the source when running from it. */
  historyApplyWorker?: ApplyWorkerEntry
}

export interface DeskCore {
  handlers: DeskHandlers
  /** The current profile epoch (the dispatcher stamps it on every result). */
  epoch(): Epoch
  dispose(): Promise<void>
}

export const DEMO_CREDENTIALS = { username: 'demo', password: 'demo', feedApiKey: 'demo-key', callbackSecret: 'demo-secret' } as const
