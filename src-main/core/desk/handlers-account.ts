import type { DeskHandlers } from '../../../src-shared/contract.js'
import type { CoreContext } from './context.js'
import { checkVariations } from './demo-sim.js'

/** app, profiles, session and balance. */
export function accountHandlers(ctx: CoreContext): Pick<DeskHandlers, 'app' | 'profiles' | 'session' | 'balance'> {
  const { profiles } = ctx.options
  /** Edits to the active profile rebuild its environment (new URLs, secrets, listener settings). */
  const afterEdit = async (id: string) => {
    if (profiles.activeId() === id) await ctx.activeChanged()
  }

  return {
    app: {
      async info() {
        const env = await ctx.env()
        return {
          version: ctx.options.version,
          epoch: ctx.epoch(),
          bridge: ctx.options.bridge,
          profileId: env.profile.id,
          profileName: env.profile.name,
          environment: env.kind,
          endpoints: { ...env.endpoints },
          connections: ctx.connection.snapshot(),
        }
      },
    },
    profiles: {
      list: async () => profiles.listDto(),
      async select({ id }) {
        const before = profiles.activeId()
        const profile = profiles.select(id)
        if (profile.id !== before) await ctx.activeChanged()
        return profiles.toDto(profile)
      },
      async save(input) {
        checkVariations(input.simVariations) // before anything is stored: a bad name would leave the Demo unable to start
        const profile = profiles.save(input)
        await afterEdit(profile.id)
        return profiles.toDto(profile)
      },
      async remove({ id }) {
        const before = profiles.activeId()
        const result = profiles.remove(id)
        if (result.activeId !== before) await ctx.activeChanged()
        return result
      },
      async setSecret({ id, kind, value }) {
        const profile = profiles.setSecret(id, kind, value)
        await afterEdit(id)
        return profiles.toDto(profile)
      },
      async clearSecret({ id, kind }) {
        const profile = profiles.clearSecret(id, kind)
        await afterEdit(id)
        return profiles.toDto(profile)
      },
      marketFavourites: async ({ id }) => ({ profileId: id, groupIds: profiles.marketFavourites(id) }),
      setMarketFavourite: async ({ id, groupId, favourite }) => ({ profileId: id, groupIds: profiles.setMarketFavourite(id, groupId, favourite) }),
    },
    session: {
      status: async () => (await ctx.env()).session.status(),
      async login() {
        const env = await ctx.env()
        return ctx.connection.track('coupons', () => env.session.login())
      },
      logout: async () => (await ctx.env()).session.logout(),
      async signIn({ username, password }) {
        const id = profiles.activeId()
        const { createdAt: _createdAt, ...stored } = profiles.get(id)
        let changed = false
        if (username !== stored.username) {
          profiles.save({ ...stored, listener: { ...stored.listener }, username })
          changed = true
        }
        // Stored like Settings stores it: in the vault, for the profile's coupon service only.
        if (password !== undefined) {
          profiles.setSecret(id, 'password', password)
          changed = true
        }
        // New credentials are a new session: the environment (token, balance, coupons) is rebuilt.
        if (changed) await ctx.activeChanged()
        const env = await ctx.env()
        return ctx.connection.track('coupons', () => env.session.login())
      },
    },
    balance: {
      async get() {
        const env = await ctx.env()
        const value = await env.session.authed(() => ctx.connection.track('coupons', () => env.coupons.balance()))
        return env.balance.observe(value)
      },
    },
  }
}
