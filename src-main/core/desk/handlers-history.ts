import type { DeskHandlers } from '../../../src-shared/contract.js'
import type { TimelineKind } from '../timeline/index.js'
import type { CoreContext } from './context.js'
import type { Environment } from './environment.js'
import { deliveryToDto, entryToDto } from './map-timeline.js'

/** timeline.* and listener.* */
export function historyHandlers(ctx: CoreContext): Pick<DeskHandlers, 'timeline' | 'listener'> {
  const amountOf = (env: Environment) => (code: string) => env.store().coupon(code)?.amount ?? null

  return {
    timeline: {
      /** Newest first; `nextCursor` pages back in time. */
      async query(input) {
        const env = await ctx.env()
        const store = env.store()
        const page = store.query({ ...input, kind: input.kind as TimelineKind | undefined, cursor: input.cursor ?? null, order: 'desc' })
        const items = page.items.map((e) => entryToDto(e, amountOf(env)))
        // Damaged rows are left out of the page but not hidden: the renderer says some entries are missing.
        if (!page.errors?.length) return { items, nextCursor: page.nextCursor }
        return { items, nextCursor: page.nextCursor, skipped: page.errors.map(({ table, id }) => ({ table, id })) }
      },
      async couponHistory({ code }) {
        const env = await ctx.env()
        return env.store().couponHistory(code).entries.map((e) => entryToDto(e, amountOf(env)))
      },
      async deliveries({ limit, cursor }) {
        const env = await ctx.env()
        const page = env.store().deliveries({ limit, cursor: cursor ?? null })
        return { items: page.items.map(deliveryToDto), nextCursor: page.nextCursor }
      },
    },
    listener: {
      status: async () => (await ctx.env()).listener.status(),
      start: async () => (await ctx.env()).listener.start(),
      stop: async () => (await ctx.env()).listener.stop(),
    },
  }
}
