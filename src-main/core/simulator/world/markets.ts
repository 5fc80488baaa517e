import type { I18nText, OutcomeVerdict } from './types.js'

/**
 * Market and outcome ids (those of the vendor's captures), names, parameter texts and how each
 * outcome settles. A pointer's parameter is TEXT, kept verbatim: `0`, `1.5`, `-1.25`, `2.001`
 * (correct score 2-1), `1.0E-4`. Outcome type ids are unique across markets, so the type and the
 * parameter alone decide the verdict.
 */
export const GROUP = {
  result: 1, handicap: 2, doubleChance: 8, total1: 15, total: 17, btts: 19, total2: 62, threeWayTotal: 87,
  threeWayTotal1: 88, asianTotal: 99, winner: 101, scorer: 119, correctScore: 136, lastGoal: 154, winToNil: 852,
  asianHandicap: 2854, correctScore17: 8863, dcTotal2: 9429, winOrScore: 9898,
} as const

export const TYPE = {
  w1: 1, x: 2, w2: 3, d1x: 4, d12: 5, dx2: 6, h1: 7, h2: 8, over: 9, under: 10,
  t1Over: 11, t1Under: 12, t2Over: 13, t2Under: 14, bttsYes: 180, bttsNo: 181,
  win1: 401, win2: 402, last1: 475, lastNone: 476, last2: 477, score: 731,
  tw3Over: 739, tw3Exact: 741, tw3Under: 743, i3Over: 749, i3Exact: 751, i3Under: 753,
  winToNil1: 1808, atOver: 3827, atUnder: 3828, ah1: 3829, ah2: 3830, scorerYes: 5869, scorerNo: 5870,
  score17: 8617, score17Other: 8618, dc1xT2Yes: 10370, dc1xT2No: 10371, dc12T2Yes: 10386, dc12T2No: 10387,
  w1Or00: 12033, w2Or00: 12035, w1OrScores: 12037, w2OrScores: 12039,
} as const

const t = (en: string, ru?: string): I18nText => (ru === undefined ? { en } : { en, ru })

/** Market names. `1X2` is printed `1x2` in Prematch `events` lists (as production does). */
export const GROUP_NAMES: Record<number, I18nText> = {
  [GROUP.result]: t('1X2', '1X2'), [GROUP.winner]: t('Winner', 'Победитель'), [GROUP.doubleChance]: t('Double Chance', 'Двойной шанс'),
  [GROUP.handicap]: t('Handicap', 'Фора'), [GROUP.total]: t('Total', 'Тотал'), [GROUP.total1]: t('Total 1', 'Тотал 1'),
  [GROUP.total2]: t('Total 2', 'Тотал 2'), [GROUP.asianTotal]: t('Asian Total', 'Азиатский тотал'),
  [GROUP.asianHandicap]: t('Asian Handicap', 'Азиатская фора'), [GROUP.btts]: t('Both Teams To Score', 'Обе забьют'),
  [GROUP.correctScore]: t('Correct Score', 'Точный счёт'), [GROUP.correctScore17]: t('Correct Score (17Way)', 'Точный счёт (17 исходов)'),
  [GROUP.threeWayTotal]: t('3Way Total', 'Тотал (3 исхода)'), [GROUP.threeWayTotal1]: t('Individual 3Way Total 1', 'Индивидуальный тотал 1 (3 исхода)'),
  [GROUP.lastGoal]: t('Last Goal', 'Последний гол'), [GROUP.winToNil]: t('Win To Nil', 'Победа всухую'),
  [GROUP.scorer]: t('Who Will Score Goal', 'Кто забьёт гол'), [GROUP.dcTotal2]: t('Double Chance + Team 2 Total', 'Двойной шанс + тотал 2'),
  [GROUP.winOrScore]: t('Win Or Correct Score', 'Победа или точный счёт'),
}
export const GROUP_LIST_NAMES: Record<number, I18nText> = { [GROUP.result]: t('1x2', '1x2') }

