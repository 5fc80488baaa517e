import { describe, expect, it } from 'vitest'
import { useAppStore } from '@renderer/stores/app.js'
import { outcomeKey, useBetslipStore, type Selection } from '@renderer/stores/betslip.js'
import { installFakeDesk } from './fake-desk.js'
import { freshPinia } from './mount.js'

/** A selection is an outcome, not a price: the same outcome at a moved price is never on the slip twice. */
const sel = (pointer: string, rate: number): Selection => ({ pointer, lineType: 'line', gameId: 1001, matchName: 'Home – Away', marketName: '1X2', outcomeName: 'X', rate })

describe('bet slip: selections keyed by outcome identity', () => {
  it('the key is the pointer without its odds, a player id kept', () => {
    expect(outcomeKey('line#1001#1#2#0#3.1')).toBe('line#1001#1#2#0')
    expect(outcomeKey('live#7#9#1#1.5#2.05#4411')).toBe('live#7#9#1#1.5#4411')
    expect(outcomeKey('line#1001#1#2#0#3.1')).not.toBe(outcomeKey('line#1001#1#2#1.5#3.1'))
  })

  it('adding the same outcome after a price move replaces it: one selection, one pointer placed, at the new price', async () => {
    const placed: unknown[] = []
    installFakeDesk({ 'coupons.place': (input) => (placed.push(input), { outcome: 'placed', coupons: [] }) })
    freshPinia()
    await useAppStore().load()
    const slip = useBetslipStore()
    slip.add(sel('line#1001#1#2#0#3.1', 3.1))
    slip.add(sel('line#1001#1#2#0#3.25', 3.25))
    expect(slip.selections).toHaveLength(1)
    expect(slip.pointers).toEqual(['line#1001#1#2#0#3.25'])
    expect(slip.totalOdds).toBe(3.25)
    expect(slip.has('line#1001#1#2#0#2.9')).toBe(true)
    slip.amount = 10
    await slip.place()
    expect(placed).toEqual([expect.objectContaining({ pointers: ['line#1001#1#2#0#3.25'] })])
  })

  it('a click on the moved price of a selected outcome takes it off the slip', () => {
    installFakeDesk({})
    freshPinia()
    const slip = useBetslipStore()
    slip.toggle(sel('line#1001#1#2#0#3.1', 3.1))
    slip.toggle(sel('line#1001#1#2#0#3.25', 3.25))
    expect(slip.selections).toEqual([])
  })
})
