/** Glue between commander actions and a CliContext: builds the context, records the exit code, always closes. */
import { InvalidArgumentError, type Command } from 'commander'
import { toDeskError } from '../shared/errors.js'
import { createContext, type CliContext, type ContextOptions, type GlobalFlags } from './context.js'
import type { CliIo } from './io.js'
import { errorDocument, printJson } from './output.js'

export interface CommandDeps {
  io: CliIo
  contextOptions?: ContextOptions
  setExit(code: number): void
}

export type ActionBody = (ctx: CliContext, args: string[], opts: Record<string, unknown>, command: Command) => Promise<number | void>

export function act(deps: CommandDeps, body: ActionBody): (...received: unknown[]) => Promise<void> {
  return async (...received) => {
    const command = received[received.length - 1] as Command
    const args = received.slice(0, -2).flat().map(String)
    const opts = command.optsWithGlobals() as Record<string, unknown>
    // Knows whether the command already printed its document (e.g. a rejected placement's result).
    let printed = false
    const io: CliIo = { ...deps.io, stdout: (text) => ((printed = true), deps.io.stdout(text)) }
    let ctx: CliContext
    try {
      ctx = createContext(opts as GlobalFlags, io, deps.contextOptions)
    } catch (error) {
      if (opts.json === true) printJson(deps.io, errorDocument(toDeskError(error)))
      throw error
    }
    try {
      const code = await body(ctx, args, opts, command)
      deps.setExit(code ?? 0)
    } catch (error) {
      const e = toDeskError(error)
      try {
        ctx.log.warn(`desk ${command.name()} failed`, { code: e.code, message: e.message })
      } catch {
        // logging is best effort
      }
      // `--json` promises one JSON document on stdout, failures included (the exit code still tells them apart).
      if (ctx.json && !printed) printJson(deps.io, errorDocument(e))
      throw e
    } finally {
      await ctx.close()
    }
  }
}

/** A stake as typed (a decimal comma is fine); the profile's rule (decimals, minimum) is checked before sending. */
export function parseAmount(value: string): number {
  const t = value.trim()
  if (/^[-\u2212]/.test(t)) throw new InvalidArgumentError('must be greater than 0 (a stake cannot be negative)')
  const n = /^(\d+([.,]\d*)?|[.,]\d+)$/.test(t) ? Number(t.replace(',', '.')) : NaN
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError('must be a number greater than 0, e.g. 12.50 or 12,50')
  return n
}

export function parseInteger(value: string): number {
  if (!/^-?\d+$/.test(value.trim())) throw new InvalidArgumentError('must be an integer')
  return Number(value)
}

export function parseNonNegativeInteger(value: string): number {
  if (!/^\d+$/.test(value.trim())) throw new InvalidArgumentError('must be a non-negative integer')
  return Number(value)
}

export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value]
}
