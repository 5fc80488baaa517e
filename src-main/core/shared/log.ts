/**
 * Structured logger: one JSON line per entry, every line passed through the redactor (messages,
 * structured fields and errors), then the finished line redacted once more as a whole.
 */
import { appendFileSync, mkdirSync, openSync, closeSync, chmodSync } from 'node:fs'
import { dirname } from 'node:path'
import type { Clock } from './clock.js'
import { systemClock } from './clock.js'
import { defaultRedactor, type Redactor } from './redact.js'

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent'
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 }

/** Where finished (already redacted) lines go. */
export type LogSink = (line: string) => void

export interface Logger {
  debug(message: string, data?: unknown): void
  info(message: string, data?: unknown): void
  warn(message: string, data?: unknown): void
  error(message: string, data?: unknown): void
  /** A logger adding fixed fields (e.g. `{ module: 'coupons' }`) to every line. */
  child(fields: Record<string, unknown>): Logger
  readonly level: LogLevel
}

export interface LoggerOptions {
  sink: LogSink
  level?: LogLevel
  redactor?: Redactor
  clock?: Clock
  fields?: Record<string, unknown>
}

export function createLogger(options: LoggerOptions): Logger {
  const redactor = options.redactor ?? defaultRedactor
  const clock = options.clock ?? systemClock
  const level = options.level ?? 'info'
  const base = options.fields ?? {}

  const write = (entryLevel: Exclude<LogLevel, 'silent'>, message: string, data: unknown): void => {
    if (ORDER[entryLevel] < ORDER[level]) return
    const entry: Record<string, unknown> = { t: new Date(clock.now()).toISOString(), level: entryLevel, msg: String(message), ...base }
    if (data instanceof Error) entry.err = data
    else if (data !== undefined && data !== null && typeof data === 'object' && !Array.isArray(data)) Object.assign(entry, data)
    else if (data !== undefined) entry.data = data
    let line: string
    try {
      line = JSON.stringify(redactor.redactValue(entry))
    } catch {
      line = JSON.stringify({ t: entry.t, level: entryLevel, msg: redactor.redact(String(message)), note: 'unserialisable data dropped' })
    }
    try {
      options.sink(redactor.redact(line))
    } catch {
      // A failing sink must never break the caller.
    }
  }

  return {
    level,
    debug: (m, d) => write('debug', m, d),
    info: (m, d) => write('info', m, d),
    warn: (m, d) => write('warn', m, d),
    error: (m, d) => write('error', m, d),
    child: (fields) => createLogger({ ...options, fields: { ...base, ...fields } }),
  }
}

/** Appends lines to a file (created 0600, parent directories created). Synchronous: lines survive a crash. */
export function createFileSink(path: string): LogSink {
  mkdirSync(dirname(path), { recursive: true })
  closeSync(openSync(path, 'a', 0o600))
  try {
    chmodSync(path, 0o600)
  } catch {
    // Not fatal (e.g. a filesystem without modes).
  }
  return (line) => appendFileSync(path, line + '\n')
}

/** Writes lines to a stream such as `process.stderr`. */
export function createStreamSink(stream: { write(chunk: string): unknown }): LogSink {
  return (line) => {
    stream.write(line + '\n')
  }
}

/** Keeps lines in memory (tests, diagnostics panels). */
export function createMemorySink(): LogSink & { lines: string[] } {
  const lines: string[] = []
  const sink = ((line: string) => {
    lines.push(line)
  }) as LogSink & { lines: string[] }
  sink.lines = lines
  return sink
}

export const nullLogger: Logger = createLogger({ sink: () => undefined, level: 'silent' })
