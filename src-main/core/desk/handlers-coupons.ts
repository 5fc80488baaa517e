import { randomUUID } from 'node:crypto'
import type { DeskHandlers, PendingPlacementDto, PlacementDto, ResolutionDto } from '../../../src-preload/contract.js'
import type { Coupon, PlacementAttempt, PlacementRequest, ResolvedPlacement } from '../coupons/types.js'
import type { StoredAttempt } from '../timeline/attempts.js'
import { DeskError, toDeskError } from '../shared/errors.js'
import { isOutage } from './connection.js'
import type { CoreContext } from './context.js'
import type { Environment } from './environment.js'
import { couponToDto, placedToDto, rejectionToDto } from './map-coupons.js'

/** Pending unknown placements kept in memory; the oldest are dropped past this count. */
const MAX_ATTEMPTS = 200

/** Not found (new 471, legacy 561) becomes a plain `coupon_not_found`. */
function notFound(error: unknown): never {
  const desk = toDeskError(error)
  const errorCode = (desk.data as { errorCode?: unknown } | undefined)?.errorCode
  if (errorCode === 471 || errorCode === 561) throw new DeskError('coupon_not_found', 'Coupon not found', { status: desk.status })
  throw desk
}

export function couponHandlers(ctx: CoreContext): Pick<DeskHandlers, 'coupons'> {
  const read = async <T>(env: Environment, call: () => Promise<T>): Promise<T> =>
    env.session.authed(() => ctx.connection.track('coupons', call)).catch(notFound)

  /** Placed coupons go into the profile's timeline (`coupon_placed`); a store failure never hides a placement. */
  const record = (env: Environment, coupons: Coupon[], callbackUrl: string | undefined, currency: string | undefined) => {
    try {
      env.store().recordPlacement(coupons, { callbackUrl, currency })
    } catch (error) {
      ctx.options.logger?.error('could not record a placement in the timeline', { code: toDeskError(error).code, coupons: coupons.map((c) => c.code) })
    }
  }

  /** Unknown outcomes: in memory for this run, and durably in the profile's store for after a restart. */
  const remember = (env: Environment, attempt: PlacementAttempt, resolve: () => Promise<ResolvedPlacement>, callbackUrl?: string, currency?: string): string => {
    const attemptId = randomUUID()
    ctx.attempts.set(attemptId, { profileId: env.profile.id, resolve, callbackUrl, currency })
    while (ctx.attempts.size > MAX_ATTEMPTS) ctx.attempts.delete(ctx.attempts.keys().next().value as string)
    try {
      env.store().attempts.save({
        id: attemptId,
        request: { ...attempt.request },
        startedAt: attempt.startedAt,
        endedAt: attempt.endedAt,
        errorCode: attempt.error.code,
        errorMessage: attempt.error.message,
        callbackUrl: callbackUrl ?? null,
        currency: currency ?? null,
      })
    } catch (error) {
      ctx.options.logger?.error('could not keep an unknown placement durably', { code: toDeskError(error).code, attemptId })
    }
    return attemptId
  }

  /** An attempt of an earlier run, rebuilt from the store so the client can look for its coupon. */
  const revive = (env: Environment, stored: StoredAttempt) => {
    const attempt: PlacementAttempt = {
      request: stored.request as unknown as PlacementRequest,
      startedAt: stored.startedAt,
      endedAt: stored.endedAt,
      error: new DeskError(stored.errorCode, stored.errorMessage),
    }
    const pending = { profileId: env.profile.id, resolve: () => env.coupons.resolvePlacement(attempt), callbackUrl: stored.callbackUrl ?? undefined, currency: stored.currency ?? undefined }
    ctx.attempts.set(stored.id, pending)
    return pending
  }

  const settle = (env: Environment, attemptId: string, outcome: 'placed' | 'not_placed') => {
    ctx.attempts.delete(attemptId)
    try {
      env.store().attempts.settle(attemptId, outcome)
    } catch (error) {
      ctx.options.logger?.error('could not mark an unknown placement resolved', { code: toDeskError(error).code, attemptId })
    }
  }

  const unknownMessage = (reason: string) => `The service gave no clear answer (${reason}). Do not place again: resolve this attempt first.`

  return {
    coupons: {
      async place(input): Promise<PlacementDto> {
        const env = await ctx.env()
        if (env.kind !== 'demo' && !input.confirmed) {
          throw new DeskError('confirmation_required', 'This is a real environment: confirm the placement before it is sent')
        }
        const callbackUrl = env.listener.callbackUrl()
        const request: PlacementRequest = {
          bets: input.pointers,
          amount: input.amount,
          multi: input.multi,
          mode: input.mode,
          currency: input.currency,
          lang: env.lang,
          callbackUrl,
        }
        const result = await env.session.authed(() => env.coupons.place(request))
        if (result.outcome === 'placed') {
          ctx.connection.report('coupons', 'online')
          record(env, result.coupons, callbackUrl, input.currency)
          return placedToDto(result.coupons)
        }
        if (result.outcome === 'rejected') {
          env.session.noteError(result.error)
          return rejectionToDto(result.error)
        }
        if (isOutage(result.error)) ctx.connection.report('coupons', 'offline', result.error.message)
        const attemptId = remember(env, result.attempt, result.resolve, callbackUrl, input.currency)
        return { outcome: 'unknown', attemptId, message: unknownMessage(result.error.message) }
      },
      async resolvePlacement({ attemptId }): Promise<ResolutionDto> {
        const env = await ctx.env()
        let attempt = ctx.attempts.get(attemptId)
        if (!attempt) {
          const stored = env.store().attempts.get(attemptId)
          if (!stored) throw new DeskError('unknown_attempt', 'No unresolved placement with this id under this profile (it was resolved already)')
          attempt = revive(env, stored)
        }
        if (env.profile.id !== attempt.profileId) throw new DeskError('profile_changed', 'This placement was made under another profile; switch back to resolve it')
        const resolved = await attempt.resolve()
        if (resolved.outcome === 'placed') {
          settle(env, attemptId, 'placed')
          record(env, resolved.coupons, attempt.callbackUrl, attempt.currency)
          return placedToDto(resolved.coupons)
        }
        if (resolved.outcome === 'not_placed') {
          settle(env, attemptId, 'not_placed')
          return { outcome: 'not_placed' }
        }
        attempt.resolve = resolved.resolve
        return { outcome: 'unknown', message: resolved.reason }
      },
      async pendingPlacements(): Promise<PendingPlacementDto[]> {
        const env = await ctx.env()
        return env
          .store()
          .attempts.pending()
          .map((a) => ({
            attemptId: a.id,
            at: a.startedAt,
            pointers: Array.isArray(a.request.bets) ? a.request.bets.map(String) : [],
            amount: Number(a.request.amount),
            multi: a.request.multi === true,
            message: unknownMessage(a.errorMessage),
          }))
      },
      async get({ code }) {
        const env = await ctx.env()
        return couponToDto(await read(env, () => env.coupons.get(code)))
      },
      async active() {
        const env = await ctx.env()
        return (await read(env, () => env.coupons.active())).map(couponToDto)
      },
      async calculated({ minutes }) {
        const env = await ctx.env()
        return (await read(env, () => env.coupons.calculated(minutes))).map(couponToDto)
      },
      async resultsByIds({ codes }) {
        const env = await ctx.env()
        return (await read(env, () => env.coupons.resultsByIds(codes))).map(couponToDto)
      },
      async resultsByPeriod({ from, to }) {
        const env = await ctx.env()
        if (!(to > from)) throw new DeskError('validation', 'The period must end after it starts')
        return (await read(env, () => env.coupons.resultsByPeriod(from, to))).map(couponToDto)
      },
    },
  }
}
