import { randomBytes } from 'node:crypto'
import { probeBody, signPayload, SIGNATURE_HEADER } from '../../callbacks/index.js'
import { DeskError, toDeskError } from '../../shared/errors.js'
import { scopeOf } from './network-scope.js'
import { fail, pass, skip, warn } from './outcome.js'
import type { CheckDef, DoctorProbes } from './types.js'

/** A settlement refused for its signature (present but wrong) within the window, after the last accepted one. */
const MISMATCH = new Set(['signature_mismatch', 'signature_malformed'])

async function post(probes: DoctorProbes, signed: boolean): Promise<{ status: number; probe: boolean }> {
  const url = probes.target.listenerUrl!
  const body = probeBody(randomBytes(12).toString('base64url'))
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (signed) headers[SIGNATURE_HEADER] = signPayload(probes.target.callbackSecret!, body)
  const timeout = probes.target.checkTimeoutMs ?? 8000
  let answer: Response
  try {
    answer = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(timeout) })
  } catch (error) {
    throw new DeskError('listener_failed', `no answer from ${url}: ${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message}`)
  }
  const text = await answer.text().catch(() => '')
  let probe: boolean
  try {
    probe = (JSON.parse(text) as { probe?: unknown }).probe === true
  } catch {
    probe = false
  }
  return { status: answer.status, probe }
}

const unreachable = (error: unknown) => {
  const e = toDeskError(error)
  return fail('transport', { kind: 'url', value: null }, 'startListener', e.message)
}

export const bound: CheckDef = {
  id: 'listener.bound',
  network: true,
  async run(probes) {
    const { listenerEnabled, listenerUrl } = probes.target
    if (!listenerEnabled) return warn({ kind: 'url', value: null, extra: { enabled: false } }, 'enableListener')
    if (!listenerUrl) return fail('transport', { kind: 'url', value: null, extra: { enabled: true } }, 'startListener')
    const figure = { kind: 'url', value: listenerUrl, extra: { enabled: true } }
    try {
      // Any answer on that address is a server bound there; the probes below prove it is ours, with our secret.
      await fetch(listenerUrl, { method: 'GET', signal: AbortSignal.timeout(probes.target.checkTimeoutMs ?? 8000) }).then((r) => r.body?.cancel())
      return pass(figure)
    } catch (error) {
      return { ...unreachable(error), figure }
    }
  },
}

export const signed: CheckDef = {
  id: 'listener.signed',
  needs: ['listener.bound'],
  network: true,
  async run(probes) {
    if (!probes.target.callbackSecret) return fail('other', { kind: 'secret', value: 'missing' }, 'storeCallbackSecret')
    try {
      const { status, probe } = await post(probes, true)
      if (status === 200 && probe) return pass({ kind: 'httpStatus', value: status })
      return fail('other', { kind: 'httpStatus', value: status }, status === 401 || status === 503 ? 'checkListenerSecret' : 'startListener')
    } catch (error) {
      return unreachable(error)
    }
  },
}

export const unsigned: CheckDef = {
  id: 'listener.unsigned',
  needs: ['listener.bound'],
  network: true,
  async run(probes) {
    try {
      const { status } = await post(probes, false)
      if (status === 401 || status === 503) return pass({ kind: 'httpStatus', value: status })
      return fail('other', { kind: 'httpStatus', value: status }, status >= 200 && status < 300 ? 'listenerAcceptsUnsigned' : 'startListener')
    } catch (error) {
      return unreachable(error)
    }
  },
}

/** Deliveries refused for their signature lately: the service signs with another secret than the one stored. */
export const secret: CheckDef = {
  id: 'listener.secret',
  needs: ['storage.history'],
  async run(probes) {
    const windowMs = probes.target.refusedWindowMs ?? 24 * 3600 * 1000
    const since = probes.now() - windowMs
    const rows = probes.store().deliveries({ limit: 200 }).items
    let count = 0
    for (const row of rows) {
      if (row.receivedAt < since) break
      if (row.verdict === 'valid' && row.answerStatus === 200) break // newest first: a later accepted one means the secrets agree now
      if (row.verdict === 'forged' && MISMATCH.has(row.note ?? '') && row.reverify?.outcome !== 'applied' && row.reverify?.outcome !== 'duplicate') count++
    }
    const figure = { kind: 'refusedDeliveries', value: count, unit: 'count' as const, extra: { hours: Math.round(windowMs / 3600_000) } }
    return count > 0 ? fail('other', figure, 'fixCallbackSecret') : pass(figure)
  },
}

export const reachable: CheckDef = {
  id: 'listener.reachable',
  needs: ['listener.bound'],
  async run(probes) {
    const url = probes.target.listenerUrl
    if (!url) return skip()
    const host = new URL(url).hostname
    const scope = scopeOf(host)
    const serviceScope = scopeOf(new URL(probes.target.endpoints.coupons).hostname)
    const figure = { kind: 'host', value: host, extra: { scope, serviceScope } }
    return scope !== 'public' && serviceScope === 'public' ? warn(figure, 'publicCallbackUrl') : pass(figure)
  },
}

/** Open coupons placed here whose callbacks go to another address than the listener's. */
export const callbackUrl: CheckDef = {
  id: 'coupons.callbackUrl',
  needs: ['storage.history'],
  async run(probes) {
    const here = probes.target.listenerUrl
    const stranded = probes.store().openCallbackUrls().reduce((n, r) => (r.url === here ? n : n + r.count), 0)
    const figure = { kind: 'strandedCoupons', value: stranded, unit: 'count' as const, extra: { url: here } }
    return stranded > 0 ? warn(figure, 'strandedCoupons') : pass(figure)
  },
}

export const LISTENER_CHECKS: CheckDef[] = [bound, signed, unsigned, secret, reachable, callbackUrl]
