import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The vendor's real answers, read from `../shared/real-captures/<folder>` beside the repository
 * (never copied into it). Tests that need them skip with a message where a folder is absent.
 */
export type CaptureFolder = 'feed' | 'feed-errors' | 'coupon'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
export const CAPTURES_ROOT = resolve(repoRoot, '../shared/real-captures')

export const captureDir = (folder: CaptureFolder): string => resolve(CAPTURES_ROOT, folder)
export const haveCaptures = (folder: CaptureFolder): boolean => existsSync(captureDir(folder))
export const skipMessage = (folder: CaptureFolder): string => `real captures not found at ${captureDir(folder)}: ${folder} capture tests skipped`

/** File names (`*.json`, sorted) of a folder, optionally only those starting with `prefix`. */
export function captureNames(folder: CaptureFolder, prefix = ''): string[] {
  if (!haveCaptures(folder)) return []
  return readdirSync(captureDir(folder))
    .filter((f) => f.startsWith(prefix) && f.endsWith('.json'))
    .sort()
}

/** The capture's exact text (to be served byte for byte). */
export function captureText(folder: CaptureFolder, name: string): string {
  return readFileSync(resolve(captureDir(folder), name.endsWith('.json') ? name : `${name}.json`), 'utf8')
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function captureJson<T = any>(folder: CaptureFolder, name: string): T {
  return JSON.parse(captureText(folder, name)) as T
}
