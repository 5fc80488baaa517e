/**
 * A tiny, dependency-free lossless WebP (VP8L) encoder for small RGBA images (the simulator CDN's
 * icons). Spec: RFC 9649, "WebP Lossless Bitstream". Deliberately the simplest valid subset: no
 * transforms, no colour cache, no meta prefix codes, no backward references — every pixel is four
 * literal codes (green, red, blue, alpha) from one prefix-code group built from the pixel histograms.
 * Fine for icons of a few KiB; not meant for photos.
 */

/** Row-major RGBA, 4 bytes per pixel, not premultiplied. */
export interface RgbaImage {
  width: number
  height: number
  data: Uint8Array
}

const MAX_DIMENSION = 1 << 14
const GREEN_ALPHABET = 256 + 24 // literals + length prefix codes (no colour cache)
const DISTANCE_ALPHABET = 40
const MAX_CODE_LENGTH = 15
const MAX_CODE_LENGTH_CODE_LENGTH = 7 // stored in 3 bits
const CODE_LENGTH_ORDER = [17, 18, 0, 1, 2, 3, 4, 5, 16, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]

/** Writes bits least-significant first, as VP8L reads them. */
class BitWriter {
  private readonly bytes: number[] = []
  private acc = 0
  private count = 0

  bits(value: number, n: number): void {
    for (let i = 0; i < n; i++) {
      if ((value >>> i) & 1) this.acc |= 1 << this.count
      if (++this.count === 8) this.flushByte()
    }
  }

  /** Prefix codes are read one bit at a time, most significant bit of the canonical code first. */
  code(code: number, length: number): void {
    for (let i = length - 1; i >= 0; i--) this.bits((code >>> i) & 1, 1)
  }

  finish(): Buffer {
    if (this.count > 0) this.flushByte()
    return Buffer.from(this.bytes)
  }

  private flushByte(): void {
    this.bytes.push(this.acc)
    this.acc = 0
    this.count = 0
  }
}

/**
 * Huffman code lengths for the used symbols (count > 0), at most `limit` bits: when the tree is too
 * deep, small counts are raised to a floor and the tree rebuilt (the floor doubles until it fits).
 */
export function huffmanLengths(counts: readonly number[], limit: number): number[] {
  const lengths = new Array<number>(counts.length).fill(0)
  const used = counts.flatMap((c, symbol) => (c > 0 ? [symbol] : []))
  if (used.length === 1) lengths[used[0]] = 1
  if (used.length < 2) return lengths
  for (let floor = 1; ; floor *= 2) {
    let nodes = used.map((symbol) => ({ weight: Math.max(counts[symbol], floor), symbols: [symbol] }))
    lengths.fill(0)
    while (nodes.length > 1) {
      nodes.sort((a, b) => a.weight - b.weight || a.symbols[0] - b.symbols[0])
      const [a, b] = nodes
      for (const s of a.symbols) lengths[s]++
      for (const s of b.symbols) lengths[s]++
      nodes = [{ weight: a.weight + b.weight, symbols: [...a.symbols, ...b.symbols] }, ...nodes.slice(2)]
    }
    if (Math.max(...lengths) <= limit) return lengths
  }
}

/** Canonical codes (shorter first, then by symbol), as DEFLATE and VP8L assign them. */
export function canonicalCodes(lengths: readonly number[]): number[] {
  const maxLength = Math.max(0, ...lengths)
  const perLength = new Array<number>(maxLength + 1).fill(0)
  for (const l of lengths) if (l > 0) perLength[l]++
  const next = new Array<number>(maxLength + 2).fill(0)
  for (let l = 1, code = 0; l <= maxLength; l++) {
    code = (code + perLength[l - 1]) << 1
    next[l] = code
  }
  return lengths.map((l) => (l > 0 ? next[l]++ : 0))
}

interface PrefixCode {
  lengths: number[]
  codes: number[]
}

