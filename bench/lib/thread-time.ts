import { readFileSync } from 'node:fs'

/** A thread's time on a core and waiting for one (ns), as Linux's scheduler counts it. */
export interface ThreadTime {
  cpuNs: number
  waitNs: number
}

/** The main thread's times from `/proc` (`schedstat`: on-core, run-queue wait, slices); null where there is none. */
export function mainThreadTime(): ThreadTime | null {
  try {
    const [cpuNs, waitNs] = readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').trim().split(/\s+/).map(Number)
    return Number.isFinite(cpuNs) && Number.isFinite(waitNs) ? { cpuNs, waitNs } : null
  } catch {
    return null
  }
}
