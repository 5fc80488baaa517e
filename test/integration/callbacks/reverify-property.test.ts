import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { join } from 'node:path'
import { createCallbackListener, type CallbackListener } from '../../../src-main/core/callbacks/listener.js'
import { reverifyKept } from '../../../src-main/core/callbacks/reverify.js'
import { openTimelineStore } from '../../../src-main/core/timeline/store.js'
import { batch, bet, coupon, deliver, tempDir } from './helpers.js'

const RIGHT = 'service-secret'
const WRONG = 'typed-wrong'

/** What the operator and the service do, in any order. */
type Op = { kind: 'deliver'; batch: number } | { kind: 'fix' } | { kind: 'break' } | { kind: 'reverify' } | { kind: 'race'; batch: number }

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 2 }).map((b): Op => ({ kind: 'deliver', batch: b })) },
  { weight: 1, arbitrary: fc.constant<Op>({ kind: 'fix' }) },
  { weight: 1, arbitrary: fc.constant<Op>({ kind: 'break' }) },
  { weight: 2, arbitrary: fc.constant<Op>({ kind: 'reverify' }) },
  // A re-verify running while the service resends: both in flight at once.
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 2 }).map((b): Op => ({ kind: 'race', batch: b })) },
)

describe('re-verify property (real HTTP)', () => {
  it('over any interleaving of wrong-secret deliveries, fixes, re-verifies and resends, each batch is credited exactly once', async () => {
    const dir = tempDir('desk-reverify-prop-')
    let run = 0
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), fc.array(fc.integer({ min: 1, max: 5000 }), { minLength: 3, maxLength: 3 }), async (ops, cents) => {
          run++
          const store = openTimelineStore(join(dir.dir, `run-${run}.sqlite`))
          const codes = [0, 1, 2].map((i) => `00000000${run}`.slice(-9) + `00${i}`)
          const wins = cents.map((c) => c / 100)
          // The service keeps each batch's bytes and sends them again unchanged.
          const bodies = codes.map((code, i) => JSON.stringify(batch(`prop-${run}-${i}`, [coupon(code, 2, [bet('1', 1)], { realWin: wins[i] })])))
          let secret = WRONG
          let listener: CallbackListener | null = null
          let url = ''
          const restart = async (next: string) => {
            await listener?.stop()
            secret = next
            listener = createCallbackListener({ port: 0, secret, store })
            ;({ url } = await listener.start())
          }
          const delivered = new Set<number>()
          try {
            await restart(WRONG)
            for (const o of ops) {
              if (o.kind === 'deliver') {
                const answer = await deliver(url, RIGHT, bodies[o.batch])
                expect(answer.status).toBe(secret === RIGHT ? 200 : 401)
                delivered.add(o.batch)
              } else if (o.kind === 'race') {
                const [, answer] = await Promise.all([reverifyKept(store, secret, { yieldEvery: 1 }), deliver(url, RIGHT, bodies[o.batch])])
                expect(answer.status).toBe(secret === RIGHT ? 200 : 401)
                delivered.add(o.batch)
              } else if (o.kind === 'fix') await restart(RIGHT)
              else if (o.kind === 'break') await restart(WRONG)
              else await reverifyKept(store, secret)
            }
            // In the end the operator fixes the secret and re-verifies; the service resends everything once more.
            await restart(RIGHT)
            await reverifyKept(store, secret)
            for (const b of delivered) expect((await deliver(url, RIGHT, bodies[b])).status).toBe(200)
            expect((await reverifyKept(store, secret)).checked).toBe(0)

            for (let i = 0; i < 3; i++) {
              const credit = store.ledger(codes[i]).rows.filter((r) => r.kind === 'credit')
              expect(credit.map((r) => r.service)).toEqual(delivered.has(i) ? [wins[i]] : [])
            }
            const applied = store.deliveries({ limit: 500 }).items.filter((d) => d.batchId !== null && !d.duplicate)
            expect(applied.map((d) => d.batchId).sort()).toEqual([...delivered].map((b) => `prop-${run}-${b}`).sort())
          } finally {
            await (listener as CallbackListener | null)?.stop()
            store.close()
          }
        }),
        { numRuns: 40 },
      )
    } finally {
      dir.cleanup()
    }
  }, 120_000)
})
