/**
 * A tiny error bus: stores and components report failed calls here; `ErrorReporter.vue` (inside the
 * Naive UI providers) turns each report into a notification showing the code and the message.
 */
import { shallowRef } from 'vue'
import { isStaleEpoch, toDeskError } from '../api/desk.js'

export interface ErrorReport {
  id: number
  code: string
  message: string
  context: string | null
  at: number
}

let nextId = 1
type Sink = (report: ErrorReport) => void
const sinks = new Set<Sink>()
/** The last few reports, for components (and tests) that want to show them inline. */
export const recentErrors = shallowRef<ErrorReport[]>([])

export function reportError(err: unknown, context: string | null = null): ErrorReport {
  const e = toDeskError(err)
  const report: ErrorReport = { id: nextId++, code: e.code, message: e.message, context, at: Date.now() }
  recentErrors.value = [report, ...recentErrors.value].slice(0, 20)
  for (const sink of sinks) sink(report)
  return report
}

export function onErrorReport(sink: Sink): () => void {
  sinks.add(sink)
  return () => sinks.delete(sink)
}

/** Run an async action; report and swallow its failure (returns undefined then). */
export async function attempt<T>(action: () => Promise<T>, context: string | null = null): Promise<T | undefined> {
  try {
    return await action()
  } catch (err) {
    // An answer for a profile no longer active is dropped silently (api/desk.ts).
    if (!isStaleEpoch(err)) reportError(err, context)
    return undefined
  }
}