const FIXED_NAMES: Record<number, I18nText> = {
  [TYPE.w1]: t('W1', 'П1'), [TYPE.x]: t('X', 'X'), [TYPE.w2]: t('W2', 'П2'), [TYPE.win1]: t('W1', 'П1'), [TYPE.win2]: t('W2', 'П2'),
  [TYPE.d1x]: t('1X', '1X'), [TYPE.d12]: t('12', '12'), [TYPE.dx2]: t('2X', '2X'), [TYPE.bttsYes]: t('Yes', 'Да'), [TYPE.bttsNo]: t('No', 'Нет'),
  [TYPE.last1]: t('Team 1', 'Команда 1'), [TYPE.last2]: t('Team 2', 'Команда 2'), [TYPE.lastNone]: t('No Goals', 'Голов не будет'),
  [TYPE.winToNil1]: t('Team 1 - Yes', 'Команда 1 - Да'), [TYPE.score17Other]: t('Correct Score After 3-3 - Any Other', 'Другой счёт'),
  [TYPE.w1Or00]: t('W1 Or 0-0 - Yes'), [TYPE.w2Or00]: t('W2 Or 0-0 - Yes'),
  // Production prints these two with its unrendered template text; kept on purpose.
  [TYPE.w1OrScores]: t('W1 Or ()-() Or ()-() - Yes ||| dto.group 9898 ||| 12037'),
  [TYPE.w2OrScores]: t('W2 Or ()-() Or ()-() - Yes ||| dto.group 9898 ||| 12039'),
  [TYPE.dc1xT2Yes]: t('1X And Over 0.5 - Yes'), [TYPE.dc1xT2No]: t('1X And Over 0.5 - No'),
  [TYPE.dc12T2Yes]: t('12 And Over 0.5 - Yes'), [TYPE.dc12T2No]: t('12 And Over 0.5 - No'),
}

/** A number as production prints a parameter: `1.5`, `-1.25`, `0`, `3`. */
export function paramText(x: number): string {
  return x === 0 ? '0' : String(Math.round(x * 10_000) / 10_000)
}

/** Correct-score parameter: home goals + away goals / 1000 (`2.001` = 2-1, `0.001` = 0-1, `0` = 0-0). */
export function scoreParam(a: number, b: number): string {
  return b === 0 ? String(a) : `${a}.${String(b).padStart(3, '0')}`
}

export function decodeScoreParam(param: string): [number, number] {
  const x = Number(param)
  const a = Math.floor(x + 1e-9)
  return [a, Math.round((x - a) * 1000)]
}

const signed = (p: string) => (p.startsWith('-') || p === '0' ? p : `+${p}`)

const nameCache = new Map<string, { name: I18nText; listName?: I18nText }>()

/** An outcome's name: the usual form and, where production differs, the Prematch `events` list form (shared, do not mutate). */
export function outcomeNames(typeId: number, param: string): { name: I18nText; listName?: I18nText } {
  const key = `${typeId}|${param}`
  let names = nameCache.get(key)
  if (!names) nameCache.set(key, (names = makeNames(typeId, param)))
  return names
}

function makeNames(typeId: number, param: string): { name: I18nText; listName?: I18nText } {
  const fixed = FIXED_NAMES[typeId]
  if (fixed) return { name: fixed }
  switch (typeId) {
    case TYPE.h1:
    case TYPE.ah1:
      return { name: t(`1 ${param}`, `Ф1 ${param}`), listName: t(`1 (${signed(param)})`, `Ф1 (${signed(param)})`) }
    case TYPE.h2:
    case TYPE.ah2:
      return { name: t(`2 ${param}`, `Ф2 ${param}`), listName: t(`2 (${signed(param)})`, `Ф2 (${signed(param)})`) }
    case TYPE.over:
    case TYPE.atOver:
    case TYPE.tw3Over:
    case TYPE.i3Over:
      return { name: t(`Over ${param}`, `Больше ${param}`) }
    case TYPE.under:
    case TYPE.atUnder:
    case TYPE.tw3Under:
    case TYPE.i3Under:
      return { name: t(`Under ${param}`, `Меньше ${param}`) }
    case TYPE.tw3Exact:
    case TYPE.i3Exact:
      return { name: t(`Exactly ${param}`, `Ровно ${param}`) }
    case TYPE.t1Over:
    case TYPE.t2Over:
      return { name: t(`${param} Over`, `${param} Больше`) }
    case TYPE.t1Under:
    case TYPE.t2Under:
      return { name: t(`${param} Under`, `${param} Меньше`) }
    case TYPE.score:
    case TYPE.score17: {
      const [a, b] = decodeScoreParam(param)
      return typeId === TYPE.score ? { name: t(`${a}-${b}`) } : { name: t(`Correct Score ${a}-${b} (17Way)`, `Точный счёт ${a}-${b}`) }
    }
  }
  return { name: t(`Outcome ${typeId} ${param}`) }
}

/** Everything a verdict may need besides the outcome itself. */
export interface SettleContext {
  s1: number
  s2: number
  /** Players who scored (player markets). */
  scorers: ReadonlySet<number>
  /** Side that scored last, null without goals. */
  lastScorer: 1 | 2 | null
}

