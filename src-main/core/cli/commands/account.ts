/** `desk login` (checks the credentials, prints public session info only) and `desk balance`. */
import type { Command } from 'commander'
import { act, type CommandDeps } from '../action.js'
import { addGlobalOptions } from '../context.js'
import { formatTime, printJson, table } from '../output.js'

export function registerAccountCommands(program: Command, deps: CommandDeps): void {
  addGlobalOptions(program.command('login').description('sign in with the profile credentials (prints no token)')).action(
    act(deps, async (ctx) => {
      const client = await ctx.coupons()
      const info = await client.login()
      const endpoints = await ctx.endpoints()
      // Public session info only: never the token, at most its last 4 characters.
      const out = { profile: ctx.profile().name, username: info.username, loggedIn: info.loggedIn, expiresAt: info.expiresAt, tokenTail: info.tokenTail, couponBaseUrl: endpoints.coupons }
      if (ctx.json) printJson(ctx.io, out)
      else ctx.io.stdout(`${table(['profile', 'username', 'token expires', 'token tail', 'coupon service'], [[out.profile, out.username, formatTime(out.expiresAt, ctx.profile().timeZone), out.tokenTail, out.couponBaseUrl]])}\n`)
      return 0
    }),
  )

  addGlobalOptions(program.command('balance').description('client account balance (read-only)')).action(
    act(deps, async (ctx) => {
      const balance = await (await ctx.coupons()).balance()
      const out = { balance, at: Date.now() }
      if (ctx.json) printJson(ctx.io, out)
      else ctx.io.stdout(`balance ${balance} (at ${formatTime(out.at, ctx.profile().timeZone)})\n`)
      return 0
    }),
  )
}
