import type { DeskHandlers, TimelinePageDto } from '../../../src-shared/contract.js'
import { aggregatePnl, type TimelineKind } from '../timeline/index.js'
import { stakeRuleOf } from '../../../src-shared/vocabulary/stake.js'
import type { CoreContext } from './context.js'
import { deliveryToDto, entryToDto, pageContext } from './map-timeline.js'
import { deliveryDetail } from './deliveries.js'

/** timeline.* and listener.* */
export function historyHandlers(ctx: CoreContext): Pick<DeskHandlers, 'timeline' | 'listener'> {
  return {
    timeline: {
      /** Newest first; `nextCursor` pages back in time. */
      async query(input) {
        const env = await ctx.env()
        const store = env.store()
        const page = store.query({ ...input, kind: input.kind as TimelineKind | undefined, cursor: input.cursor ?? null, order: 'desc' })
        const entryCtx = pageContext(store, page.items)
        const items = page.items.map((e) => entryToDto(e, entryCtx))
        const out: TimelinePageDto = { items, nextCursor: page.nextCursor }
        // Damaged rows are left out of the page but not hidden: the renderer says some entries are missing.
        if (page.errors?.length) out.skipped = page.errors.map(({ table, id }) => ({ table, id }))
        // A first page with a coupon filter names the codes the history has nothing for (a typo, another profile).
        const codes = [...new Set([...(input.couponCode ? [input.couponCode] : []), ...(input.couponCodes ?? [])])]
        if (codes.length > 0 && !input.cursor) {
          const known = store.codesWithEntries(codes)
          const missing = codes.filter((c) => !known.has(c))
          if (missing.length > 0) out.missingCodes = missing
        }
        return out
      },
      async couponHistory({ code }) {
        const store = (await ctx.env()).store()
        const entries = store.couponHistory(code).entries
        const page = pageContext(store, entries)
        return entries.map((e) => entryToDto(e, page))
      },
      async checkBalance() {
        const env = await ctx.env()
        await env.reconcileNow()
        // A fresh read to compare with (it reaches the ledger check through the balance watcher).
        await env.session.authed(() => ctx.connection.track('coupons', () => env.coupons.balance())).then((b) => env.balance.observe(b))
        return env.ledger.recheck()
      },
      async deliveries({ limit, cursor }) {
        const env = await ctx.env()
        const store = env.store()
        const page = store.deliveries({ limit, cursor: cursor ?? null })
        return { items: page.items.map(deliveryToDto), nextCursor: page.nextCursor, kept: store.keptStats() }
      },
      async pnl({ from, to, timeZone }) {
        const env = await ctx.env()
        return aggregatePnl(env.store().settledCoupons({ from, to }), { timeZone, decimals: stakeRuleOf(env.profile).decimals })
      },
      async balanceHistory({ from, to }) {
        return (await ctx.env()).store().balanceHistory({ from, to })
      },
      delivery: async (ref) => deliveryDetail((await ctx.env()).store(), ref),
    },
    listener: {
      status: async () => (await ctx.env()).listener.status(),
      start: async () => (await ctx.env()).listener.start(),
      stop: async () => (await ctx.env()).listener.stop(),
      reverify: async () => (await ctx.env()).listener.reverify(),
    },
  }
}
