import { createHash } from 'node:crypto'
import type { I18nText } from './types.js'

/**
 * The static, seed-independent catalogue: sports, countries, tournaments and their participants.
 * Static so the CDN can tell known ids from unknown ones without a world, and so ids stay the same
 * across seeds (the seed only decides which matches exist, when, and at what odds).
 */
export type SportKind = 'goals' | 'points' | 'sets'

export interface SportDef {
  id: number
  name: I18nText
  cybersport: boolean
  kind: SportKind
  /** Draw possible in the main result (1X2 instead of Winner). */
  draw: boolean
  /** Sets needed to win (sets sports). */
  setsToWin?: number
  /** Expected live duration in minutes (start to finish, breaks included); timed sports take it from `timed`. */
  durationMin: number
  /** Expected total per match (goals/points; sets sports: games are not modelled, total = sets). */
  expectedTotal: number
  /** Periods as [name en, name ru] in order (set sports: the sets or maps; timed sports: see `timed`). */
  periods: Array<[string, string]>
  /** Timed sports: periods on a game clock with breaks between (schedule.ts). */
  timed?: TimedPlay
  /** Set sports: how a set is played, point by point (no clock). */
  rally?: RallyPlay
  /**
   * Sub-game kinds offered on some main matches. `desk` non-empty = a segment of the main match
   * (first half, set, map) that follows its score; empty = its own count (corners, cards) around `mu`.
   */
  subGames: Array<{ dop: I18nText; desk: I18nText; share: number; mu?: number }>
  /** Relative share of the generated line. */
  share: number
}

export interface TimedPlay {
  /** Minutes per period on the game clock (a tournament may set its own: `TournamentDef.periodMin`). */
  periodMin: number
  periods: Array<[string, string]>
  /** Break after period i (none after the last). */
  breaks: Array<{ min: number; name: [string, string] }>
  /** Added minutes per period, drawn between [low, high] (football). */
  addedMin?: Array<[number, number]>
  /** Played when the score is level after the last period (sports without a draw). */
  overtime?: { min: number; name: [string, string]; breakMin: number; breakName: [string, string] }
}

export interface RallyPlay {
  /** Tennis scoring (15-30-40, games to 6, tie-break at 6:6) instead of rally points. */
  tennis?: boolean
  /** Points (games for tennis) that win a set, by two; `lastTo` for the deciding set. */
  to: number
  lastTo?: number
  /** Mean simulated seconds per point (round, rally). */
  pointSec: number
}

export interface CountryDef {
  id: number
  name: I18nText
  cities: Array<[string, string]>
}

export interface TeamDef {
  id: number
  name: I18nText
  icon: string
  countryId: number
}

export interface TournamentDef {
  id: number
  sportId: number
  countryId: number
  name: I18nText
  popularity: number
  /** Group stage: `event` carries an `event_plan`. */
  groupStage: boolean
  /** Minutes per period where the league differs from its sport (NBA quarters of 12). */
  periodMin?: number
  teams: TeamDef[]
}

const t = (en: string, ru: string): I18nText => ({ en, ru })

