import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseJsonText, type JsonValue } from './json-text.js'

/**
 * The vendor's real answers, read from `../shared/real-captures/<folder>` beside the repository
 * (never copied into it). Outside CI a test that needs them skips with a message where a folder is
 * absent; under CI=true a missing folder or an empty list throws, so the gate cannot pass by skipping.
 */
export type CaptureFolder = 'feed' | 'feed-errors' | 'coupon'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
/** `REAL_CAPTURES_DIR` points elsewhere (a CI layout of its own; the tests of this module). Read per call: test files share a worker. */
export const capturesRoot = (): string => resolve(process.env.REAL_CAPTURES_DIR ?? resolve(repoRoot, '../shared/real-captures'))
/** The facts of production the shape gate's allowances cite. */
export const NOTES_PATH = resolve(repoRoot, '../shared/specs/real-service-notes.md')

const inCi = (): boolean => process.env.CI === 'true'

export const captureDir = (folder: CaptureFolder): string => resolve(capturesRoot(), folder)
export const skipMessage = (folder: CaptureFolder): string => `real captures not found at ${captureDir(folder)}: ${folder} capture tests skipped`

/** Whether a folder is there; under CI=true its absence throws instead of skipping. */
export function haveCaptures(folder: CaptureFolder): boolean {
  const present = existsSync(captureDir(folder))
  if (!present && inCi()) throw new Error(`CI=true: the real captures are required but ${captureDir(folder)} is missing (check out ../shared beside the repository)`)
  return present
}

/** File names (`*.json`, sorted) of a folder, optionally only those starting with `prefix`; under CI=true an empty list throws. */
export function captureNames(folder: CaptureFolder, prefix = ''): string[] {
  if (!haveCaptures(folder)) return []
  const names = readdirSync(captureDir(folder))
    .filter((f) => f.startsWith(prefix) && f.endsWith('.json'))
    .sort()
  if (names.length === 0 && inCi()) throw new Error(`CI=true: no ${prefix}*.json capture in ${captureDir(folder)}; the tests built from that list would silently run none`)
  return names
}

/** The capture's exact text (to be served byte for byte). */
export function captureText(folder: CaptureFolder, name: string): string {
  return readFileSync(resolve(captureDir(folder), name.endsWith('.json') ? name : `${name}.json`), 'utf8')
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function captureJson<T = any>(folder: CaptureFolder, name: string): T {
  return JSON.parse(captureText(folder, name)) as T
}

/** The capture with its numbers as written (`5.0` stays a float): for shape comparisons. */
export const captureValue = (folder: CaptureFolder, name: string): JsonValue => parseJsonText(captureText(folder, name))

/**
 * A test that builds one case per capture calls this with the names it built cases for: a capture
 * of the folder (under `prefix`) that gained no case, or a case without its capture, fails.
 */
export function missingCases(folder: CaptureFolder, prefix: string, built: string[]): { notBuilt: string[]; noCapture: string[] } {
  const strip = (n: string) => n.replace(/\.json$/, '')
  const present = captureNames(folder, prefix).map(strip)
  const have = new Set(built.map(strip))
  return { notBuilt: present.filter((n) => !have.has(n)), noCapture: [...have].filter((n) => !present.includes(n)) }
}
