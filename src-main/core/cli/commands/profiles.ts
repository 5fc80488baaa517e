/** `desk profiles` (list), `profiles add …`, `profiles use <name|id>`, `profiles remove <name|id>`. */
import { Command, Option } from 'commander'
import { DeskError } from '../../shared/errors.js'
import { act, parseNonNegativeInteger, type CommandDeps } from '../action.js'
import { addGlobalOptions, type CliContext } from '../context.js'
import { printJson, profilesTable } from '../output.js'

function listOutput(ctx: CliContext): number {
  const { activeId, profiles } = ctx.store().profiles.listDto()
  const rows = profiles.map((p) => ({ ...p, active: p.id === activeId }))
  if (ctx.json) printJson(ctx.io, rows)
  else ctx.io.stdout(`${profilesTable(rows)}\n`)
  return 0
}

function findOrFail(ctx: CliContext, nameOrId: string) {
  const found = ctx.store().profiles.find(nameOrId)
  if (!found) throw new DeskError('profile_not_found', `No profile named or with id "${nameOrId}"`)
  return found
}

export function registerProfilesCommands(program: Command, deps: CommandDeps): void {
  const profiles = addGlobalOptions(program.command('profiles').description('list and manage connection profiles'))

  addGlobalOptions(profiles.command('list', { isDefault: true }).description('list profiles (the active one is marked *)')).action(act(deps, async (ctx) => listOutput(ctx)))

  addGlobalOptions(
    profiles
      .command('add')
      .description('add a profile; secrets come from DESK_PASSWORD / DESK_FEED_KEY / DESK_CALLBACK_SECRET or a prompt')
      .requiredOption('--name <name>', 'profile name')
      .addOption(new Option('--environment <env>', 'environment').choices(['custom', 'demo']).default('custom'))
      .option('--language <code>', 'feed and coupon language', 'en')
      .addOption(new Option('--time-zone <zone>', 'how times are shown').choices(['utc', 'local']).default('utc'))
      .option('--listener', 'enable the callback listener')
      .option('--listener-host <host>', 'listener address', '127.0.0.1')
      .option('--listener-port <port>', 'listener port (0 = any)', parseNonNegativeInteger, 0)
      .option('--listener-path <path>', 'listener path', '/callbacks')
      .option('--use', 'make it the active profile'),
  ).action(
    act(deps, async (ctx, _args, o) => {
      const service = ctx.store().profiles
      const saved = service.save({
        name: String(o.name),
        environment: o.environment as 'custom' | 'demo',
        couponBaseUrl: String(o.couponUrl ?? ctx.io.env.DESK_COUPON_URL ?? ''),
        feedApiUrl: String(o.feedUrl ?? ctx.io.env.DESK_FEED_URL ?? ''),
        cdnUrl: String(o.cdnUrl ?? ctx.io.env.DESK_CDN_URL ?? ''),
        username: String(o.username ?? ctx.io.env.DESK_USERNAME ?? ''),
        language: String(o.language),
        legacyMode: o.legacy === true,
        timeZone: o.timeZone as 'utc' | 'local',
        listener: { enabled: o.listener === true, host: String(o.listenerHost), port: Number(o.listenerPort), path: String(o.listenerPath) },
      })
      const secrets = [
        ['password', 'DESK_PASSWORD', 'Password'],
        ['feedApiKey', 'DESK_FEED_KEY', 'Feed API key'],
        ['callbackSecret', 'DESK_CALLBACK_SECRET', 'Callback signing secret'],
      ] as const
      for (const [kind, envName, label] of secrets) {
        let value: string | null | undefined = ctx.io.env[envName]
        if (!value && saved.environment === 'custom') value = await ctx.io.promptSecret(`${label} for "${saved.name}" (empty = skip): `)
        if (value) service.setSecret(saved.id, kind, value)
      }
      if (o.use === true) service.select(saved.id)
      const dto = { ...service.toDto(service.get(saved.id)), active: service.activeId() === saved.id }
      if (ctx.json) printJson(ctx.io, dto)
      else ctx.io.stdout(`${profilesTable([dto])}\nprofile "${dto.name}" saved${dto.active ? ' and selected' : ''}\n`)
      return 0
    }),
  )

  addGlobalOptions(profiles.command('use').argument('<nameOrId>', 'profile name or id').description('make a profile the active one')).action(
    act(deps, async (ctx, [nameOrId]) => {
      const service = ctx.store().profiles
      const selected = service.select(findOrFail(ctx, nameOrId!).id)
      const dto = { ...service.toDto(selected), active: true }
      if (ctx.json) printJson(ctx.io, dto)
      else ctx.io.stdout(`active profile: ${dto.name} (${dto.id})\n`)
      return 0
    }),
  )

  addGlobalOptions(profiles.command('remove').argument('<nameOrId>', 'profile name or id').description('remove a profile and its stored secrets')).action(
    act(deps, async (ctx, [nameOrId]) => {
      const result = ctx.store().profiles.remove(findOrFail(ctx, nameOrId!).id)
      if (ctx.json) printJson(ctx.io, result)
      else ctx.io.stdout(`removed; active profile is now ${result.activeId}\n`)
      return 0
    }),
  )
}
