import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises, type VueWrapper } from '@vue/test-utils'
import MatchDetail from '@renderer/components/MatchDetail.vue'
import { MARKET_PAGE, OPEN_FIRST } from '@renderer/composables/market-view.js'
import type { EventResultDto, MatchDto } from '../../src-shared/contract.js'
import { fail, installFakeDesk, type FakeDesk } from './fake-desk.js'
import { markets, match, oc } from './feed-fixtures.js'
import { freshPinia, mountWithApp } from './mount.js'
import { HAVE_EVENT_CAPTURES, LINE_EVENT, LIVE_EVENT, capturedMatch, rawMatch, repeatMarkets } from './match-detail-fixtures.js'

/** The open match: markets (filter, open/close, favourites, a long list), sub-matches, statistics, event plan, the live clock. */
const profile = (id: string) => ({
  id, name: id, environment: 'demo' as const, couponBaseUrl: '', feedApiUrl: '', cdnUrl: '', username: 'demo', language: 'en', legacyMode: false,
  timeZone: 'utc' as const, listener: { enabled: false, host: '127.0.0.1', port: 0, path: '/cb' }, secrets: { password: true, feedApiKey: true, callbackSecret: true },
})

/** A fake main holding favourites per profile, as the profile service does. */
function fakeMain(active = 'demo'): FakeDesk & { favourites: Map<string, number[]> } {
  const favourites = new Map<string, number[]>()
  const fake = installFakeDesk({
    'profiles.list': () => ({ activeId: active, profiles: [profile('demo'), profile('desk-2')] }),
    'profiles.marketFavourites': ({ id }) => ({ profileId: id, groupIds: favourites.get(id) ?? [] }),
    'profiles.setMarketFavourite': ({ id, groupId, favourite }) => {
      const before = (favourites.get(id) ?? []).filter((g) => g !== groupId)
      favourites.set(id, favourite ? [...before, groupId] : before)
      return { profileId: id, groupIds: favourites.get(id)! }
    },
  })
  return Object.assign(fake, { favourites })
}

const asResult = (m: MatchDto): EventResultDto => ({ kind: 'match', match: m })

async function mountDetail(m: MatchDto) {
  const { wrapper } = await mountWithApp(MatchDetail, freshPinia(), { props: { result: asResult(m), loading: false, isSelected: () => false } })
  await flushPromises()
  return wrapper
}

const names = (w: VueWrapper) => w.findAll('[data-testid="market"] .market__name').map((n) => n.text())
const openFlags = (w: VueWrapper) => w.findAll('[data-testid="market"]').map((m) => m.attributes('data-open') === 'true')
const setFilter = async (w: VueWrapper, text: string) => {
  await w.find('[data-testid="market-filter"] input').setValue(text)
  await flushPromises()
}

const manyMarkets = () => [
  { key: '0:1', groupId: 1, name: '1X2', columns: [[oc('W1', 1.8, false, 1)], [oc('X', 3.3, false, 2)], [oc('W2', 4.1, false, 3)]] },
  { key: '1:17', groupId: 17, name: 'Total', columns: [[oc('Over 2.5', 1.9, false, 9)], [oc('Under 2.5', 1.9, false, 10)]] },
  { key: '2:119', groupId: 119, name: 'Who Will Score Goal', columns: [[oc('Erling Braut Haaland - Yes', 1.6), oc('Phil Foden - Yes', 2.9)], [oc('Antoine Semenyo - Yes', 4.4)]] },
  { key: '3:17', groupId: 17, name: 'Total', columns: [[oc('Over 4.5', 4.0, false, 9)], [oc('Under 4.5', 1.2, false, 10)]] },
]

afterEach(() => {
  vi.useRealTimers()
  document.body.innerHTML = ''
})

