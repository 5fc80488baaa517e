import type { AuditEntryDto, DeskHandlers } from '../../../src-shared/contract.js'
import { AUDIT_PAGE_SIZE } from '../../../src-shared/vocabulary/audit.js'
import { toDeskError } from '../shared/errors.js'
import type { AuditEntry } from '../timeline/index.js'
import type { CoreContext } from './context.js'

type Data = Record<string, string | number | boolean | null>
type Picker = (input: never, output: never) => Data

/**
 * Which handled methods the audit log records, and the figures each keeps. Every field is picked by
 * name from what the operator sent or got back: no input is copied whole, so a password, key, token
 * or secret value can never reach the log (`safeData` drops any such key besides, as a second fence).
 */
const AUDITED: Record<string, Picker> = {
  'session.signIn': (i: { username: string; password?: string }) => ({ username: i.username, newPassword: i.password !== undefined }),
  'session.login': () => ({}),
  'session.logout': () => ({}),
  'coupons.place': (
    i: { pointers: string[]; amount: number; multi: boolean; mode: string; confirmed: boolean },
    o?: { outcome: string; coupons?: Array<{ couponCode: string }>; attemptId?: string; code?: string; errorCode?: number | null },
  ) => ({
    amount: i.amount,
    selections: i.pointers.length,
    multi: i.multi,
    mode: i.mode,
    confirmed: i.confirmed,
    result: o?.outcome ?? null,
    codes: o?.coupons?.map((c) => c.couponCode).join(' ') || null,
    attemptId: o?.attemptId ?? null,
    refusal: o?.code ?? null,
    errorCode: o?.errorCode ?? null,
  }),
  'coupons.resolvePlacement': (i: { attemptId: string; choose?: string[] }, o?: { outcome?: string }) => ({
    attemptId: i.attemptId,
    chosen: i.choose?.join(' ') ?? null,
    result: o?.outcome ?? null,
  }),
  'profiles.save': (i: { id?: string; name: string; environment: string }, o?: { id: string }) => ({
    profileId: o?.id ?? i.id ?? null,
    name: i.name,
    environment: i.environment,
    created: i.id === undefined,
  }),
  'profiles.remove': (i: { id: string }) => ({ profileId: i.id }),
  'profiles.select': (i: { id: string }, o?: { name: string }) => ({ profileId: i.id, name: o?.name ?? null }),
  // The kind of secret only ("password", "feedApiKey", "callbackSecret"): never its value.
  'profiles.setSecret': (i: { id: string; kind: string }) => ({ profileId: i.id, kind: i.kind }),
  'profiles.clearSecret': (i: { id: string; kind: string }) => ({ profileId: i.id, kind: i.kind }),
  'listener.start': (_i: unknown, o?: { url: string | null }) => ({ url: o?.url ?? null }),
  'listener.stop': () => ({}),
  'demo.settle': (i: { code: string; result: string }) => ({ code: i.code, result: i.result }),
  'demo.recalculate': (i: { code: string; result: string }) => ({ code: i.code, result: i.result }),
  'demo.advanceClock': (i: { ms: number }) => ({ ms: i.ms }),
  'demo.startMatch': (i: { gameId: number }, o?: { liveGameId: number }) => ({ gameId: i.gameId, liveGameId: o?.liveGameId ?? null }),
  'demo.finishMatch': (i: { gameId: number; score: [number, number] }) => ({ gameId: i.gameId, score: i.score.join(':') }),
  'demo.cancelMatch': (i: { gameId: number }) => ({ gameId: i.gameId }),
  'demo.moveOdds': (i: { pointer: string; rate: number }, o?: { from: number | null }) => ({ pointer: i.pointer, rate: i.rate, from: o?.from ?? null }),
  'demo.blockOutcome': (i: { pointer: string; blocked: boolean }) => ({ pointer: i.pointer, blocked: i.blocked }),
  'demo.failCallbacks': (i: { count: number }) => ({ count: i.count }),
  'demo.suppressCallback': (i: { code: string }) => ({ code: i.code }),
  'demo.dropNextPlacement': () => ({}),
  'demo.setBalance': (i: { balance: number; username?: string }, o?: { username: string }) => ({ balance: i.balance, username: o?.username ?? i.username ?? null }),
  'demo.revokeTokens': () => ({}),
}

