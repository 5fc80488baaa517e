import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  normaliseAccount,
  normaliseCountries,
  normaliseEvent,
  normaliseEvents,
  normaliseSports,
  normaliseSummaries,
  normaliseTournaments,
  type FeedWarning,
  type LineType,
  type Market,
  type MatchSummary,
} from '../../../src-main/core/feed/index.js'

/**
 * The vendor's real feed answers, read from `../shared/real-captures/{feed,feed-errors}` beside the
 * repository (never copied into it). Tests that need them skip with a message where they are absent.
 */
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))
export const FEED_DIR = resolve(repoRoot, '../shared/real-captures/feed')
export const FEED_ERRORS_DIR = resolve(repoRoot, '../shared/real-captures/feed-errors')
export const HAVE_FEED_CAPTURES = existsSync(FEED_DIR) && existsSync(FEED_ERRORS_DIR)
export const SKIP_MESSAGE = `real captures not found at ${FEED_DIR}: feed capture tests skipped`

if (!HAVE_FEED_CAPTURES) console.warn(SKIP_MESSAGE)

const list = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : [])
export const feedCaptureNames = (): string[] => list(FEED_DIR)
export const feedErrorCaptureNames = (): string[] => list(FEED_ERRORS_DIR)

export const feedCaptureText = (name: string): string => readFileSync(resolve(FEED_DIR, name), 'utf8')
export const feedErrorCaptureText = (name: string): string => readFileSync(resolve(FEED_ERRORS_DIR, name), 'utf8')
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const feedCapture = (name: string): any => JSON.parse(feedCaptureText(name))

/** `events.sport-1.tournament-0.sub-50.live.en.json` → live; Prematch-only methods → line. */
export function lineTypeOfCapture(name: string): LineType {
  return name.includes('.live.') ? 'live' : 'line'
}

export interface NormalisedCapture {
  warnings: FeedWarning[]
  /** Every match the answer holds (list rows, top/search items, the event match). */
  matches: MatchSummary[]
  itemCount: number
}

/** Runs a capture's body through the normaliser its endpoint uses. */
export function normaliseCapture(name: string): NormalisedCapture {
  const body = feedCapture(name).body
  const lineType = lineTypeOfCapture(name)
  const method = name.split('.')[0]
  switch (method) {
    case 'menu':
    case 'sports': {
      const r = normaliseSports(body, method)
      return { warnings: r.warnings, matches: [], itemCount: r.items.length }
    }
    case 'countries': {
      const r = normaliseCountries(body)
      return { warnings: r.warnings, matches: [], itemCount: r.items.length }
    }
    case 'tournaments': {
      const r = normaliseTournaments(body)
      return { warnings: r.warnings, matches: [], itemCount: r.items.length }
    }
    case 'topmatches':
    case 'toplist':
    case 'search': {
      const r = normaliseSummaries(body, lineType, method)
      return { warnings: r.warnings, matches: r.items, itemCount: r.items.length }
    }
    case 'events':
    case 'events-by-period': {
      const r = normaliseEvents(body, lineType)
      return { warnings: r.warnings, matches: r.items.flatMap((t) => t.matches), itemCount: r.items.length }
    }
    case 'event': {
      const r = normaliseEvent(body, lineType, Number(/game-(\d+)/.exec(name)?.[1] ?? 0))
      if (r.kind !== 'match') throw new Error(`${name}: expected a match`)
      return { warnings: r.warnings, matches: [r.match], itemCount: 1 }
    }
    case 'account': {
      const r = normaliseAccount(body)
      return { warnings: r.warnings, matches: [], itemCount: r.keys.length }
    }
    default:
      throw new Error(`no normaliser for capture ${name}`)
  }
}

export const marketsOf = (matches: MatchSummary[]): Market[] => matches.flatMap((m) => m.markets ?? [])