describe('MatchDetail: markets', () => {
  it('shows no score for a match that has not started (Prematch answers carry a default 0:0); a live one shows its score', async () => {
    const line = await mountDetail(match(7001, markets(1.85), { score: '0:0' }))
    expect(line.get('[data-testid="match-score"]').text()).toBe('–')
    line.unmount()
    const live = await mountDetail(match(7002, markets(1.85), { key: 'live:7002', lineType: 'live', score: '2:1' }))
    expect(live.get('[data-testid="match-score"]').text()).toBe('2:1')
  })

  it('filters by market name (whole market) and by outcome name (only those outcomes), accents and case aside', async () => {
    fakeMain()
    const w = await mountDetail(match(7001, manyMarkets()))
    expect(names(w)).toEqual(['1X2', 'Total', 'Who Will Score Goal', 'Total'])
    await setFilter(w, 'total')
    expect(names(w)).toEqual(['Total', 'Total'])
    expect(w.findAll('[data-testid="outcome"]')).toHaveLength(4)
    // The filter stays when another match is opened.
    await w.setProps({ result: asResult(match(7002, markets(2.1))) })
    await flushPromises()
    expect(names(w)).toEqual(['Total'])
    expect(w.find('[data-testid="market-count"]').text()).toBe('1 of 2 markets')
    await w.setProps({ result: asResult(match(7001, manyMarkets())) })
    await flushPromises()
    await setFilter(w, 'HÄALAND')
    expect(names(w)).toEqual(['Who Will Score Goal'])
    expect(w.findAll('[data-testid="outcome"]').map((o) => o.text())).toEqual(['Erling Braut Haaland - Yes1.60'])
    expect(w.find('[data-testid="market-count"]').text()).toBe('1 of 4 markets')
    await setFilter(w, 'corners')
    expect(names(w)).toEqual([])
    expect(w.find('[data-testid="market-filter-empty"]').text()).toContain('“corners”')
    await setFilter(w, '')
    expect(names(w)).toHaveLength(4)
  })

  it('opens and closes a market from its header by click and by Enter; collapse all and expand all', async () => {
    fakeMain()
    const w = await mountDetail(match(7001, manyMarkets()))
    expect(openFlags(w)).toEqual([true, true, true, true])
    const toggle = (i: number) => w.findAll('[data-testid="market-toggle"]')[i]!
    await toggle(1).trigger('click')
    expect(openFlags(w)).toEqual([true, false, true, true])
    expect(toggle(1).attributes('aria-expanded')).toBe('false')
    expect(w.findAll('[data-testid="market"]')[1]!.findAll('[data-testid="outcome"]')).toHaveLength(0)
    await toggle(1).trigger('keydown', { key: 'Enter' })
    expect(openFlags(w)).toEqual([true, true, true, true])
    await w.find('[data-testid="markets-collapse"]').trigger('click')
    expect(openFlags(w)).toEqual([false, false, false, false])
    expect(w.findAll('[data-testid="outcome"]')).toHaveLength(0)
    await toggle(2).trigger('click')
    expect(openFlags(w)).toEqual([false, false, true, false])
    await w.find('[data-testid="markets-expand"]').trigger('click')
    expect(openFlags(w)).toEqual([true, true, true, true])
  })

  it('a star pins that market type (every market of its group id) to the top, for this profile, across matches', async () => {
    const fake = fakeMain()
    const w = await mountDetail(match(7001, manyMarkets()))
    expect(fake.callsTo('profiles.marketFavourites')).toEqual([{ id: 'demo' }])
    const star = (i: number) => w.findAll('[data-testid="market-star"]')[i]!
    expect(star(1).attributes('aria-pressed')).toBe('false')
    await star(1).trigger('click') // Total
    await flushPromises()
    expect(fake.callsTo('profiles.setMarketFavourite')).toEqual([{ id: 'demo', groupId: 17, favourite: true }])
    expect(names(w)).toEqual(['Total', 'Total', '1X2', 'Who Will Score Goal'])
    expect(w.findAll('[data-key]').map((m) => m.attributes('data-key'))).toEqual(['1:17', '3:17', '0:1', '2:119'])
    expect(star(0).attributes('aria-pressed')).toBe('true')

    // Another match with the same market type: pinned there too.
    await w.setProps({ result: asResult(match(7002, markets(2.1))) })
    await flushPromises()
    expect(names(w)).toEqual(['Total', '1X2'])

    // Another profile has its own (none), read when it becomes active.
    fake.handle('profiles.list', () => ({ activeId: 'desk-2', profiles: [profile('demo'), profile('desk-2')] }))
    fake.switchProfile('desk-2')
    await flushPromises()
    expect(fake.callsTo('profiles.marketFavourites')).toEqual([{ id: 'demo' }, { id: 'desk-2' }])
    expect(names(w)).toEqual(['1X2', 'Total'])

    // Unstarring puts it back in the service's order.
    fake.handle('profiles.list', () => ({ activeId: 'demo', profiles: [profile('demo'), profile('desk-2')] }))
    fake.switchProfile('demo')
    await flushPromises()
    expect(names(w)).toEqual(['Total', '1X2'])
    await star(0).trigger('click')
    await flushPromises()
    expect(names(w)).toEqual(['1X2', 'Total'])
    expect(fake.favourites.get('demo')).toEqual([])
  })

  it('favourites that cannot be read are asked for once, not on every refresh of the match', async () => {
    const fake = fakeMain()
    fake.handle('profiles.marketFavourites', () => fail('internal', 'store unreadable'))
    const w = await mountDetail(match(7001, manyMarkets()))
    for (const rate of [1.9, 2.0, 2.1]) {
      await w.setProps({ result: asResult(match(7001, markets(rate))) })
      await flushPromises()
    }
    expect(fake.callsTo('profiles.marketFavourites')).toEqual([{ id: 'demo' }])
    expect(names(w)).toEqual(['1X2', 'Total'])
  })

  it('names as sent, template text included: the header keeps the full name in its title, outcome names wrap', async () => {
    fakeMain()
    const long = 'W1 Or ()-() Or ()-() - Yes ||| dto.group 9898 ||| 12037'
    const w = await mountDetail(match(7001, [{ key: '0:9898', groupId: 9898, name: 'Win Or Correct Score {param} – a name far longer than the column it sits in', columns: [[oc(long, 6.5)]] }]))
    const toggle = w.find('[data-testid="market-toggle"]')
    expect(toggle.attributes('title')).toBe('Win Or Correct Score {param} – a name far longer than the column it sits in')
    expect(toggle.find('.market__name').text()).toBe('Win Or Correct Score {param} – a name far longer than the column it sits in')
    const outcome = w.find('[data-testid="outcome"]')
    expect(outcome.find('.oc__name').text()).toBe(long)
    expect(outcome.classes()).toContain('oc--wrap')
  })
})

