/** `desk doctor [--profile P] [--json] [--warn-days N] [--timeout MS]`: every check of the profile's environment. */
import type { Command } from 'commander'
import type { DoctorReportDto } from '../../../../src-shared/vocabulary/doctor.js'
import { runDoctor, saveDoctorReport, type DoctorTarget } from '../../desk/doctor/index.js'
import { KEY_EXPIRY_WARN_DAYS } from '../../feed/index.js'
import { act, parseNonNegativeInteger, type CommandDeps } from '../action.js'
import type { CliContext } from '../context.js'
import { addGlobalOptions } from '../context.js'
import { adviceText, CHECK_WORDS, checkLine, figureText } from '../doctor-words.js'
import { EXIT, type ExitCode } from '../exit-codes.js'
import { printJson } from '../output.js'

/** 4 for an authentication or account failure, else 3 for a transport one, else 1 for any warning or other failure, else 0. */
export function doctorExitCode(report: DoctorReportDto): ExitCode {
  const fails = report.checks.filter((c) => c.verdict === 'fail')
  if (fails.some((c) => c.failure === 'auth')) return EXIT.auth
  if (fails.some((c) => c.failure === 'transport')) return EXIT.transport
  return fails.length > 0 || report.checks.some((c) => c.verdict === 'warn') ? EXIT.business : EXIT.ok
}

/** The listener's address from the profile's settings: known once it has a port (the console keeps the one it was given). */
function configuredListenerUrl(ctx: CliContext): string | null {
  const { host, port, path } = ctx.profile().listener
  if (!port) return null
  const h = host || '127.0.0.1'
  return `http://${h.includes(':') ? `[${h}]` : h}:${port}${path || '/callbacks'}`
}

async function targetOf(ctx: CliContext, opts: Record<string, unknown>): Promise<DoctorTarget> {
  const resolved = ctx.client()
  const profile = resolved.profile
  const endpoints = await ctx.endpoints()
  let watchedSports: number[]
  try {
    watchedSports = ctx.store().profiles.watchlists.list(profile.id).map((p) => p.sportId)
  } catch {
    watchedSports = [] // an unnamed client has no watch list
  }
  return {
    profile,
    profileId: profile.id,
    profileName: profile.name,
    endpoints: { coupons: endpoints.coupons, feed: endpoints.feed },
    username: profile.username || (profile.environment === 'demo' ? 'demo' : ''),
    password: ctx.knownSecret('password'),
    feedApiKey: ctx.knownSecret('feedApiKey'),
    callbackSecret: ctx.knownSecret('callbackSecret'),
    listenerEnabled: profile.listener.enabled,
    listenerUrl: configuredListenerUrl(ctx),
    historyFile: ctx.history().file,
    dataDir: ctx.dataDir,
    warnDays: Number(opts.warnDays),
    watchedSports,
    checkTimeoutMs: Math.max(500, Number(opts.timeout)),
  }
}

export function registerDoctorCommand(program: Command, deps: CommandDeps): void {
  addGlobalOptions(program.command('doctor').description("check the profile's environment: services, credentials, feed key, clock, callback listener, storage"))
    .option('--warn-days <n>', 'warn when the feed key expires within this many days', parseNonNegativeInteger, KEY_EXPIRY_WARN_DAYS)
    .option('--timeout <ms>', 'time each check may take', parseNonNegativeInteger, 8000)
    .action(
      act(deps, async (ctx, _args, opts) => {
        const report = await runDoctor(await targetOf(ctx, opts))
        try {
          saveDoctorReport(ctx.dataDir, report)
        } catch (error) {
          ctx.io.stderr(`doctor: the report could not be kept: ${(error as Error).message}\n`)
        }
        if (ctx.json) {
          printJson(ctx.io, {
            profile: report.profileName,
            checks: report.checks.map((c) => ({ id: c.id, verdict: c.verdict, figure: figureText(c.figure, c.raw), advice: adviceText(c.advice) })),
          })
        } else {
          const width = Math.max(...report.checks.map((c) => CHECK_WORDS[c.id].length))
          ctx.io.stdout(`doctor: profile "${report.profileName}"\n${report.checks.map((c) => checkLine(c, width)).join('\n')}\n`)
        }
        return doctorExitCode(report)
      }),
    )
}
