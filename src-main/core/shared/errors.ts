/**
 * The one error type of the core. Every failure that crosses a module boundary is a DeskError:
 * `code` is one of the shared `ErrorCode`s (src-shared/vocabulary/errors.ts), `status` the HTTP status
 * when there was one, `data` the structured details (error_code, change records, ...). `message` is
 * for logs and the CLI; the console words an error from its code.
 */
import type { ErrorCode } from '../../../src-shared/vocabulary/errors.js'
export { ERROR_CODES, isErrorCode, errorCodeOr, type ErrorCode } from '../../../src-shared/vocabulary/errors.js'

export type RetryClass = 'safe' | 'never' | 'after-funding' | 'not-immediately' | 'depends'

export interface DeskErrorOptions {
  status?: number
  data?: unknown
  retry?: RetryClass
  cause?: unknown
}

export class DeskError extends Error {
  readonly code: ErrorCode
  readonly status?: number
  readonly data?: unknown
  readonly retry: RetryClass

  constructor(code: ErrorCode, message: string, options: DeskErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'DeskError'
    this.code = code
    this.status = options.status
    this.data = options.data
    this.retry = options.retry ?? 'never'
  }

  /** The only shape that crosses the contract: no stack, no cause, no data with secrets. */
  toWire(): { code: ErrorCode; message: string } {
    return { code: this.code, message: this.message }
  }
}

export function isDeskError(value: unknown): value is DeskError {
  return value instanceof DeskError
}

export function toDeskError(value: unknown, fallbackCode: ErrorCode = 'internal'): DeskError {
  if (value instanceof DeskError) return value
  const message = value instanceof Error ? value.message : String(value)
  return new DeskError(fallbackCode, message, { cause: value })
}
