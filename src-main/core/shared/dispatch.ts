import type { z } from 'zod'
import { inputs, type DeskHandlers, type Result } from '../../../src-shared/contract.js'
import { DeskError } from './errors.js'

/**
 * The transport-independent half of every contract call, shared by Electron IPC and the web bridge:
 * channel → known (domain, method), payload → zod-validated input, handler → `Result`.
 * Nothing thrown escapes: DeskErrors become `{ ok:false, code, message }`, anything else a generic
 * `internal` error whose detail goes to the log only (it may hold data the renderer must not see).
 */
export type Dispatch = (channel: string, payload: unknown) => Promise<Result<unknown>>

export interface DispatcherOptions {
  onInternalError?: (channel: string, error: unknown) => void
}

const CHANNEL = /^desk:([a-z]+):([A-Za-z]+)$/

export function parseChannel(channel: string): { domain: keyof typeof inputs; method: string } | undefined {
  const match = CHANNEL.exec(channel)
  if (!match) return undefined
  const [, domain, method] = match
  if (!Object.hasOwn(inputs, domain)) return undefined
  const schemas = inputs[domain as keyof typeof inputs] as Record<string, z.ZodType>
  if (!Object.hasOwn(schemas, method)) return undefined
  return { domain: domain as keyof typeof inputs, method }
}

export function createDispatcher(handlers: DeskHandlers, options: DispatcherOptions = {}): Dispatch {
  return async (channel, payload) => {
    const target = parseChannel(channel)
    if (!target) return { ok: false, code: 'unknown_channel', message: `Unknown channel ${JSON.stringify(channel).slice(0, 80)}` }
    const schema = (inputs[target.domain] as Record<string, z.ZodType>)[target.method]
    const parsed = schema.safeParse(payload ?? undefined)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const where = issue?.path.length ? ` at ${issue.path.join('.')}` : ''
      return { ok: false, code: 'bad_input', message: `Invalid input for ${channel}${where}: ${issue?.message ?? 'invalid'}` }
    }
    const domainHandlers = handlers[target.domain] as Record<string, (input: unknown) => Promise<unknown>>
    try {
      const value = await domainHandlers[target.method](parsed.data)
      return { ok: true, value }
    } catch (error) {
      if (error instanceof DeskError) return { ok: false, ...error.toWire() }
      options.onInternalError?.(channel, error)
      return { ok: false, code: 'internal', message: 'Internal error; see the application log.' }
    }
  }
}