/** Writes one prefix code for `counts` and returns the lengths/codes the pixels are written with. */
function writePrefixCode(w: BitWriter, counts: readonly number[]): PrefixCode {
  const used = counts.flatMap((c, symbol) => (c > 0 ? [symbol] : []))
  if (used.length === 0) used.push(0)
  if (used.length <= 2 && used.every((s) => s < 256)) {
    // Simple code: 1 bit simple, 1 bit (count - 1), 1 bit "first symbol has 8 bits", the symbols.
    w.bits(1, 1)
    w.bits(used.length - 1, 1)
    w.bits(1, 1)
    for (const s of used) w.bits(s, 8)
    const lengths = new Array<number>(counts.length).fill(0)
    // One symbol: a zero-length code (nothing is written per pixel). Two: one bit each, the smaller symbol 0.
    if (used.length === 2) for (const s of used) lengths[s] = 1
    return { lengths, codes: canonicalCodes(lengths) }
  }
  const lengths = huffmanLengths(counts, MAX_CODE_LENGTH)
  // Each code length is written as a literal code-length symbol 0..15 (no repeat codes 16–18).
  const clCounts = new Array<number>(19).fill(0)
  for (const l of lengths) clCounts[l]++
  // A code-length code needs two symbols to be a complete code; add a phantom one if all lengths are equal.
  if (clCounts.filter((c) => c > 0).length === 1) clCounts[clCounts[0] > 0 ? 1 : 0] = 1
  const clLengths = huffmanLengths(clCounts, MAX_CODE_LENGTH_CODE_LENGTH)
  const clCodes = canonicalCodes(clLengths)
  let numCl = CODE_LENGTH_ORDER.length
  while (numCl > 4 && clLengths[CODE_LENGTH_ORDER[numCl - 1]] === 0) numCl--
  w.bits(0, 1) // normal code
  w.bits(numCl - 4, 4)
  for (let i = 0; i < numCl; i++) w.bits(clLengths[CODE_LENGTH_ORDER[i]], 3)
  w.bits(0, 1) // max_symbol = alphabet size: a length for every symbol follows
  for (const l of lengths) w.code(clCodes[l], clLengths[l])
  return { lengths, codes: canonicalCodes(lengths) }
}

/** Encodes `image` as a complete lossless WebP file (RIFF container with one VP8L chunk). */
export function encodeWebpLossless(image: RgbaImage): Buffer {
  const { width, height, data } = image
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || width > MAX_DIMENSION || height > MAX_DIMENSION)
    throw new RangeError(`WebP dimensions must be 1..${MAX_DIMENSION}, got ${width}×${height}`)
  if (data.length !== width * height * 4) throw new RangeError(`expected ${width * height * 4} RGBA bytes, got ${data.length}`)

  const green = new Array<number>(GREEN_ALPHABET).fill(0)
  const red = new Array<number>(256).fill(0)
  const blue = new Array<number>(256).fill(0)
  const alpha = new Array<number>(256).fill(0)
  const distance = new Array<number>(DISTANCE_ALPHABET).fill(0)
  for (let i = 0; i < data.length; i += 4) {
    red[data[i]]++
    green[data[i + 1]]++
    blue[data[i + 2]]++
    alpha[data[i + 3]]++
  }

  const w = new BitWriter()
  w.bits(0x2f, 8) // signature
  w.bits(width - 1, 14)
  w.bits(height - 1, 14)
  w.bits(alpha[255] === width * height ? 0 : 1, 1) // alpha_is_used
  w.bits(0, 3) // version
  w.bits(0, 1) // no transform
  w.bits(0, 1) // no colour cache
  w.bits(0, 1) // no meta prefix codes: one prefix-code group for the whole image
  const codes = [green, red, blue, alpha, distance].map((counts) => writePrefixCode(w, counts))
  const [g, r, b, a] = codes
  for (let i = 0; i < data.length; i += 4) {
    w.code(g.codes[data[i + 1]], g.lengths[data[i + 1]])
    w.code(r.codes[data[i]], r.lengths[data[i]])
    w.code(b.codes[data[i + 2]], b.lengths[data[i + 2]])
    w.code(a.codes[data[i + 3]], a.lengths[data[i + 3]])
  }
  return riffWebp('VP8L', w.finish())
}

function riffWebp(fourcc: string, payload: Buffer): Buffer {
  const padded = payload.length + (payload.length & 1)
  const out = Buffer.alloc(20 + padded)
  out.write('RIFF', 0, 'latin1')
  out.writeUInt32LE(12 + padded, 4) // "WEBP" + chunk header + padded payload
  out.write('WEBP', 8, 'latin1')
  out.write(fourcc, 12, 'latin1')
  out.writeUInt32LE(payload.length, 16)
  payload.copy(out, 20)
  return out
}
