import { describe, expect, it } from 'vitest'
import { normaliseEvent, normaliseSummaries, type FeedWarning } from '../../../src-main/core/feed/index.js'
import { normaliseMatch } from '../../../src-main/core/feed/normalise-match.js'
import { feedTools } from '../../../src-main/core/desk/feed-watches.js'
import { eventResultToDto, matchToDto, periodScoresOf } from '../../../src-main/core/desk/map-feed.js'
import type { MatchDto } from '../../../src-shared/contract.js'
import { HAVE_FEED_CAPTURES, SKIP_MESSAGE, feedCapture } from './captures.js'

/** The detail a desk reads from a full match: periods, extra time, finale, statistics, event plan, sub-match names. */
const tools = feedTools('http://cdn.test')

function eventDto(name: string, lineType: 'line' | 'live'): MatchDto {
  const body = feedCapture(name).body
  const result = eventResultToDto(normaliseEvent(body, lineType, body.game_id), tools)
  if (result.kind !== 'match') throw new Error(`${name}: not a match`)
  return result.match
}

function fullMatch(over: Record<string, unknown>): MatchDto {
  const warnings: FeedWarning[] = []
  const m = normaliseMatch({ game_id: 9001, opp_1_name: 'A', opp_2_name: 'B', ...over }, 'live', 'body', warnings)
  if (!m) throw new Error('not normalised')
  return matchToDto(m, tools)
}

describe('match detail DTO', () => {
  describe.skipIf(!HAVE_FEED_CAPTURES)(`from the captured event answers (${SKIP_MESSAGE})`, () => {
    it('live: score by period from score_period, the statistics as sent, finale false in words of a flag', () => {
      const m = eventDto('event.game-746146992.group.live.en.json', 'live')
      expect(m.detail?.periodScores).toEqual(['2:0', '1:0'])
      expect(m.detail?.stats).toHaveLength(15)
      expect(m.detail?.stats[0]).toEqual({ id: 93, name: 'xG', opp1: '1.45', opp2: '0.03' })
      expect(m.detail?.stats.find((s) => s.name === 'Possession %')).toEqual({ id: 29, name: 'Possession %', opp1: '65', opp2: '35' })
      expect(m.detail).toMatchObject({ finished: false, extraTime: '', scoreExtra: '', subName: '', segment: '', eventPlan: [] })
    })

    it('line: Prematch defaults are no periods, no statistics, and its 24 sub-matches are listed', () => {
      const m = eventDto('event.game-730321837.group.line.en.json', 'line')
      expect(m.detail).toMatchObject({ periodScores: [], stats: [], eventPlan: [], finished: false })
      expect(m.subGames).toHaveLength(24)
      expect(m.subGames[3]).toEqual({ gameId: 746013903, name: 'Corners,1st half' })
    })

    it('short cards carry no detail (the endpoint does not send it)', () => {
      const short = normaliseSummaries(feedCapture('topmatches.line.en.json').body, 'line', 'topmatches')
      expect(short.items.length).toBeGreaterThan(0)
      expect(short.items.map((m) => matchToDto(m, tools).detail)).toEqual(short.items.map(() => undefined))
    })
  })

  it('event_plan pairs: names as sent, team icons from the CDN, the start in ms (or a side date when no start)', () => {
    const m = fullMatch({
      event_plan: [
        { opp_1_name: 'Spain', opp_2_name: 'Italy', opp_1_id: 1, opp_2_id: 2, opp_1_country_id: 5, opp_2_country_id: 6, opp_1_icon: 'es.PNG', opp_2_icon: '', opp_1_date: null, opp_2_date: null, game_start: 1_787_490_000 },
        { opp_1_name: 'France', opp_2_name: 'Ghana', opp_1_icon: '', opp_2_icon: '', opp_1_date: 1_787_500_000, opp_2_date: null, game_start: null },
      ],
    })
    expect(m.detail?.eventPlan).toEqual([
      { opp1: 'Spain', opp2: 'Italy', opp1IconUrl: 'http://cdn.test/opp/v1/color/es.webp', opp2IconUrl: null, startMs: 1_787_490_000_000 },
      { opp1: 'France', opp2: 'Ghana', opp1IconUrl: null, opp2IconUrl: null, startMs: 1_787_500_000_000 },
    ])
  })

  it('extra time, finale, tennis game score and the sub-match names as sent; finale absent is unknown (null)', () => {
    const sub = fullMatch({ game_mid: 9000, game_dop_name: 'Corners', game_desk: '1st half', extra_time: '+3', finale: true, score_extra: '30:15' })
    expect(sub.isSubMatch).toBe(true)
    expect(sub.detail).toMatchObject({ subName: 'Corners', segment: '1st half', extraTime: '+3', finished: true, scoreExtra: '30:15' })
    expect(fullMatch({}).detail).toMatchObject({ finished: null, extraTime: '', subName: '', segment: '', stats: [], periodScores: [] })
    // Prematch sends 0 for texts it has no value for: no extra time.
    expect(fullMatch({ extra_time: 0, score_period: 0 }).detail).toMatchObject({ extraTime: '', periodScores: [] })
  })

  it('a bad stat_list item is skipped, the rest kept', () => {
    const m = fullMatch({ stat_list: [{ id: 1, name: 'Corner', opp1: '3', opp2: 4 }, 'garbage', { id: 2, name: 'Shots', opp1: '1', opp2: '0' }] })
    expect(m.detail?.stats).toEqual([
      { id: 1, name: 'Corner', opp1: '3', opp2: '4' },
      { id: 2, name: 'Shots', opp1: '1', opp2: '0' },
    ])
  })

  it('score_period splits on ";" and drops empty parts; before play there are none', () => {
    expect(periodScoresOf('2:0;1:0')).toEqual(['2:0', '1:0'])
    expect(periodScoresOf('6:4; 3:6;')).toEqual(['6:4', '3:6'])
    expect(periodScoresOf('')).toEqual([])
    expect(periodScoresOf(null)).toEqual([])
  })
})
