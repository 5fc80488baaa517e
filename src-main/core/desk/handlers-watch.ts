import type { DeskHandlers } from '../../../src-shared/contract.js'
import { DeskError } from '../shared/errors.js'
import type { CoreContext } from './context.js'

/** watch.*: subscriptions owned by main (see shared/watch.ts); the sources are the active profile's. */
export function watchHandlers(ctx: CoreContext): Pick<DeskHandlers, 'watch'> {
  return {
    watch: {
      async subscribe({ subscriptionId, topic }) {
        // A profile switch between building the environment and subscribing: take the next one.
        for (let attempt = 0; ; attempt++) {
          await ctx.env()
          try {
            return ctx.watches.subscribe(subscriptionId, topic)
          } catch (error) {
            if (!(error instanceof DeskError) || error.code !== 'profile_changed' || attempt >= 2) throw error
          }
        }
      },
      async unsubscribe({ subscriptionId }) {
        return { removed: ctx.watches.unsubscribe(subscriptionId) }
      },
    },
  }
}
