import { captureDir, captureJson, captureNames, captureText, haveCaptures, skipMessage } from '../../support/captures.js'
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

/** The vendor's real feed answers (see test/support/captures.ts); tests skip where they are absent. */
export const FEED_DIR = captureDir('feed')
export const HAVE_FEED_CAPTURES = haveCaptures('feed') && haveCaptures('feed-errors')
export const SKIP_MESSAGE = skipMessage('feed')

if (!HAVE_FEED_CAPTURES) console.warn(SKIP_MESSAGE)

export const feedCaptureNames = (): string[] => captureNames('feed')
export const feedErrorCaptureNames = (): string[] => captureNames('feed-errors')

export const feedCaptureText = (name: string): string => captureText('feed', name)
export const feedErrorCaptureText = (name: string): string => captureText('feed-errors', name)
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const feedCapture = (name: string): any => captureJson('feed', name)

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
