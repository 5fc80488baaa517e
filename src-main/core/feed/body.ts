import { DeskError } from '../shared/errors.js'

/** The feed's default answer cap is the shared HTTP layer's (see spec-decisions). */
export { DEFAULT_MAX_RESPONSE_BYTES } from '../shared/http.js'

/** The feed's error for an answer over `maxResponseBytes` (the shared layer has already dropped the connection). */
export function tooLarge(path: string, limitBytes: number, seenBytes: number, status: number, announced: boolean): DeskError {
  const mib = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`
  const how = announced ? `announces ${mib(seenBytes)}` : `exceeded ${mib(limitBytes)} after ${mib(seenBytes)}`
  return new DeskError('feed_too_large', `feed ${path}: the answer ${how}; the limit is ${mib(limitBytes)} (maxResponseBytes)`, {
    status,
    retry: 'never',
    data: { limitBytes, seenBytes },
  })
}