export const SPORTS: SportDef[] = [
  {
    id: 1, name: t('Football', 'Футбол'), cybersport: false, kind: 'goals', draw: true, durationMin: 113, expectedTotal: 2.7, share: 40,
    periods: [['1st half', '1-й тайм'], ['2nd half', '2-й тайм']],
    timed: { periodMin: 45, periods: [['1st half', '1-й тайм'], ['2nd half', '2-й тайм']], breaks: [{ min: 15, name: ['Half-time', 'Перерыв'] }], addedMin: [[1, 4], [2, 6]] },
    subGames: [
      { dop: t('1st half', '1-й тайм'), desk: t('half', 'тайм'), share: 0.45 },
      { dop: t('Corners', 'Угловые'), desk: t('', ''), share: 1, mu: 10 },
      { dop: t('Corners,1st half', 'Угловые,1-й тайм'), desk: t('', ''), share: 0.35, mu: 4.5 },
      { dop: t('Yellow Cards', 'Жёлтые карточки'), desk: t('', ''), share: 0.3, mu: 4 },
    ],
  },
  {
    id: 2, name: t('Ice Hockey', 'Хоккей'), cybersport: false, kind: 'goals', draw: true, durationMin: 94, expectedTotal: 5.5, share: 10,
    periods: [['1st period', '1-й период'], ['2nd period', '2-й период'], ['3rd period', '3-й период']],
    timed: {
      periodMin: 20, periods: [['1st period', '1-й период'], ['2nd period', '2-й период'], ['3rd period', '3-й период']],
      breaks: [{ min: 17, name: ['Break', 'Перерыв'] }, { min: 17, name: ['Break', 'Перерыв'] }],
    },
    subGames: [{ dop: t('1st period', '1-й период'), desk: t('period', 'период'), share: 0.33 }],
  },
  {
    id: 3, name: t('Basketball', 'Баскетбол'), cybersport: false, kind: 'points', draw: false, durationMin: 59, expectedTotal: 175, share: 12,
    periods: [['1st quarter', '1-я четверть'], ['2nd quarter', '2-я четверть'], ['3rd quarter', '3-я четверть'], ['4th quarter', '4-я четверть']],
    timed: {
      periodMin: 10, periods: [['1st quarter', '1-я четверть'], ['2nd quarter', '2-я четверть'], ['3rd quarter', '3-я четверть'], ['4th quarter', '4-я четверть']],
      breaks: [{ min: 2, name: ['Break', 'Перерыв'] }, { min: 15, name: ['Half-time', 'Перерыв'] }, { min: 2, name: ['Break', 'Перерыв'] }],
      overtime: { min: 5, name: ['Overtime', 'Овертайм'], breakMin: 2, breakName: ['Break', 'Перерыв'] },
    },
    subGames: [{ dop: t('1st quarter', '1-я четверть'), desk: t('quarter', 'четверть'), share: 0.25 }],
  },
  {
    id: 4, name: t('Tennis', 'Теннис'), cybersport: false, kind: 'sets', draw: false, setsToWin: 2, durationMin: 110, expectedTotal: 2.4, share: 15,
    rally: { tennis: true, to: 6, pointSec: 38 },
    periods: [['1st set', '1-й сет'], ['2nd set', '2-й сет'], ['3rd set', '3-й сет']],
    subGames: [{ dop: t('1st set', '1-й сет'), desk: t('set', 'сет'), share: 0.45 }],
  },
  {
    id: 6, name: t('Volleyball', 'Волейбол'), cybersport: false, kind: 'sets', draw: false, setsToWin: 3, durationMin: 100, expectedTotal: 3.8, share: 6,
    rally: { to: 25, lastTo: 15, pointSec: 32 },
    periods: [['1st set', '1-я партия'], ['2nd set', '2-я партия'], ['3rd set', '3-я партия'], ['4th set', '4-я партия'], ['5th set', '5-я партия']],
    subGames: [],
  },
  {
    id: 10, name: t('Table Tennis', 'Настольный теннис'), cybersport: false, kind: 'sets', draw: false, setsToWin: 3, durationMin: 35, expectedTotal: 3.8, share: 8,
    rally: { to: 11, pointSec: 14 },
    periods: [['1st set', '1-я партия'], ['2nd set', '2-я партия'], ['3rd set', '3-я партия'], ['4th set', '4-я партия'], ['5th set', '5-я партия']],
    subGames: [],
  },
  {
    id: 40, name: t('Esports', 'Киберспорт'), cybersport: true, kind: 'sets', draw: false, setsToWin: 2, durationMin: 100, expectedTotal: 2.4, share: 5,
    rally: { to: 13, pointSec: 110 },
    periods: [['1 map', '1 карта'], ['2 map', '2 карта'], ['3 map', '3 карта']],
    subGames: [{ dop: t('1 map', '1 карта'), desk: t('map', 'карта'), share: 0.33 }],
  },
  {
    id: 85, name: t('FIFA', 'FIFA'), cybersport: true, kind: 'goals', draw: true, durationMin: 9, expectedTotal: 4.5, share: 4,
    periods: [['1st half', '1-й тайм'], ['2nd half', '2-й тайм']],
    timed: { periodMin: 4, periods: [['1st half', '1-й тайм'], ['2nd half', '2-й тайм']], breaks: [{ min: 1, name: ['Half-time', 'Перерыв'] }] },
    subGames: [],
  },
]

