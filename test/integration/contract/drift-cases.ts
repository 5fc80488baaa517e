import type { LineType } from './parity.js'

/**
 * Drifts the gate must catch, each built to pass a gate that merges line and live, keeps integers
 * and floats one kind, reads every string as one kind, ignores presence, or lets anything under
 * `stat_list[]`, `sub_games[]`, `event_plan[]` or `stat_list_extra[]` through. Answers are JSON
 * text, so number spelling (`5.0`) counts.
 */
export interface DriftCase {
  name: string
  endpoint: string
  /** Per line type: production's answers and a drifted simulator's. */
  answers: Partial<Record<LineType, { production: string[]; simulator: string[] }>>
  /** One difference the gate must report, word for word. */
  caught: string
}

/** One `event` answer as production writes it: every subtree with one item. */
const EVENT = `{"status":1,"page":"/v1/event","body":{"game_id":730321837,"game_start":1787490000,"va":null,
"game_oc_list":[{"group_id":1,"oc_list":[[{"oc_rate":5.0,"oc_size":0,"oc_pointer":"730321837|1|1|0"}]]}],
"stat_list":[{"id":93,"name":"xG","opp1":"1.45","opp2":"65"}],
"sub_games":[{"game_id":730321838,"game_num":192039,"game_name":"1st half"}],
"event_plan":[{"opp_1_name":"A","opp_1_id":1,"game_start":1787490000}],
"stat_list_extra":[{"id":1,"name":"Corners"}]}}`

const same = (text: string) => ({ production: [text], simulator: [text] })
/** Line as production; live drifted. */
const liveDrift = (drifted: string) => ({ line: same(EVENT), live: { production: [EVENT], simulator: [drifted] } })

/** The live `event` answer with `from` written as `to`. */
const edited = (name: string, from: string, to: string, caught: string): DriftCase => ({ name, endpoint: 'feed event', answers: liveDrift(EVENT.replace(from, to)), caught })

const invented = (subtree: string, item: string): DriftCase => ({
  name: `an invented key under ${subtree}[]`,
  endpoint: 'feed event',
  answers: liveDrift(EVENT.replace(item, `${item.slice(0, -1)},"invented":{"any":[1]}}`)),
  caught: `feed event [live] body.${subtree}[].invented: not in production's answers (simulator: object)`,
})

export const DRIFT_CASES: DriftCase[] = [
  edited('a renamed key (in Live only, under sub_games[])', '"game_name"', '"game_title"', 'feed event [live] body.sub_games[].game_name: missing in the simulator (production: free text)'),
  edited(
    'an integer that became a float',
    '"game_start":1787490000,"va"',
    '"game_start":1787490000.5,"va"',
    'feed event [live] body.game_start: the simulator never sends integer (production: integer, simulator: float)',
  ),
  edited(
    'a float written as an integer (`5.0` became `5`)',
    '"oc_rate":5.0',
    '"oc_rate":5',
    'feed event [live] body.game_oc_list[].oc_list[][].oc_rate: the simulator sends integer where production sends float',
  ),
  edited('numeric text that became free text', '"opp2":"65"', '"opp2":"65%"', 'feed event [live] body.stat_list[].opp2: the simulator sends free text where production sends numeric text'),
  invented('stat_list', '"opp2":"65"}'),
  invented('sub_games', '"game_name":"1st half"}'),
  invented('event_plan', '"game_start":1787490000}'),
  invented('stat_list_extra', '"name":"Corners"}'),
  {
    name: 'a key that became optional (on every production object, missing on some simulator objects)',
    endpoint: 'feed events',
    answers: {
      line: {
        production: ['{"status":1,"body":[{"game_id":1,"va":null},{"game_id":2,"va":null}]}'],
        simulator: ['{"status":1,"body":[{"game_id":1,"va":null},{"game_id":2}]}'],
      },
    },
    caught: 'feed events [line] body[].va: present sometimes in the simulator, always in production',
  },
]
