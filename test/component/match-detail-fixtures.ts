/** Match DTOs for the detail's component tests: from the captured `event` answers (normalised and mapped as main does) or built. */
import { normaliseEvent } from '../../src-main/core/feed/index.js'
import { normaliseMatch } from '../../src-main/core/feed/normalise-match.js'
import { feedTools } from '../../src-main/core/desk/feed-watches.js'
import { eventResultToDto, matchToDto } from '../../src-main/core/desk/map-feed.js'
import type { MarketDto, MatchDto } from '../../src-shared/contract.js'
/// <reference types="node" />
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'

/**
 * test/support/captures.ts finds the captures from its own file URL, which happy-dom's module URLs
 * are not: the same place (or REAL_CAPTURES_DIR) from the working directory, the repository root.
 */
const FEED_CAPTURES = resolve(process.env.REAL_CAPTURES_DIR ?? resolve(process.cwd(), '../shared/real-captures'), 'feed')
export const HAVE_EVENT_CAPTURES = existsSync(FEED_CAPTURES)
if (!HAVE_EVENT_CAPTURES && process.env.CI === 'true') throw new Error(`CI=true: the real captures are required but ${FEED_CAPTURES} is missing`)
if (!HAVE_EVENT_CAPTURES) console.warn(`real captures not found at ${FEED_CAPTURES}: the detail's capture tests skipped`)
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const captureJson = (name: string): any => JSON.parse(readFileSync(resolve(FEED_CAPTURES, name), 'utf8'))
export const LINE_EVENT = 'event.game-730321837.group.line.en.json'
export const LIVE_EVENT = 'event.game-746146992.group.live.en.json'
const tools = feedTools('http://cdn.test')

export function capturedMatch(name: string): MatchDto {
  const body = captureJson(name).body
  const result = eventResultToDto(normaliseEvent(body, name.includes('.live.') ? 'live' : 'line', body.game_id), tools)
  if (result.kind !== 'match') throw new Error(`${name} is not a match`)
  return result.match
}

/** A full match from raw feed fields, through the same normaliser and mapping as main. */
export function rawMatch(raw: Record<string, unknown>, lineType: 'line' | 'live' = 'live'): MatchDto {
  const m = normaliseMatch({ opp_1_name: 'Home', opp_2_name: 'Away', ...raw }, lineType, 'body', [])
  if (!m) throw new Error('not a match')
  return matchToDto(m, tools)
}

/** `n` markets made of the given ones repeated in order, each with its own position key (as a long answer has). */
export function repeatMarkets(markets: MarketDto[], n: number): MarketDto[] {
  return Array.from({ length: n }, (_, i) => {
    const m = markets[i % markets.length]!
    return { ...m, key: `${i}:${m.groupId}` }
  })
}