export const COUNTRIES: CountryDef[] = [
  { id: 1, name: t('England', 'Англия'), cities: [['London', 'Лондон'], ['Manchester', 'Манчестер'], ['Liverpool', 'Ливерпуль'], ['Leeds', 'Лидс'], ['Bristol', 'Бристоль'], ['Newcastle', 'Ньюкасл'], ['Brighton', 'Брайтон'], ['Sheffield', 'Шеффилд']] },
  { id: 2, name: t('Spain', 'Испания'), cities: [['Madrid', 'Мадрид'], ['Barcelona', 'Барселона'], ['Sevilla', 'Севилья'], ['Valencia', 'Валенсия'], ['Bilbao', 'Бильбао'], ['Malaga', 'Малага'], ['Vigo', 'Виго'], ['Girona', 'Жирона']] },
  { id: 3, name: t('Germany', 'Германия'), cities: [['Berlin', 'Берлин'], ['Munich', 'Мюнхен'], ['Hamburg', 'Гамбург'], ['Dortmund', 'Дортмунд'], ['Leipzig', 'Лейпциг'], ['Bremen', 'Бремен'], ['Cologne', 'Кёльн'], ['Stuttgart', 'Штутгарт']] },
  { id: 4, name: t('Italy', 'Италия'), cities: [['Rome', 'Рим'], ['Milan', 'Милан'], ['Turin', 'Турин'], ['Naples', 'Неаполь'], ['Genoa', 'Генуя'], ['Florence', 'Флоренция'], ['Bologna', 'Болонья'], ['Verona', 'Верона']] },
  { id: 5, name: t('France', 'Франция'), cities: [['Paris', 'Париж'], ['Lyon', 'Лион'], ['Marseille', 'Марсель'], ['Nice', 'Ницца'], ['Lille', 'Лилль'], ['Nantes', 'Нант'], ['Rennes', 'Ренн'], ['Toulouse', 'Тулуза']] },
  { id: 6, name: t('Russia', 'Россия'), cities: [['Moscow', 'Москва'], ['Kazan', 'Казань'], ['Samara', 'Самара'], ['Sochi', 'Сочи'], ['Omsk', 'Омск'], ['Perm', 'Пермь'], ['Tula', 'Тула'], ['Ufa', 'Уфа']] },
  { id: 7, name: t('USA', 'США'), cities: [['Boston', 'Бостон'], ['Chicago', 'Чикаго'], ['Denver', 'Денвер'], ['Houston', 'Хьюстон'], ['Seattle', 'Сиэтл'], ['Dallas', 'Даллас'], ['Miami', 'Майами'], ['Atlanta', 'Атланта']] },
  { id: 8, name: t('Brazil', 'Бразилия'), cities: [['Santos', 'Сантос'], ['Recife', 'Ресифи'], ['Curitiba', 'Куритиба'], ['Salvador', 'Салвадор'], ['Fortaleza', 'Форталеза'], ['Belem', 'Белен'], ['Natal', 'Натал'], ['Goiania', 'Гояния']] },
  // Pseudo-countries as production numbers them.
  { id: 225, name: t('World', 'Мир'), cities: [] },
  { id: 223, name: t('Europe', 'Европа'), cities: [] },
  { id: 226, name: t('Africa', 'Африка'), cities: [] },
  { id: 229, name: t('Asia', 'Азия'), cities: [] },
  { id: 10, name: t('Sweden', 'Швеция'), cities: [['Stockholm', 'Стокгольм'], ['Malmo', 'Мальмё'], ['Gothenburg', 'Гётеборг'], ['Uppsala', 'Уппсала'], ['Orebro', 'Эребру'], ['Vasteras', 'Вестерос'], ['Lulea', 'Лулео'], ['Umea', 'Умео']] },
  { id: 11, name: t('Czech Republic', 'Чехия'), cities: [['Prague', 'Прага'], ['Brno', 'Брно'], ['Ostrava', 'Острава'], ['Plzen', 'Пльзень'], ['Liberec', 'Либерец'], ['Olomouc', 'Оломоуц'], ['Zlin', 'Злин'], ['Pardubice', 'Пардубице']] },
  { id: 12, name: t('Japan', 'Япония'), cities: [['Tokyo', 'Токио'], ['Osaka', 'Осака'], ['Kyoto', 'Киото'], ['Nagoya', 'Нагоя'], ['Sapporo', 'Саппоро'], ['Kobe', 'Кобе'], ['Yokohama', 'Иокогама'], ['Sendai', 'Сендай']] },
  // Raw UTF-8 names, as production sends them.
  { id: 13, name: t('Austria', 'Австрия'), cities: [['Wien', 'Вена'], ['Graz', 'Грац'], ['Linz', 'Линц'], ['Salzburg', 'Зальцбург'], ['Sankt Pölten', 'Санкт-Пёльтен'], ['Mödling', 'Мёдлинг'], ['Klagenfurt', 'Клагенфурт'], ['Innsbruck', 'Инсбрук']] },
]