describe('MatchDetail: a long list of markets', () => {
  it.skipIf(!HAVE_EVENT_CAPTURES)('1,276 markets (the captured ones repeated): few drawn open at first, a page at a time; timed', async () => {
    fakeMain()
    const line = capturedMatch(LINE_EVENT)
    const long = { ...line, markets: repeatMarkets(line.markets!, 1276) }
    const t0 = performance.now()
    const w = await mountDetail(long)
    const firstRenderMs = performance.now() - t0
    expect(w.findAll('[data-testid="market"]')).toHaveLength(MARKET_PAGE)
    expect(openFlags(w).filter(Boolean)).toHaveLength(OPEN_FIRST)
    const openOutcomes = line.markets!.slice(0, OPEN_FIRST).reduce((n, m) => n + m.columns.flat().length, 0)
    expect(w.findAll('[data-testid="outcome"]')).toHaveLength(openOutcomes)
    expect(w.find('[data-testid="market-count"]').text()).toBe('1276 of 1276 markets')

    const t1 = performance.now()
    await w.find('[data-testid="markets-more"]').trigger('click')
    await flushPromises()
    const morePageMs = performance.now() - t1
    expect(w.findAll('[data-testid="market"]')).toHaveLength(2 * MARKET_PAGE)

    // A filter reaches every market, not only those drawn: 49 'Correct Score (17Way)' markets, the first ones open.
    const t2 = performance.now()
    await setFilter(w, 'correct score (17')
    const filterMs = performance.now() - t2
    expect(w.find('[data-testid="market-count"]').text()).toBe('49 of 1276 markets')
    expect(w.findAll('[data-testid="market"]')).toHaveLength(49)
    expect(openFlags(w).filter(Boolean)).toHaveLength(OPEN_FIRST)

    const short = capturedMatch(LINE_EVENT)
    const t3 = performance.now()
    await mountDetail(short)
    const capturedMs = performance.now() - t3
    console.info(`[perf] 1,276 markets (${long.markets.reduce((n, m) => n + m.columns.flat().length, 0)} outcomes): first render ${firstRenderMs.toFixed(0)} ms drawing ${MARKET_PAGE} markets, ${openOutcomes} outcomes, next page ${morePageMs.toFixed(0)} ms, filter ${filterMs.toFixed(0)} ms; the captured 26 markets: ${capturedMs.toFixed(0)} ms`)
    // Generous bound on a shared 2-core machine: the count checks above are what hold the laziness.
    expect(firstRenderMs).toBeLessThan(5000)
  }, 60_000)
})

