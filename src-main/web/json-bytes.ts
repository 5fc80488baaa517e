/**
 * The UTF-8 bytes of `JSON.stringify(value)`, made in pieces. One JSON.stringify of a large answer
 * returns a string of many parts that must then be copied whole into one new large string before it
 * can be measured and encoded (a 186 KB feed answer: about half as long again as the stringify
 * itself). Here the outer containers (the message, its result, a list and its rows) are walked and
 * each row is stringified on its own: every piece is small and is encoded straight into a buffer
 * reused once the socket has written it, so a large answer allocates no large string and no
 * per-message buffer. The text is exactly JSON.stringify's (a toJSON that reads its key argument
 * is the one difference: a piece's root is stringified on its own, under the key '').
 */

/** Containers this deep (the message is 0) are stringified whole: below them pieces get too small to pay. */
const SPLIT_DEPTH = 5
/** A longer array is cut into about this many runs of elements rather than one piece per element. */
const MAX_PIECES = 256
/** Buffers kept for reuse, and the largest kept: one huge message does not hold its memory for ever. */
const POOL_SIZE = 4
const KEEP_BYTES = 2 * 1024 * 1024
const FIRST_BYTES = 64 * 1024

const OPEN_BRACE = 0x7b
const CLOSE_BRACE = 0x7d
const OPEN_BRACKET = 0x5b
const CLOSE_BRACKET = 0x5d
const COMMA = 0x2c

/** Only what JSON.stringify would walk the same way: plain objects and arrays without a toJSON. */
function walkable(value: unknown): value is Record<string, unknown> | unknown[] {
  if (value === null || typeof value !== 'object') return false
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return false
  if (Array.isArray(value)) return true
  const proto = Object.getPrototypeOf(value) as unknown
  return proto === Object.prototype || proto === null
}

/** Encoded JSON: `bytes` stays valid until `done()` is called (when the socket has written it). */
export interface JsonMessage {
  bytes: Buffer
  done(): void
}

export interface JsonEncoder {
  /** Throws what JSON.stringify throws (a cycle, a BigInt), and a TypeError for a value with no JSON text. */
  encode(value: unknown): JsonMessage
}

export function createJsonEncoder(): JsonEncoder {
  const pool: Buffer[] = []
  const giveBack = (buf: Buffer) => {
    if (buf.length <= KEEP_BYTES && pool.length < POOL_SIZE) pool.push(buf)
  }

  function encode(value: unknown): JsonMessage {
    let at = 0
    let buf = pool.pop() ?? Buffer.allocUnsafeSlow(FIRST_BYTES)

    const room = (chars: number) => {
      const need = at + chars * 3 // a UTF-16 unit is at most 3 UTF-8 bytes
      if (need <= buf.length) return
      const grown = Buffer.allocUnsafeSlow(Math.max(need, buf.length * 2))
      buf.copy(grown, 0, 0, at)
      buf = grown
    }
    const byte = (b: number) => {
      room(1)
      buf[at++] = b
    }
    const text = (s: string) => {
      room(s.length)
      at += buf.write(s, at)
    }

    /** Writes the value as JSON.stringify would; false (nothing written) when it leaves the value out. */
    const put = (v: unknown, depth: number, key = ''): boolean => {
      if (depth >= SPLIT_DEPTH || !walkable(v)) {
        const s = JSON.stringify(v) as string | undefined
        if (s === undefined) return false
        if (key !== '') text(key)
        text(s)
        return true
      }
      if (key !== '') text(key)
      if (Array.isArray(v)) putArray(v, depth)
      else putObject(v, depth)
      return true
    }

    const putArray = (items: unknown[], depth: number) => {
      byte(OPEN_BRACKET)
      const run = Math.ceil(items.length / MAX_PIECES)
      for (let i = 0; i < items.length; i += run) {
        if (i > 0) byte(COMMA)
        if (run === 1) {
          if (!put(items[i], depth + 1)) text('null')
        } else {
          text(JSON.stringify(items.slice(i, i + run)).slice(1, -1))
        }
      }
      byte(CLOSE_BRACKET)
    }

    const putObject = (obj: Record<string, unknown>, depth: number) => {
      byte(OPEN_BRACE)
      let first = true
      for (const name of Object.keys(obj)) {
        if (put(obj[name], depth + 1, `${first ? '' : ','}${JSON.stringify(name)}:`)) first = false
      }
      byte(CLOSE_BRACE)
    }

    try {
      if (!put(value, 0)) throw new TypeError('Value has no JSON text')
    } catch (error) {
      giveBack(buf)
      throw error
    }
    const used = buf
    let given = false
    return {
      bytes: used.subarray(0, at),
      done() {
        if (given) return
        given = true
        giveBack(used)
      },
    }
  }

  return { encode }
}

/** The bytes as a Buffer of their own (for callers that keep them). */
export function jsonBytes(value: unknown, encoder: JsonEncoder = createJsonEncoder()): Buffer {
  const message = encoder.encode(value)
  const out = Buffer.from(message.bytes)
  message.done()
  return out
}