/** Club name forms per sport: each club of a league takes the next form, so two sides never share a suffix by rule. */
const TEAM_TEMPLATES: Record<number, Array<[string, string]>> = {
  1: [
    ['FC {c}', 'ФК {c}'], ['{c} United', '{c} Юнайтед'], ['{c} City', '{c} Сити'], ['Real {c}', 'Реал {c}'], ['{c} Rovers', '{c} Роверс'],
    ['Dynamo {c}', 'Динамо {c}'], ['Sporting {c}', 'Спортинг {c}'], ['{c} Athletic', '{c} Атлетик'], ['Olympic {c}', 'Олимпик {c}'], ['Inter {c}', 'Интер {c}'],
  ],
  2: [
    ['{c} Hawks', '{c} Ястребы'], ['{c} Wolves', '{c} Волки'], ['HC {c}', 'ХК {c}'], ['{c} Bears', '{c} Медведи'], ['{c} Lions', '{c} Львы'],
    ['{c} Flames', '{c} Флеймз'], ['Dynamo {c}', 'Динамо {c}'], ['{c} Kings', '{c} Кингз'],
  ],
  3: [
    ['{c} Stars', '{c} Старз'], ['BC {c}', 'БК {c}'], ['{c} Bulls', '{c} Буллз'], ['{c} Giants', '{c} Джайентс'], ['Lokomotiv {c}', 'Локомотив {c}'],
    ['{c} Rockets', '{c} Рокетс'], ['{c} Hornets', '{c} Хорнетс'], ['{c} Titans', '{c} Титаны'],
  ],
  6: [['VC {c}', 'ВК {c}'], ['{c} Volley', '{c} Волей'], ['Dynamo {c}', 'Динамо {c}'], ['Power Volley {c}', 'Пауэр Волей {c}'], ['Lube {c}', 'Лубе {c}']],
}

