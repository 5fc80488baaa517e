/** Spec-shaped feed bodies (sport-line-feed-api.md), including the variants the spec warns about. */

export const menuBody = [
  {
    id: 1,
    name: 'Football',
    counter: 3,
    sub: [
      {
        id: 10,
        name: 'England',
        counter: 3,
        sport_id: 1,
        sub: [
          { id: 100, name: 'Premier League', counter: 2, sport_id: 1, countryId: 10 },
          { id: 101, name: '', counter: 1, sport_id: 1, country_id: 10, brand_new_field: 'kept' },
        ],
      },
    ],
  },
]

export const flatOutcomes = [
  { oc_group_name: '1X2', oc_name: '1', oc_rate: 1.85, oc_size: 0, oc_pointer: '5001|1|1|0', oc_block: false, op_id: null },
  { oc_group_name: '1X2', oc_name: 'X', oc_rate: 3.4, oc_size: '0', oc_pointer: '5001|1|2|0', oc_block: true, op_id: null },
  { oc_group_name: '1X2', oc_name: '2', oc_rate: 4.2, oc_size: '', oc_pointer: '5001|1|3|0', oc_block: false, op_id: null },
]

/** An `events` row of a Prematch match with the default live values in their several spellings. */
export function prematchRow(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    game_id: 5001,
    game_mid: null,
    game_num: 0,
    sgame_id: '',
    stat_id: '',
    game_start: 1_790_000_000,
    game_dop_name: '',
    game_desk: '',
    sport_id: 1,
    sport_name: 'Football',
    country_id: 10,
    country_name: 'England',
    tournament_id: 100,
    tournament_name: 'Premier League',
    opp_1_name: 'Arsenal',
    opp_2_name: 'Chelsea',
    opp_1_id: 11,
    opp_2_id: 12,
    opp_1_ids: [],
    opp_2_ids: [],
    opp_1_icon: 'arsenal.png',
    opp_2_icon: 'chelsea.png',
    timer: 0,
    score_full: '0:0',
    score_period: '',
    score_extra: '',
    period_name: '',
    extra_time: '',
    finale: null,
    pitch: '',
    stat_list: [],
    stat_list_extra: [],
    sub_games: [],
    event_plan: [],
    game_plan: null,
    game_oc_counter: 42,
    game_oc_list: [{ group_id: 1, group_name: '1X2', columns: 3, oc_list: flatOutcomes }],
    va: null,
    vi: null,
    zp: null,
    ...overrides,
  }
}

export const eventsBody = [
  { tournament_id: 100, tournament_name: 'Premier League', events_list: [prematchRow()] },
  { tournament_id: 101, tournament_name: '', events_list: [prematchRow({ game_id: 5002, tournament_id: 101, tournament_name: '' })] },
]

/** `event` body (format group): markets with nested columns. */
export function eventBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return prematchRow({
    game_id: 7001,
    timer: 1830,
    score_full: '1:0',
    score_period: '1:0',
    period_name: '1st half',
    finale: false,
    pitch: '11',
    stat_list: [{ id: 1, name: 'Corners', opp1: '3', opp2: '1' }],
    sub_games: [{ game_id: 7002, game_num: null, game_name: 'Corners' }],
    va: 1,
    vi: 'stream-1',
    zp: 9001,
    game_oc_counter: 999,
    game_oc_list: [
      {
        group_id: 2,
        group_name: 'Total',
        columns: 2,
        oc_list: [
          [{ oc_group_name: 'Total', oc_name: 'Over 2.5', oc_rate: 1.9, oc_size: 2.5, oc_pointer: '7001|2|9|250', oc_block: false, op_id: null }],
          [{ oc_group_name: 'Total', oc_name: 'Under 2.5', oc_rate: 1.9, oc_size: '2.5', oc_pointer: '7001|2|10|250', oc_block: false, op_id: null }],
        ],
      },
      {
        group_id: 30,
        group_name: 'Anytime scorer',
        columns: 1,
        oc_list: [[{ oc_group_name: 'Anytime scorer', oc_name: 'Saka', oc_rate: 3.1, oc_size: 0, oc_pointer: '7001|30|1|0', oc_block: false, op_id: 555 }]],
      },
    ],
    ...overrides,
  })
}

export const shortCard = {
  sgame_id: '',
  stat_id: '',
  game_id: 5001,
  game_mid: null,
  game_start: 1_790_000_000,
  tournament_name: 'Premier League',
  opp_1_name: 'Arsenal',
  opp_2_name: 'Chelsea',
  opp_1_icon: 'arsenal.png',
  opp_2_icon: 'chelsea.png',
  sport_id: 1,
  sport_name: 'Football',
  score_full: '0:0',
  period_name: '',
  timer: 0,
  va: null,
  vi: null,
  zp: null,
}

export const championshipsBody = [
  { position: 1, tournament_id: 100, tournament_name: 'Premier League', sport_id: 1, sport_name: 'Football', country_id: 10, country_name: 'England', counter: 2 },
  { position: 2, tournament_id: 200, tournament_name: 'NBA', sport_id: 3, sport_name: 'Basketball', country_id: 20, country_name: 'USA', counter: 7 },
]
