import type { TimelineEntryDto } from '../../src-shared/contract.js'

/** A settlement entry of coupon 000000000001 as main sends it, numbered `id`; `over` changes fields. */
export const timelineEntry = (id: number, over: Partial<TimelineEntryDto> = {}): TimelineEntryDto => ({
  id,
  at: 1_000 + id,
  kind: 'settled',
  couponCode: '000000000001',
  status: 2,
  source: 'callback',
  detail: { amount: null, bets: null, settledBets: null, realWin: null },
  amountDelta: null,
  balances: { serviceDelta: null, partnerDelta: null, serviceTotal: null, partnerTotal: null, complete: true },
  ...over,
})