const SURNAMES: Array<[string, string]> = [
  ['Smith', 'Смит'], ['Muller', 'Мюллер'], ['Rossi', 'Росси'], ['Garcia', 'Гарсия'], ['Ivanov', 'Иванов'], ['Novak', 'Новак'],
  ['Silva', 'Силва'], ['Tanaka', 'Танака'], ['Johansson', 'Юханссон'], ['Dubois', 'Дюбуа'], ['Petrov', 'Петров'], ['Kowalski', 'Ковальски'],
  ['Jones', 'Джонс'], ['Martin', 'Мартен'], ['Sato', 'Сато'], ['Lopez', 'Лопес'], ['Fischer', 'Фишер'], ['Moreau', 'Моро'],
]
const INITIALS: Array<[string, string]> = [['A', 'А'], ['B', 'Б'], ['D', 'Д'], ['E', 'Е'], ['K', 'К'], ['M', 'М'], ['N', 'Н'], ['P', 'П'], ['R', 'Р'], ['S', 'С'], ['T', 'Т']]
const ESPORTS_TEAMS = ['Natus Vincere', 'Team Spirit', 'G2 Esports', 'FaZe Clan', 'Vitality', 'MOUZ', 'Heroic', 'Astralis', 'Team Liquid', 'Falcons', 'Virtus.pro', 'Eternal Fire']
const FIFA_PLAYERS = ['Boris (Real Madrid)', 'Vortex (Milan)', 'Kray (Chelsea)', 'Jester (Bayern)', 'Nomad (PSG)', 'Sniper (Inter)', 'Frost (Arsenal)', 'Raven (Juventus)', 'Blaze (Barcelona)', 'Ghost (Liverpool)']

interface TournamentSeed {
  id: number
  sportId: number
  countryId: number
  name: I18nText
  popularity: number
  groupStage?: boolean
  periodMin?: number
  /** National teams (continental tournaments). */
  nations?: string[]
}

const AFRICA = ['Angola', 'Malawi', 'Nigeria', 'Ghana', 'Senegal', 'Egypt', 'Morocco', 'Cameroon', 'Côte d’Ivoire', 'Mali']
const ASIA = ['Japan', 'Korea Republic', 'Saudi Arabia', 'Iran', 'Qatar', 'Uzbekistan', 'India', 'Thailand']
const EUROPE = ['Kazakhstan', 'Faroe Islands', 'Austria', 'Türkiye', 'Czechia', 'Denmark', 'Scotland', 'Wales']

