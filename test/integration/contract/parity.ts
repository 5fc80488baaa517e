import { describe as describeShape, flattenShape, KINDS, shapeOfAll, type Kind, type PathShape, type Presence } from '../../support/shape.js'
import type { JsonValue } from '../../support/json-text.js'

/**
 * The production-shape gate. For one endpoint (and one line type where the endpoint has them) the
 * simulator's answers and production's captures must show the same paths, the same kinds at each
 * path, and the same presence of every key (on every object, or only on some), compared both ways.
 * The only exceptions are allowances: each names one endpoint, one line type where relevant, one
 * exact path and the kinds (or presence) it excuses, and quotes the line of real-service-notes.md
 * it rests on; an allowance that excuses nothing is itself a difference.
 */
export type LineType = 'line' | 'live'

/** A fact of `real-service-notes.md`: the 1-based line and words quoted from it. */
export interface Fact {
  line: number
  quote: string
}

export interface Allowance {
  /** Exactly the endpoint label of the comparison (`feed event`, `coupon place`). */
  endpoint: string
  /** The line type of the comparison; omitted only for endpoints without one. */
  lineType?: LineType
  /** One exact path as `flattenShape` writes it (`body.stat_list[].opp1`); the last segment is the key. */
  path: string
  /** Kinds the simulator may send at this path that production's answers do not show (all its kinds when the key is absent from them). */
  extraKinds?: Kind[]
  /** Kinds production's answers show at this path that the simulator may not send. */
  missingKinds?: Kind[]
  /** Presence the simulator may show instead of production's. */
  presence?: Presence
  fact: Fact
  /** How the fact leads to the allowance, where that is not plain from the quote. */
  why?: string
}

export interface Comparison {
  endpoint: string
  lineType?: LineType
  /** The simulator's answers, parsed with parseJsonText. */
  simulator: JsonValue[]
  /** Production's captures, parsed with parseJsonText. */
  production: JsonValue[]
  allowances?: Allowance[]
}

const list = (kinds: Iterable<Kind>) => KINDS.filter((k) => [...kinds].includes(k)).join('|')

/** Every difference between the simulator's and production's shapes that no allowance excuses. */
export function shapeDifferences(c: Comparison): string[] {
  const where = c.lineType ? `${c.endpoint} [${c.lineType}]` : c.endpoint
  const own = (c.allowances ?? []).filter((a) => a.endpoint === c.endpoint && a.lineType === c.lineType)
  const used = new Map<Allowance, Set<string>>()
  const excuse = (path: string, what: 'extraKinds' | 'missingKinds' | 'presence', value: string): boolean => {
    const a = own.find((x) => x.path === path && (what === 'presence' ? x.presence === value : (x[what] ?? []).includes(value as Kind)))
    if (a) (used.get(a) ?? used.set(a, new Set()).get(a)!).add(`${what}:${value}`)
    return a !== undefined
  }
  const sim = flattenShape(shapeOfAll(c.simulator))
  const real = flattenShape(shapeOfAll(c.production))
  const out: string[] = []
  for (const [path, want] of real) {
    const have = sim.get(path)
    if (!have) {
      const unexcused = want.kinds.filter((k) => !excuse(path, 'missingKinds', k))
      if (unexcused.length > 0) out.push(`${where} ${path}: missing in the simulator (production: ${describeShape(want)})`)
      continue
    }
    compare(path, have, want)
  }
  for (const [path, have] of sim) {
    if (real.has(path)) continue
    const unexcused = have.kinds.filter((k) => !excuse(path, 'extraKinds', k))
    const presenceOk = have.presence === 'always' || excuse(path, 'presence', have.presence)
    if (unexcused.length > 0 || !presenceOk) out.push(`${where} ${path}: not in production's answers (simulator: ${describeShape(have)})`)
  }

  function compare(path: string, have: PathShape, want: PathShape) {
    const lacking = want.kinds.filter((k) => !have.kinds.includes(k) && !excuse(path, 'missingKinds', k))
    if (lacking.length > 0) out.push(`${where} ${path}: the simulator never sends ${list(lacking)} (production: ${describeShape(want)}, simulator: ${describeShape(have)})`)
    const extra = have.kinds.filter((k) => !want.kinds.includes(k) && !excuse(path, 'extraKinds', k))
    if (extra.length > 0) out.push(`${where} ${path}: the simulator sends ${list(extra)} where production sends ${describeShape(want)}`)
    if (have.presence !== want.presence && !excuse(path, 'presence', have.presence)) {
      out.push(`${where} ${path}: present ${have.presence} in the simulator, ${want.presence} in production`)
    }
  }

  for (const a of own) {
    const wanted = [...(a.extraKinds ?? []).map((k) => `extraKinds:${k}`), ...(a.missingKinds ?? []).map((k) => `missingKinds:${k}`), ...(a.presence ? [`presence:${a.presence}`] : [])]
    const idle = wanted.filter((w) => !used.get(a)?.has(w))
    if (idle.length > 0) out.push(`${where} ${a.path}: allowance excuses nothing (${idle.join(', ')}); remove it`)
  }
  return out
}

/** Null when the quoted words stand on the cited line of the notes (whitespace-normalised), else what is wrong. */
export function factProblem(fact: Fact, notes: string): string | null {
  const line = notes.split('\n')[fact.line - 1]
  const squash = (s: string) => s.replace(/\s+/g, ' ').trim()
  if (line !== undefined && fact.quote.trim() !== '' && squash(line).includes(squash(fact.quote))) return null
  return `real-service-notes.md line ${fact.line} does not say "${fact.quote}"`
}

/** Allowances that excuse nothing by construction or whose fact is not what the notes say. */
export function allowanceProblems(allowances: Allowance[], notes: string): string[] {
  const out: string[] = []
  const seen = new Set<string>()
  for (const a of allowances) {
    const where = `${a.endpoint}${a.lineType ? ` [${a.lineType}]` : ''} ${a.path}`
    if (seen.has(where)) out.push(`${where}: two allowances for one path; make it one`)
    seen.add(where)
    if (!a.extraKinds?.length && !a.missingKinds?.length && !a.presence) out.push(`${where}: an allowance must name kinds or a presence`)
    const problem = factProblem(a.fact, notes)
    if (problem) out.push(`${where}: ${problem}`)
  }
  return out
}