describe('MatchDetail: sub-matches', () => {
  it('lists the sub-matches as sent, opens one, and from it goes back to the main match (its siblings still listed)', async () => {
    fakeMain()
    const main = match(7001, markets(1.8), { subGames: [{ gameId: 7002, name: 'Corners' }, { gameId: 7003, name: 'Corners,1st half' }, { gameId: null, name: 'Not open' }] })
    const { wrapper: w } = await mountWithApp(MatchDetail, freshPinia(), { props: { result: asResult(main), loading: false, isSelected: () => false } })
    await flushPromises()
    const subs = () => w.findAll('[data-testid="sub-match"]')
    expect(subs().map((s) => s.text())).toEqual(['Corners', 'Corners,1st half', 'Not open'])
    expect(subs()[2]!.attributes('disabled')).toBeDefined()
    expect(w.find('[data-testid="sub-main"]').attributes('aria-current')).toBe('page')
    expect(w.find('[data-testid="sub-back"]').exists()).toBe(false)
    await subs()[1]!.trigger('click')
    expect(w.emitted('openSub')).toEqual([[7003]])

    const sub = rawMatch({ game_id: 7003, game_mid: 7001, game_dop_name: 'Corners', game_desk: '1st half', game_oc_list: [] }, 'line')
    await w.setProps({ result: asResult(sub) })
    await flushPromises()
    expect(w.find('[data-testid="sub-title"]').text()).toBe('Corners · 1st half')
    expect(subs().find((s) => s.attributes('aria-current') === 'page')?.text()).toBe('Corners,1st half')
    expect(w.find('[data-testid="sub-back"]').text()).toBe('← Main match')
    await w.find('[data-testid="sub-back"]').trigger('click')
    expect(w.emitted('openSub')).toEqual([[7003], [7001]])
  })
})

describe('MatchDetail: the feed extras', () => {
  it.skipIf(!HAVE_EVENT_CAPTURES)('the captured live match: statistics table, score by period, the clock counting between refreshes', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    vi.setSystemTime(Date.UTC(2026, 10, 25, 12, 0, 0))
    fakeMain()
    const w = await mountDetail(capturedMatch(LIVE_EVENT))
    const rows = w.findAll('[data-testid="match-stat"]')
    expect(rows).toHaveLength(15)
    expect(rows[0]!.findAll('td, th').map((c) => c.text())).toEqual(['1.45', 'xG', '0.03'])
    expect(rows[3]!.findAll('td, th').map((c) => c.text())).toEqual(['65', 'Possession %', '35'])
    const periods = w.find('[data-testid="match-periods"]')
    expect(periods.findAll('tbody tr').map((r) => r.findAll('td').map((c) => c.text()))).toEqual([['2', '1'], ['0', '0']])
    expect(periods.findAll('thead th').map((c) => c.text())).toEqual(['P1', 'P2'])
    expect(w.find('[data-testid="match-finished"]').exists()).toBe(false)
    // timer 3376 s: 56'16, then it counts on its own.
    expect(w.find('[data-testid="match-clock"]').text()).toBe("period 56'16")
    vi.advanceTimersByTime(2000)
    await flushPromises()
    expect(w.find('[data-testid="match-clock"]').text()).toBe("period 56'18")
    expect(w.find('[data-testid="event-plan"]').exists()).toBe(false)
  })

  it('a group match: its event plan; extra time and an ended match in words; a Prematch match has no statistics', async () => {
    fakeMain()
    const group = rawMatch({
      game_id: 8001, finale: true, extra_time: '+4', score_period: '1:1;0:2', timer: 5640, period_name: 'Ended',
      event_plan: [
        { opp_1_name: 'Spain', opp_2_name: 'Italy', opp_1_icon: 'es.png', opp_2_icon: '', game_start: 1_787_490_000 },
        { opp_1_name: 'France', opp_2_name: 'Ghana', opp_1_icon: '', opp_2_icon: '', game_start: null },
      ],
      game_oc_list: [],
    })
    const w = await mountDetail(group)
    const pairs = w.findAll('[data-testid="event-plan-pair"]')
    expect(pairs.map((p) => p.findAll('.facts__pair span').map((x) => x.text()).join(' '))).toEqual(['Spain – Italy', 'France – Ghana'])
    expect(pairs[0]!.find('img').attributes('src')).toBe('http://cdn.test/opp/v1/color/es.webp')
    expect(pairs[1]!.find('td').text()).toBe('–')
    expect(w.find('[data-testid="match-finished"]').text()).toBe('Ended')
    expect(w.find('[data-testid="match-extra-time"]').text()).toBe('Added time: +4')
    expect(w.find('[data-testid="match-clock"]').attributes('data-ticking')).toBe('false')
    expect(w.find('[data-testid="match-stats"]').exists()).toBe(false)
  })

  it.skipIf(!HAVE_EVENT_CAPTURES)('the captured Prematch match: no statistics, no periods, no clock; its 24 sub-matches listed', async () => {
    fakeMain()
    const w = await mountDetail(capturedMatch(LINE_EVENT))
    expect(w.find('[data-testid="match-stats"]').exists()).toBe(false)
    expect(w.find('[data-testid="match-periods"]').exists()).toBe(false)
    expect(w.find('[data-testid="match-clock"]').exists()).toBe(false)
    expect(w.findAll('[data-testid="sub-match"]')).toHaveLength(24)
  })
})