const TOURNAMENT_SEEDS: TournamentSeed[] = [
  { id: 1001, sportId: 1, countryId: 1, name: t('Premier League', 'Премьер-лига'), popularity: 100 },
  { id: 1002, sportId: 1, countryId: 1, name: t('Championship', 'Чемпионшип'), popularity: 60 },
  { id: 1003, sportId: 1, countryId: 2, name: t('La Liga', 'Ла Лига'), popularity: 95 },
  { id: 1004, sportId: 1, countryId: 3, name: t('Bundesliga', 'Бундеслига'), popularity: 90 },
  { id: 1005, sportId: 1, countryId: 4, name: t('Serie A', 'Серия А'), popularity: 88 },
  { id: 1006, sportId: 1, countryId: 5, name: t('Ligue 1', 'Лига 1'), popularity: 80 },
  { id: 1007, sportId: 1, countryId: 6, name: t('Premier League', 'Премьер-лига'), popularity: 70 },
  { id: 1008, sportId: 1, countryId: 8, name: t('Serie A', 'Серия А'), popularity: 65 },
  { id: 1009, sportId: 1, countryId: 223, name: t('Champions League', 'Лига чемпионов'), popularity: 110, groupStage: true },
  { id: 1010, sportId: 1, countryId: 225, name: t('', ''), popularity: 20 },
  { id: 1011, sportId: 1, countryId: 10, name: t('Allsvenskan', 'Аллсвенскан'), popularity: 40 },
  { id: 1012, sportId: 1, countryId: 7, name: t('MLS', 'MLS'), popularity: 50 },
  { id: 1013, sportId: 1, countryId: 12, name: t('', ''), popularity: 15 },
  { id: 1014, sportId: 1, countryId: 226, name: t('Africa Cup of Nations', 'Кубок африканских наций'), popularity: 45, nations: AFRICA },
  { id: 1015, sportId: 1, countryId: 229, name: t('AFC Asian Cup', 'Кубок Азии'), popularity: 40, nations: ASIA },
  { id: 1016, sportId: 1, countryId: 13, name: t('ÖFB Cup', 'Кубок Австрии'), popularity: 35 },
  { id: 1017, sportId: 1, countryId: 1, name: t('Women’s Super League', 'Женская суперлига'), popularity: 30 },
  { id: 1018, sportId: 1, countryId: 223, name: t('UEFA Nations League', 'Лига наций УЕФА'), popularity: 75, nations: EUROPE },
  { id: 2001, sportId: 2, countryId: 7, name: t('NHL', 'НХЛ'), popularity: 100 },
  { id: 2002, sportId: 2, countryId: 6, name: t('KHL', 'КХЛ'), popularity: 90 },
  { id: 2003, sportId: 2, countryId: 10, name: t('SHL', 'SHL'), popularity: 60 },
  { id: 2004, sportId: 2, countryId: 11, name: t('Extraliga', 'Экстралига'), popularity: 50 },
  { id: 2005, sportId: 2, countryId: 225, name: t('World Championship', 'Чемпионат мира'), popularity: 85, groupStage: true },
  { id: 3001, sportId: 3, countryId: 7, name: t('NBA', 'НБА'), popularity: 100, periodMin: 12 },
  { id: 3002, sportId: 3, countryId: 223, name: t('EuroLeague', 'Евролига'), popularity: 85, groupStage: true },
  { id: 3003, sportId: 3, countryId: 2, name: t('ACB', 'ACB'), popularity: 60 },
  { id: 3004, sportId: 3, countryId: 6, name: t('VTB United League', 'Единая лига ВТБ'), popularity: 55 },
  { id: 3005, sportId: 3, countryId: 4, name: t('', ''), popularity: 10 },
  { id: 4001, sportId: 4, countryId: 225, name: t('ATP Vienna', 'ATP Вена'), popularity: 90 },
  { id: 4002, sportId: 4, countryId: 225, name: t('WTA Tokyo', 'WTA Токио'), popularity: 80 },
  { id: 4003, sportId: 4, countryId: 225, name: t('ITF Men', 'ITF Мужчины'), popularity: 30 },
  { id: 4004, sportId: 4, countryId: 7, name: t('Challenger Houston', 'Челленджер Хьюстон'), popularity: 40 },
  { id: 6001, sportId: 6, countryId: 6, name: t('Superleague', 'Суперлига'), popularity: 60 },
  { id: 6002, sportId: 6, countryId: 4, name: t('SuperLega', 'Суперлега'), popularity: 70 },
  { id: 6003, sportId: 6, countryId: 225, name: t('Nations League', 'Лига наций'), popularity: 50, groupStage: true },
  { id: 10001, sportId: 10, countryId: 11, name: t('Liga Pro', 'Лига Про'), popularity: 30 },
  { id: 10002, sportId: 10, countryId: 6, name: t('', ''), popularity: 20 },
  { id: 40001, sportId: 40, countryId: 225, name: t('CS2 Major', 'CS2 Мейджор'), popularity: 90 },
  { id: 40002, sportId: 40, countryId: 225, name: t('Dota 2 Pro League', 'Dota 2 Про лига'), popularity: 70 },
  { id: 85001, sportId: 85, countryId: 225, name: t('FIFA 8 min Battle', 'FIFA 8 минут Баттл'), popularity: 50 },
]

function fill(template: [string, string], city: [string, string]): I18nText {
  return { en: template[0].replace('{c}', city[0]), ru: template[1].replace('{c}', city[1]) }
}

