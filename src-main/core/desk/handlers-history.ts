import type { DeskHandlers } from '../../../src-shared/contract.js'
import { DeskError } from '../shared/errors.js'
import type { TimelineKind } from '../timeline/index.js'
import type { CoreContext } from './context.js'
import { simControl } from './demo-sim.js'
import type { Environment } from './environment.js'
import { deliveryToDto, entryToDto } from './map-timeline.js'

/** demo.*, timeline.* and listener.* */
export function historyHandlers(ctx: CoreContext): Pick<DeskHandlers, 'demo' | 'timeline' | 'listener'> {
  const demoSim = async () => {
    const env = await ctx.env()
    if (env.kind !== 'demo' || !env.sim) throw new DeskError('not_demo', 'Only available in the Demo environment')
    return env.sim
  }
  const amountOf = (env: Environment) => (code: string) => env.store().coupon(code)?.amount ?? null

  return {
    demo: {
      async settle({ code, result }) {
        await simControl(await demoSim(), `/coupons/${encodeURIComponent(code)}/settle`, { result })
        return { ok: true }
      },
      async recalculate({ code, result }) {
        await simControl(await demoSim(), `/coupons/${encodeURIComponent(code)}/recalculate`, { result })
        return { ok: true }
      },
      async advanceClock({ ms }) {
        const sim = await demoSim()
        const answer = (await simControl(sim, '/clock/advance', { ms })) as { now?: unknown } | null
        return { now: typeof answer?.now === 'number' ? answer.now : sim.clock.now() }
      },
    },
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
