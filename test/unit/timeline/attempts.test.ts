import { describe, expect, it } from 'vitest'
import Database from 'libsql'
import { join } from 'node:path'
import { createManualClock } from '../../../src-main/core/shared/clock.js'
import { MIGRATIONS } from '../../../src-main/core/timeline/db.js'
import { openTimelineStore } from '../../../src-main/core/timeline/store.js'
import { tempDir } from '../../integration/callbacks/helpers.js'

const attempt = (id: string) => ({
  id,
  request: { bets: ['line#1#2#3#0#1.5'], amount: 5, multi: false },
  startedAt: 1000,
  endedAt: 2000,
  errorCode: 'coupon_network',
  errorMessage: 'socket hang up',
  callbackUrl: null,
  currency: 'EUR',
})

describe('unknown placement attempts in the history store', () => {
  const tmp = tempDir('desk-attempts-')

  it('keeps attempts until settled, across reopen', () => {
    const file = join(tmp.dir, 'a.sqlite')
    const clock = createManualClock(5000)
    let store = openTimelineStore(file, { clock })
    store.attempts.save(attempt('a1'))
    store.attempts.save(attempt('a2'))
    store.attempts.save(attempt('a1')) // the same id twice is kept once
    store.close()
    store = openTimelineStore(file, { clock })
    expect(store.attempts.pending().map((a) => a.id)).toEqual(['a1', 'a2'])
    expect(store.attempts.get('a2')).toMatchObject({ request: { amount: 5, bets: ['line#1#2#3#0#1.5'] }, errorCode: 'coupon_network', currency: 'EUR', createdAt: 5000 })
    store.attempts.settle('a1', 'placed')
    expect(store.attempts.pending().map((a) => a.id)).toEqual(['a2'])
    expect(store.attempts.get('a1')).toBeNull()
    store.close()
  })

  it('upgrades a database made by the first schema without losing its history', () => {
    const file = join(tmp.dir, 'v1.sqlite')
    const raw = new Database(file)
    raw.exec(MIGRATIONS[0])
    raw.exec('PRAGMA user_version = 1')
    raw.prepare('INSERT INTO balance_samples (at, balance, source) VALUES (?, ?, ?)').run(1, 42, 'poll')
    raw.close()
    const store = openTimelineStore(file)
    expect(store.balances().map((b) => b.balance)).toEqual([42])
    store.attempts.save(attempt('after-upgrade'))
    expect(store.attempts.pending()).toHaveLength(1)
    store.close()
    tmp.cleanup()
  })
})