const SENSITIVE = /pass(word|wd)?$|token|secret$|^secret|api[-_]?key|jwt|signature|authorization|cookie|credential|^value$/i

/** Only short scalar figures under harmless names; anything named like a secret is dropped (a boolean flag excepted). */
export function safeData(data: Record<string, unknown>): Data {
  const out: Data = {}
  for (const [key, value] of Object.entries(data)) {
    if (SENSITIVE.test(key) && typeof value !== 'boolean') continue
    if (value === null || typeof value === 'boolean' || typeof value === 'number') out[key] = value
    else if (typeof value === 'string') out[key] = value.slice(0, 300)
  }
  return out
}

export function auditToDto(entry: AuditEntry): AuditEntryDto {
  const raw = entry.data && typeof entry.data === 'object' && !Array.isArray(entry.data) ? (entry.data as Record<string, unknown>) : {}
  const { profile, outcome, ...rest } = raw
  return {
    id: entry.id,
    at: entry.at,
    actor: entry.actor,
    action: entry.action,
    profile: typeof profile === 'string' ? profile : null,
    outcome: outcome === 'ok' || outcome === 'failed' ? outcome : null,
    // Stored text that is not an object any more (a damaged row) is shown as it is.
    data: typeof entry.data === 'string' ? { text: entry.data } : safeData(rest),
  }
}

/** Records one action in the active profile's history; a log that cannot be written never fails the action. */
async function record(ctx: CoreContext, action: string, data: Data, outcome: 'ok' | 'failed' | null): Promise<AuditEntry | null> {
  try {
    const env = await ctx.env()
    return env.store().audit('operator', action, { profile: env.profile.name, ...(outcome ? { outcome } : {}), ...safeData(data) })
  } catch (error) {
    ctx.options.logger?.warn('audit entry not written', { action, code: toDeskError(error).code })
    return null
  }
}

/** Wraps the audited handlers: each call is recorded after it ends, with its outcome (a failure with its code). */
export function withAudit(ctx: CoreContext, handlers: DeskHandlers): DeskHandlers {
  const out = { ...handlers } as Record<string, Record<string, (input: unknown) => Promise<unknown>>>
  for (const [name, pick] of Object.entries(AUDITED)) {
    const [domain, method] = name.split('.') as [string, string]
    const fn = out[domain]?.[method]
    if (!fn) continue
    const p = pick as (input: unknown, output?: unknown) => Data
    out[domain] = {
      ...out[domain],
      [method]: async (input: unknown) => {
        let value: unknown
        try {
          value = await fn(input)
        } catch (error) {
          const e = toDeskError(error)
          await record(ctx, name, { ...p(input ?? {}, undefined), code: e.code }, 'failed')
          throw error
        }
        const data = p(input ?? {}, value)
        // A placement the service refused is a failed action, though the call itself answered.
        await record(ctx, name, data, data.result === 'rejected' ? 'failed' : 'ok')
        return value
      },
    }
  }
  return out as unknown as DeskHandlers
}

/** audit.*: the active profile's log, and the one action a window reports itself (an export). */
export function auditHandlers(ctx: CoreContext): Pick<DeskHandlers, 'audit'> {
  return {
    audit: {
      async query({ actions, from, to, text, limit, cursor }) {
        const store = (await ctx.env()).store()
        const page = store.auditPage({ actions, from, to, text, limit: limit ?? AUDIT_PAGE_SIZE, cursor: cursor ?? null })
        return { items: page.items.map(auditToDto), nextCursor: page.nextCursor }
      },
      async record({ action, what, rows, format }) {
        const env = await ctx.env()
        return auditToDto(env.store().audit('operator', action, { profile: env.profile.name, what, rows, format }))
      },
    },
  }
}
