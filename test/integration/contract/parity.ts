import { flattenShape, shapeOfAll, type Shape } from '../../support/shape.js'

/**
 * Shape parity between the simulator and the vendor's captures, per endpoint: every path the
 * captures show must be in the simulator's answers with at least the kinds the captures show, and
 * the simulator may show no path and no kind the captures never show, except where an allowance
 * names a fact of the notes that the cut excerpts do not contain.
 */
export interface Allowance {
  /** Path as `flattenShape` writes it (`body[].events_list[].va`); `*` matches any run of characters. */
  path: string
  /** Extra kinds the simulator may show there; omitted = the extra path itself is allowed (any kinds). */
  kinds?: string[]
  why: string
}

const toRegExp = (pattern: string) => new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`)

export function parityDifferences(simulator: unknown[], captures: unknown[], allowances: Allowance[] = []): string[] {
  const sim = flattenShape(shapeOfAll(simulator) as Shape, { optional: false })
  const real = flattenShape(shapeOfAll(captures) as Shape, { optional: false })
  const allowed = allowances.map((a) => ({ ...a, re: toRegExp(a.path) }))
  const allowanceOf = (path: string) => allowed.filter((a) => a.re.test(path))
  const out: string[] = []
  for (const [path, kinds] of Object.entries(real)) {
    const simKinds = sim[path]
    if (simKinds === undefined) {
      out.push(`${path}: missing in the simulator (production: ${kinds})`)
      continue
    }
    const have = new Set(simKinds.split('|'))
    const want = kinds.split('|')
    const lacking = want.filter((k) => !have.has(k))
    if (lacking.length > 0) out.push(`${path}: the simulator never sends ${lacking.join('|')} (production: ${kinds}, simulator: ${simKinds})`)
    const extraAllowed = new Set(allowanceOf(path).flatMap((a) => a.kinds ?? []))
    const extra = [...have].filter((k) => !want.includes(k) && !extraAllowed.has(k))
    if (extra.length > 0) out.push(`${path}: the simulator sends ${extra.join('|')} where production sends ${kinds}`)
  }
  for (const [path, kinds] of Object.entries(sim)) {
    if (real[path] !== undefined) continue
    if (allowanceOf(path).some((a) => a.kinds === undefined)) continue
    // Children of an allowed extra path are part of it.
    if (allowed.some((a) => a.kinds === undefined && path.startsWith(a.path.replace(/\*$/, '')))) continue
    out.push(`${path}: not in production's answers (simulator: ${kinds})`)
  }
  return out
}
