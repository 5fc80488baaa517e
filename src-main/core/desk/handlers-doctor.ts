import type { DeskHandlers } from '../../../src-shared/contract.js'
import { KEY_EXPIRY_WARN_DAYS } from '../feed/index.js'
import { DeskError } from '../shared/errors.js'
import type { CoreContext } from './context.js'
import { readLastDoctorReport, runDoctor, saveDoctorReport, type DoctorTarget } from './doctor/index.js'
import { timelineFile, type Environment } from './environment.js'
import { DEMO_CREDENTIALS } from './types.js'

/** The active profile as the doctor examines it: the environment's endpoints, the vault's secrets, the listener as it runs now. */
export function deskDoctorTarget(ctx: CoreContext, env: Environment): DoctorTarget {
  const { profiles } = ctx.options
  const profile = env.profile
  const demo = env.kind === 'demo'
  const secret = (kind: 'password' | 'feedApiKey' | 'callbackSecret') => profiles.secret(profile.id, kind) ?? (demo ? DEMO_CREDENTIALS[kind] : null)
  const listener = env.listener.status()
  return {
    profile,
    profileId: profile.id,
    profileName: profile.name,
    endpoints: { coupons: env.endpoints.coupons, feed: env.endpoints.feed },
    username: demo ? profile.username || DEMO_CREDENTIALS.username : profile.username,
    password: secret('password'),
    // Demo's feed client always uses the simulator's public key (environment.ts).
    feedApiKey: demo ? DEMO_CREDENTIALS.feedApiKey : secret('feedApiKey'),
    callbackSecret: secret('callbackSecret'),
    // Started by hand though off in the profile: coupons carry its URL all the same.
    listenerEnabled: profile.listener.enabled || listener.running,
    listenerUrl: listener.url,
    historyFile: timelineFile(ctx.options.dataDir, profile.id),
    dataDir: ctx.options.dataDir,
    warnDays: ctx.options.keyWarnDays ?? KEY_EXPIRY_WARN_DAYS,
    watchedSports: profiles.watchlists.list(profile.id).map((p) => p.sportId),
    store: env.store,
    clock: ctx.clock,
    // Demo: scenario advances move the simulated world's clock on purpose; only a planted offset is a fault.
    intendedClockShiftMs: env.sim ? env.sim.clock.now() - ctx.clock.now() : 0,
  }
}

/** doctor.*: the environment doctor for the active profile; its last report is kept per profile. */
export function doctorHandlers(ctx: CoreContext): Pick<DeskHandlers, 'doctor'> {
  let running: { profileId: string; promise: Promise<Awaited<ReturnType<typeof runDoctor>>> } | null = null
  return {
    doctor: {
      async run() {
        const env = await ctx.env()
        const epoch = ctx.epoch()
        // One run per profile at a time: a second click joins the run in progress.
        if (running?.profileId !== env.profile.id) {
          const entry = { profileId: env.profile.id, promise: runDoctor(deskDoctorTarget(ctx, env)) }
          running = entry
          void entry.promise.finally(() => {
            if (running === entry) running = null
          }).catch(() => undefined)
        }
        const report = await running.promise
        saveDoctorReport(ctx.options.dataDir, report)
        if (ctx.epoch() !== epoch) throw new DeskError('profile_changed', 'The active profile changed during the check')
        return report
      },
      async last() {
        return readLastDoctorReport(ctx.options.dataDir, ctx.options.profiles.activeId())
      },
    },
  }
}