/**
 * Team icon names as production sends them: mostly md5 hashes, some numbers (`2074.png`), a few
 * with a capital extension (`.PNG`), and the shared `teamdefault.png`.
 */
export function teamIconName(teamId: number): string {
  const md5 = createHash('md5').update(`team-${teamId}`).digest('hex')
  // From the hash, not the id: team ids step by one within a tournament, and every form (the default too) must occur.
  const kind = parseInt(md5.slice(0, 4), 16) % 20
  if (kind < 12) return `${md5}.png`
  if (kind < 17) return `${teamId}.png`
  if (kind === 17) return `${md5}.PNG`
  if (kind === 18) return `${teamId}.PNG`
  return 'teamdefault.png'
}

/** The icon name without its last extension, whatever its case (the CDN name). */
export const iconBase = (icon: string) => icon.replace(/\.[A-Za-z0-9]+$/, '')

function buildTeams(seed: TournamentSeed, index: number): TeamDef[] {
  const base = seed.id * 100
  const team = (n: number, name: I18nText, countryId: number): TeamDef => ({ id: base + n, name, icon: teamIconName(base + n), countryId })
  const templates = TEAM_TEMPLATES[seed.sportId]
  if (seed.nations) return seed.nations.map((name, n) => team(n + 1, { en: name, ru: name }, seed.countryId))
  if (seed.sportId === 40) return ESPORTS_TEAMS.map((name, n) => team(n + 1, { en: name, ru: name }, 225))
  if (seed.sportId === 85) return FIFA_PLAYERS.map((name, n) => team(n + 1, { en: name, ru: name }, 225))
  if (!templates) {
    // Individual sports: players "Surname I."
    return Array.from({ length: 16 }, (_, n) => {
      const s = SURNAMES[(n + index * 5) % SURNAMES.length]
      const i = INITIALS[(n * 7 + index) % INITIALS.length]
      return team(n + 1, { en: `${s[0]} ${i[0]}.`, ru: `${s[1]} ${i[1]}.` }, COUNTRIES[(n + index) % COUNTRIES.length].id)
    })
  }
  const template = (n: number) => templates[(n + index) % templates.length]
  const country = COUNTRIES.find((c) => c.id === seed.countryId)
  if (country && country.cities.length > 0) return country.cities.map((city, n) => team(n + 1, fill(template(n), city), country.id))
  // International: a city of every country with cities.
  return COUNTRIES.filter((c) => c.cities.length > 0).map((c, n) => team(n + 1, fill(template(n), c.cities[(index + n) % c.cities.length]), c.id))
}

export const TOURNAMENTS: TournamentDef[] = TOURNAMENT_SEEDS.map((seed, index) => ({
  id: seed.id,
  sportId: seed.sportId,
  countryId: seed.countryId,
  name: seed.name,
  popularity: seed.popularity,
  groupStage: seed.groupStage ?? false,
  periodMin: seed.periodMin,
  teams: buildTeams(seed, index),
}))

export const SPORT_BY_ID = new Map(SPORTS.map((s) => [s.id, s]))
export const COUNTRY_BY_ID = new Map(COUNTRIES.map((c) => [c.id, c]))
export const TOURNAMENT_BY_ID = new Map(TOURNAMENTS.map((x) => [x.id, x]))
export const TEAM_ICONS = new Set([...TOURNAMENTS.flatMap((x) => x.teams.map((team) => iconBase(team.icon))), 'teamdefault'])

/** Player names for player markets (goal scorer), derived from a team id. */
export function playersOf(team: TeamDef): Array<{ id: number; name: I18nText }> {
  return [0, 1, 2].map((n) => {
    const s = SURNAMES[(team.id + n * 5) % SURNAMES.length]
    return { id: team.id * 10 + n + 1, name: { en: s[0], ru: s[1] } }
  })
}
