/** Helpers of the bet slip tests that feed the slip's `feed.event` subscriptions from a fake desk. */
import { flushPromises } from '@vue/test-utils'
import BetSlip from '@renderer/components/BetSlip.vue'
import { useAppStore } from '@renderer/stores/app.js'
import { useBetslipStore, type Selection } from '@renderer/stores/betslip.js'
import type { EventResultDto, MarketDto, MatchDto, WatchTopic } from '../../src-shared/contract.js'
import type { FakeDesk } from './fake-desk.js'
import { match, oc } from './feed-fixtures.js'
import { freshPinia, mountWithApp } from './mount.js'

/** A 1X2 market of `gameId` (W1, X, W2 at these odds; `blocked` names the blocked ones). */
export function resultMarket(gameId: number, w1: number, x = 3.3, w2 = 4.1, blocked: string[] = []): MarketDto {
  const o = (name: string, rate: number, typeId: number) => oc(name, rate, blocked.includes(name), typeId, gameId)
  return { key: '0:1', groupId: 1, name: '1X2', columns: [[o('W1', w1, 1)], [o('X', x, 2)], [o('W2', w2, 3)]] }
}

/** The match with these markets, named FC Perm – FC Brno unless told otherwise. */
export function perm(gameId: number, markets: MarketDto[], over: Partial<MatchDto> = {}): EventResultDto {
  return { kind: 'match', match: match(gameId, markets, { opp1: 'FC Perm', opp2: 'FC Brno', ...over }) }
}

/** A selection of outcome `name` (W1 typeId 1, X 2, W2 3) of `gameId` at `rate`, as the browser picks it. */
export function pick(gameId: number, name: 'W1' | 'X' | 'W2', rate: number, over: Partial<Selection> = {}): Selection {
  const typeId = { W1: 1, X: 2, W2: 3 }[name]
  return { pointer: `line#${gameId}#1#${typeId}#0#${rate}`, lineType: 'line', gameId, matchName: 'FC Perm – FC Brno', marketName: '1X2', outcomeName: name, rate, ...over }
}

/** The gameIds of the held `feed.event` subscriptions, in order. */
export const followedGames = (fake: FakeDesk) => fake.subscriptions('feed.event').map((s) => (s.topic as Extract<WatchTopic, { name: 'feed.event' }>).gameId)

/** Main pushes a new `feed.event` snapshot to the subscribers of one match only. */
export async function pushEvent(fake: FakeDesk, gameId: number, snapshot: EventResultDto): Promise<void> {
  for (const s of fake.subscriptions('feed.event')) {
    if ((s.topic as Extract<WatchTopic, { name: 'feed.event' }>).gameId !== gameId) continue
    fake.emit({ type: 'watch.snapshot', subscriptionId: s.id, seq: ++s.seq, topic: 'feed.event', snapshot })
  }
  await flushPromises()
}

/** A fresh app whose slip holds `selections` (stake `amount`), with the BetSlip mounted. */
export async function mountSlipWith(selections: Selection[], amount: number | null = 10) {
  const pinia = freshPinia()
  await useAppStore().load()
  const slip = useBetslipStore()
  for (const s of selections) slip.add(s)
  slip.amount = amount
  const { wrapper, router } = await mountWithApp(BetSlip, pinia)
  await flushPromises()
  return { slip, wrapper, router }
}