function single(d: number): OutcomeVerdict {
  return d > 1e-9 ? 'win' : d < -1e-9 ? 'lose' : 'return'
}

/**
 * Asian settlement of the margin `base + sign × line`: positive wins, zero returns; quarter lines
 * are two half stakes on the neighbouring lines (win+return = half won, lose+return = half lost).
 * Plain arithmetic, no closures: pricing calls this for every cell of every score grid.
 */
function asian(base: number, sign: 1 | -1, line: number): OutcomeVerdict {
  if (Math.round(line * 4) % 2 === 0) return single(base + sign * line)
  const a = single(base + sign * (line - 0.25))
  const b = single(base + sign * (line + 0.25))
  if (a === b) return a
  if (a === 'lose' || b === 'lose') return a === 'win' || b === 'win' ? 'return' : 'half_lose'
  return 'half_win'
}

const wl = (won: boolean): OutcomeVerdict => (won ? 'win' : 'lose')

/**
 * Verdict of one outcome for a final score. Unknown types are returned (stake back). The two
 * template outcomes of `Win Or Correct Score` read as "W1/W2 or 0-0 or 1-1" (their real scores
 * are lost in the service's template; the parameter text does not encode them).
 */
export function verdictOf(typeId: number, param: string, playerId: number | null, ctx: SettleContext): OutcomeVerdict {
  const { s1, s2 } = ctx
  const total = s1 + s2
  const x = Number(param)
  switch (typeId) {
    case TYPE.w1: return wl(s1 > s2)
    case TYPE.x: return wl(s1 === s2)
    case TYPE.w2: return wl(s2 > s1)
    case TYPE.win1: return s1 === s2 ? 'return' : wl(s1 > s2)
    case TYPE.win2: return s1 === s2 ? 'return' : wl(s2 > s1)
    case TYPE.d1x: return wl(s1 >= s2)
    case TYPE.d12: return wl(s1 !== s2)
    case TYPE.dx2: return wl(s2 >= s1)
    case TYPE.h1:
    case TYPE.ah1: return asian(s1 - s2, 1, x)
    case TYPE.h2:
    case TYPE.ah2: return asian(s2 - s1, 1, x)
    case TYPE.over:
    case TYPE.atOver: return asian(total, -1, x)
    case TYPE.under:
    case TYPE.atUnder: return asian(-total, 1, x)
    case TYPE.t1Over: return asian(s1, -1, x)
    case TYPE.t1Under: return asian(-s1, 1, x)
    case TYPE.t2Over: return asian(s2, -1, x)
    case TYPE.t2Under: return asian(-s2, 1, x)
    case TYPE.tw3Over: return wl(total > x)
    case TYPE.tw3Exact: return wl(total === x)
    case TYPE.tw3Under: return wl(total < x)
    case TYPE.i3Over: return wl(s1 > x)
    case TYPE.i3Exact: return wl(s1 === x)
    case TYPE.i3Under: return wl(s1 < x)
    case TYPE.bttsYes: return wl(s1 > 0 && s2 > 0)
    case TYPE.bttsNo: return wl(!(s1 > 0 && s2 > 0))
    case TYPE.score:
    case TYPE.score17: {
      const [a, b] = decodeScoreParam(param)
      return wl(s1 === a && s2 === b)
    }
    case TYPE.score17Other: return wl(s1 > 3 || s2 > 3)
    case TYPE.last1: return wl(ctx.lastScorer === 1)
    case TYPE.last2: return wl(ctx.lastScorer === 2)
    case TYPE.lastNone: return wl(total === 0)
    case TYPE.winToNil1: return wl(s1 > s2 && s2 === 0)
    case TYPE.scorerYes: return wl(playerId !== null && ctx.scorers.has(playerId))
    case TYPE.scorerNo: return wl(playerId === null || !ctx.scorers.has(playerId))
    case TYPE.dc1xT2Yes: return wl(s1 >= s2 && s2 > x)
    case TYPE.dc1xT2No: return wl(!(s1 >= s2 && s2 > x))
    case TYPE.dc12T2Yes: return wl(s1 !== s2 && s2 > x)
    case TYPE.dc12T2No: return wl(!(s1 !== s2 && s2 > x))
    case TYPE.w1Or00: return wl(s1 > s2 || total === 0)
    case TYPE.w2Or00: return wl(s2 > s1 || total === 0)
    case TYPE.w1OrScores: return wl(s1 > s2 || (s1 === s2 && s1 <= 1))
    case TYPE.w2OrScores: return wl(s2 > s1 || (s1 === s2 && s1 <= 1))
    default: return 'return'
  }
}
