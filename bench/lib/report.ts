import { writeFileSync } from 'node:fs'
import type { Summary } from './stats.js'

/** One line of the bench table and of bench/results.json. */
export interface BenchRow {
  name: string
  value: number
  unit: string
  /** The same quantity for the baseline measured in the same run; null where a figure has none. */
  baseline: number | null
  /** value / baseline. */
  ratio: number | null
  /** Human-readable target, e.g. ">= 0.5x baseline"; '' for a figure without one. */
  target: string
  /** null: no target, or not measurable in this run. */
  met: boolean | null
  /** Smallest and largest repetition of the value (the median is `value`). */
  spread?: [number, number]
  note?: string
}

export interface RowInput {
  name: string
  value: Summary | number
  unit: string
  baseline?: Summary | number | null
  target?: string
  met?: (value: number, baseline: number | null, ratio: number | null) => boolean
  note?: string
}

const med = (v: Summary | number) => (typeof v === 'number' ? v : v.median)

export function row(input: RowInput): BenchRow {
  const value = med(input.value)
  const baseline = input.baseline === undefined || input.baseline === null ? null : med(input.baseline)
  const ratio = baseline === null || baseline === 0 || !Number.isFinite(value) ? null : value / baseline
  const out: BenchRow = {
    name: input.name,
    value: round(value),
    unit: input.unit,
    baseline: baseline === null ? null : round(baseline),
    // A tiny ratio keeps two significant digits (a delta of 0.0002x is not nothing).
    ratio: ratio === null ? null : Math.abs(ratio) < 0.001 && ratio !== 0 ? Number(ratio.toPrecision(2)) : Math.round(ratio * 1000) / 1000,
    target: input.target ?? '',
    met: input.met && Number.isFinite(value) ? input.met(value, baseline, ratio) : null,
  }
  if (typeof input.value !== 'number' && input.value.samples.length > 1) out.spread = [round(input.value.min), round(input.value.max)]
  if (input.note) out.note = input.note
  return out
}

function round(n: number): number {
  if (!Number.isFinite(n)) return n
  const abs = Math.abs(n)
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3
  const f = 10 ** digits
  return Math.round(n * f) / f
}

const num = (n: number | null) => (n === null ? '' : n.toLocaleString('en-US', { maximumFractionDigits: 3 }))

function cells(r: BenchRow): string[] {
  const spread = r.spread ? ` (${num(r.spread[0])}-${num(r.spread[1])})` : ''
  return [
    r.name,
    Number.isFinite(r.value) ? `${num(r.value)} ${r.unit}${spread}` : 'not measured',
    r.baseline === null ? '' : `${num(r.baseline)} ${r.unit}`,
    r.ratio === null ? '' : `${Math.abs(r.ratio) < 0.001 && r.ratio !== 0 ? r.ratio.toLocaleString('en-US', { maximumSignificantDigits: 2 }) : num(r.ratio)}x`,
    r.target,
    r.met === null ? '-' : r.met ? 'yes' : 'NO',
  ]
}

const HEADER = ['figure', 'value (min-max)', 'baseline', 'ratio', 'target', 'met']

/** The one table, as aligned text for the terminal. */
export function tableText(rows: BenchRow[]): string {
  const body = rows.map(cells)
  const widths = HEADER.map((h, i) => Math.max(h.length, ...body.map((c) => c[i].length)))
  const line = (c: string[]) => c.map((x, i) => x.padEnd(widths[i])).join('  ').trimEnd()
  return [line(HEADER), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n')
}

/** The same table as Markdown (README). */
export function tableMarkdown(rows: BenchRow[]): string {
  const esc = (s: string) => s.replace(/\|/g, '\\|')
  return [`| ${HEADER.join(' | ')} |`, `|${HEADER.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${cells(r).map(esc).join(' | ')} |`)].join('\n')
}

export function writeResults(file: string, meta: Record<string, unknown>, rows: BenchRow[]): void {
  writeFileSync(file, `${JSON.stringify({ ...meta, rows }, null, 2)}\n`)
}
