/**
 * IPC payloads between the host and the preload world: JSON plus markers for what structured clone
 * keeps and JSON does not (undefined, Date, Error, non-finite numbers). Functions cannot be cloned,
 * as in Electron. The page side of this is `page/bridge.js`.
 */
const TAG = '\u0000standin'

export function toWire(value: unknown): unknown {
  if (value === undefined) return { [TAG]: 'u' }
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value
  if (typeof value === 'number') return Number.isFinite(value) ? value : { [TAG]: 'n', v: String(value) }
  if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') throw new Error('An object could not be cloned.')
  if (value instanceof Date) return { [TAG]: 'd', v: value.getTime() }
  if (value instanceof Error) return { [TAG]: 'e', name: value.name, message: value.message }
  if (Array.isArray(value)) return value.map(toWire)
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, toWire(item)]))
}

export function fromWire(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map(fromWire)
  const tagged = value as Record<string, unknown>
  switch (tagged[TAG]) {
    case 'u':
      return undefined
    case 'n':
      return Number(tagged.v)
    case 'd':
      return new Date(tagged.v as number)
    case 'e': {
      const error = new Error(String(tagged.message))
      error.name = String(tagged.name)
      return error
    }
  }
  return Object.fromEntries(Object.entries(tagged).map(([key, item]) => [key, fromWire(item)]))
}
