import type { Allowance, Fact } from './parity.js'

/**
 * Where the simulated feed may differ from the captured answers: only what a fact of
 * real-service-notes.md says production also sends and the cut excerpts do not show. One endpoint,
 * one line type, one exact path each.
 */
const VA_VI_ZP: Fact = { line: 36, quote: '`va` is null or 1, `vi` null or a string, `zp` null, equal to `game_id`, or another number' }
const RESERVED_IDS: Fact = { line: 37, quote: '`sgame_id` / `stat_id` are strings: a 24-hex id or `"0"`' }
const PLAYER_ID: Fact = { line: 16, quote: '`op_id` is null except in player markets (an integer' }
const KEY_SPORTS: Fact = { line: 66, quote: '`sports` (`"all"` or ids)' }
const KEY_NOT_ACTIVE_YET: Fact = { line: 52, quote: '`Package is not active yet`' }

/** `"0"` beside the 24-hex ids: the captured matches of these answers all carry 24-hex ids. */
const reservedIds = (endpoint: string, lineType: 'line' | 'live', item: string): Allowance[] =>
  ['sgame_id', 'stat_id'].map((key) => ({ endpoint, lineType, path: `${item}.${key}`, extraKinds: ['numeric text'], fact: RESERVED_IDS }))

export const FEED_ALLOWANCES: Allowance[] = [
  ...reservedIds('feed event', 'line', 'body'),
  ...reservedIds('feed event', 'live', 'body'),
  ...reservedIds('feed topmatches', 'line', 'body[]'),
  ...reservedIds('feed topmatches full', 'line', 'body[]'),
  ...reservedIds('feed toplist', 'line', 'body[]'),
  ...reservedIds('feed toplist full', 'line', 'body[]'),
  {
    endpoint: 'feed event', lineType: 'live', path: 'body.game_oc_list[].oc_list[][].op_id', extraKinds: ['integer'], fact: PLAYER_ID,
    why: 'the live excerpt keeps 26 of 49 markets, none of them a player market',
  },
  { endpoint: 'feed event', lineType: 'live', path: 'body.va', extraKinds: ['integer'], fact: VA_VI_ZP },
  { endpoint: 'feed event', lineType: 'live', path: 'body.vi', extraKinds: ['numeric text', 'free text'], fact: VA_VI_ZP },
  { endpoint: 'feed event', lineType: 'live', path: 'body.zp', extraKinds: ['null'], fact: VA_VI_ZP },
  { endpoint: 'feed topmatches', lineType: 'live', path: 'body[].va', extraKinds: ['null'], fact: VA_VI_ZP },
  { endpoint: 'feed topmatches', lineType: 'live', path: 'body[].vi', extraKinds: ['null'], fact: VA_VI_ZP },
  { endpoint: 'feed topmatches full', lineType: 'live', path: 'body[].va', extraKinds: ['null'], fact: VA_VI_ZP },
  { endpoint: 'feed topmatches full', lineType: 'live', path: 'body[].vi', extraKinds: ['null'], fact: VA_VI_ZP },
  { endpoint: 'feed account', path: 'body.keys[].sports', extraKinds: ['array'], fact: KEY_SPORTS, why: 'a key limited to some sports lists their ids' },
  { endpoint: 'feed account', path: 'body.keys[].sports[]', extraKinds: ['integer'], fact: KEY_SPORTS, why: 'sport ids are integers, as everywhere in the feed' },
  {
    endpoint: 'feed account', path: 'body.keys[].starts_at', extraKinds: ['free text'], fact: KEY_NOT_ACTIVE_YET,
    why: 'a key that is not active yet has a start time, written like `expires_at`; the captured key has none (null)',
  },
  {
    endpoint: 'feed account', path: 'body.keys[].last_used_at', extraKinds: ['null'], fact: KEY_NOT_ACTIVE_YET,
    why: 'a key that is not active yet has never been used: no time to show',
  },
]

/** The match calendar is compared with the `events` capture of Prematch: the notes say its shape is that of `events`. */
export const CALENDAR_SHAPE: Fact = { line: 71, quote: 'same shape as `events`' }
