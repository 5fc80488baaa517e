import type { ApplyResult, DeliveryMeta, SettlementBatch, TimelineStore } from '../timeline/index.js'

export interface GroupItem {
  batch: SettlementBatch
  meta: DeliveryMeta
}

export interface GroupCommit {
  /**
   * Resolves once the transaction holding this delivery committed (its sync done); rejects if that transaction failed.
   * `alone`: the caller knows no other delivery can join (a single open connection): with nothing queued
   * or in flight it is written now, without waiting for the end of the I/O phase.
   */
  submit(item: GroupItem, alone?: boolean): Promise<ApplyResult>
}

/** Deliveries per transaction: bounds how long one commit holds the event loop (a batch has at most 100 coupons). */
export const MAX_GROUP = 64

/** Groups whose sync may run at once (the disk merges concurrent syncs of one file into one journal commit). */
export const MAX_IN_FLIGHT = 2

type GroupStore = Pick<TimelineStore, 'applyBatch'> & Partial<Pick<TimelineStore, 'commitBatches'>>

/**
 * Group commit of valid deliveries: one group is written at a time (one transaction, then one sync);
 * deliveries read while it is in flight queue up and form the next group, which starts when it ends
 * (after the I/O phase, setImmediate, so everything read in that turn of the loop joins it). Each
 * caller learns its outcome only after its group's commit and sync: a 200 still means on disk. A
 * failing transaction stores nothing of its group and fails every delivery in it.
 */
export function createGroupCommit(store: GroupStore, maxGroup = MAX_GROUP, maxInFlight = MAX_IN_FLIGHT): GroupCommit {
  interface Pending {
    item: GroupItem
    resolve: (result: ApplyResult) => void
    reject: (error: unknown) => void
  }
  let queue: Pending[] = []
  let scheduled = false
  /** Groups written and not yet synced: at the bound, what arrives waits and forms the next group. */
  let inFlight = 0

  // A store without group commit (a test double) stores each delivery on its own.
  const commitAll = async (items: GroupItem[]): Promise<ApplyResult[]> =>
    store.commitBatches ? store.commitBatches(items) : items.map(({ batch, meta }) => store.applyBatch(batch, meta))

  function flush(): void {
    scheduled = false
    if (inFlight >= maxInFlight) return
    const group = queue.length <= maxGroup ? queue : queue.slice(0, maxGroup)
    queue = queue.length <= maxGroup ? [] : queue.slice(maxGroup)
    inFlight++
    commitAll(group.map((p) => p.item))
      .then(
        (results) => group.forEach((p, i) => p.resolve(results[i]!)),
        (error: unknown) => group.forEach((p) => p.reject(error)),
      )
      .finally(() => {
        inFlight--
        if (queue.length > 0) schedule()
      })
  }

  function schedule(): void {
    if (scheduled || inFlight >= maxInFlight) return
    scheduled = true
    setImmediate(flush)
  }

  /** A group of one, written at once: the same accounting as flush without a queue entry. */
  async function commitAlone(item: GroupItem): Promise<ApplyResult> {
    inFlight++
    try {
      const results = store.commitBatches ? await store.commitBatches([item]) : [store.applyBatch(item.batch, item.meta)]
      return results[0]!
    } finally {
      inFlight--
      if (queue.length > 0) schedule()
    }
  }

  return {
    submit(item, alone = false) {
      if (alone && !scheduled && inFlight === 0 && queue.length === 0) return commitAlone(item)
      return new Promise<ApplyResult>((resolve, reject) => {
        queue.push({ item, resolve, reject })
        schedule()
      })
    },
  }
}
