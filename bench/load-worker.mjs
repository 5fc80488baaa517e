import { readFileSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { performance } from 'node:perf_hooks'
import { parentPort, workerData } from 'node:worker_threads'

/**
 * The sender, in its own thread so it does not share the event loop it measures: `connections`
 * keep-alive connections, each posting the next delivery as soon as its previous one is answered.
 * Plain JavaScript: a worker thread does not get the TypeScript loader of the main thread.
 */

/** @type {{ url: string, connections: number, bodies: string[], headers: Array<Record<string, string>> }} */
const job = workerData
const agent = new Agent({ keepAlive: true, maxSockets: job.connections })

/** @param {number} index @returns {Promise<number>} */
function post(index) {
  return new Promise((resolve) => {
    const body = job.bodies[index]
    const req = request(job.url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...job.headers[index] } }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
    })
    req.on('error', () => resolve(0))
    req.end(body)
  })
}

/** This thread's time on a core (ns, Linux's schedstat); null where there is none. */
function cpuNs() {
  try {
    const ns = Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0])
    return Number.isFinite(ns) ? ns : null
  } catch {
    return null
  }
}

let next = 0
/** @type {number[]} */
const latencies = []
/** @type {Record<string, number>} */
const statuses = {}
const start = performance.now()
const cpuStart = cpuNs()
await Promise.all(
  Array.from({ length: job.connections }, async () => {
    while (next < job.bodies.length) {
      const index = next++
      const t = performance.now()
      const status = await post(index)
      latencies.push(performance.now() - t)
      statuses[status] = (statuses[status] ?? 0) + 1
    }
  }),
)
const cpuEnd = cpuNs()
const result = { elapsedMs: performance.now() - start, latencies, statuses, senderCpuNs: cpuStart === null || cpuEnd === null ? null : cpuEnd - cpuStart }
agent.destroy()
parentPort?.postMessage(result)
