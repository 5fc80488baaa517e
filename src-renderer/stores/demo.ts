/**
 * Demo scenarios: each drives the embedded simulator through one contract method and keeps what
 * happened, with its figures, for the Scenarios card to say (the words are the i18n table's, put
 * together when shown).
 */
import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { ArgsOf, MethodOf, OutputOf } from '../../src-shared/contract.js'
import { call, onEpochChange } from '../api/desk.js'
import { attempt } from '../composables/errors.js'
import { formatMoney, formatOdds } from '../composables/format.js'
import { statusText, type T } from '../i18n/words.js'
import type { MessageKey } from '../i18n/index.js'

type DemoMethod = MethodOf<'demo'>
export type SettleResult = 'win' | 'lose' | 'return'
/** `at`: shown in the profile's time zone, so the card formats it. */
export interface ScenarioOutcome {
  id: number
  method: DemoMethod
  say: (t: T, dateTime: (ms: number) => string) => string
}

const resultWord = (t: T, r: SettleResult) => t(`demo.results.${r}` as MessageKey)
const KEEP = 5

export const useDemoStore = defineStore('demo', () => {
  /** Newest first. */
  const outcomes = ref<ScenarioOutcome[]>([])
  const busy = ref<DemoMethod | null>(null)
  const clockNow = ref<number | null>(null)
  let nextId = 1

  async function perform<M extends DemoMethod>(method: M, say: (v: OutputOf<'demo', M>) => ScenarioOutcome['say'], ...args: ArgsOf<'demo', M>): Promise<OutputOf<'demo', M> | undefined> {
    busy.value = method
    try {
      const v = await attempt(() => call('demo', method, ...args), `demo.${method}`)
      if (v !== undefined) outcomes.value = [{ id: nextId++, method, say: say(v) }, ...outcomes.value].slice(0, KEEP)
      return v
    } finally {
      busy.value = null
    }
  }

  const settle = (code: string, result: SettleResult) =>
    perform('settle', (v) => (t) =>
      v.coupon
        ? t('demo.done.settled', { code, result: resultWord(t, result), status: statusText(t, 'coupon', v.coupon.status), payout: formatMoney(v.coupon.realWin ?? 0) })
        : t('demo.done.settledUnread', { code, result: resultWord(t, result) }),
    { code, result })
  const recalculate = (code: string, result: SettleResult) =>
    perform('recalculate', (v) => (t, dateTime) =>
      t('demo.done.recalculating', { code, result: resultWord(t, result), at: v.recalculateAt === undefined ? '—' : dateTime(v.recalculateAt) }),
    { code, result })
  async function advance(ms: number) {
    const v = await perform('advanceClock', (a) => (t, dateTime) => t('demo.done.advanced', { minutes: Math.round(ms / 60_000), at: dateTime(a.now) }), { ms })
    if (v) clockNow.value = v.now
    return v
  }
  const startMatch = (gameId: number) => perform('startMatch', (v) => (t) => t('demo.done.started', { id: v.gameId, live: v.liveGameId }), { gameId })
  const finishMatch = (gameId: number, score: [number, number]) =>
    perform('finishMatch', (v) => (t) => t('demo.done.finished', { id: v.gameId, home: v.score[0], away: v.score[1] }), { gameId, score })
  const cancelMatch = (gameId: number) => perform('cancelMatch', (v) => (t) => t('demo.done.cancelled', { id: v.gameId }), { gameId })
  const moveOdds = (pointer: string, rate: number) =>
    perform('moveOdds', (v) => (t) =>
      v.from === null ? t('demo.done.oddsSet', { to: formatOdds(v.to), id: v.gameId }) : t('demo.done.oddsMoved', { from: formatOdds(v.from), to: formatOdds(v.to), id: v.gameId }),
    { pointer, rate })
  const blockOutcome = (pointer: string, blocked: boolean) =>
    perform('blockOutcome', (v) => (t) => t(v.blocked ? 'demo.done.blocked' : 'demo.done.unblocked', { id: v.gameId }), { pointer, blocked })
  const failCallbacks = (count: number) => perform('failCallbacks', (v) => (t) => t('demo.done.failing', { count: v.count }), { count })
  const suppressCallback = (code: string) => perform('suppressCallback', (v) => (t) => t('demo.done.suppressed', { code: v.code }), { code })
  const dropNextPlacement = () => perform('dropNextPlacement', () => (t) => t('demo.done.dropArmed'))
  const setBalance = (balance: number) =>
    perform('setBalance', (v) => (t) => t('demo.done.balanceSet', { username: v.username, balance: formatMoney(v.balance) }), { balance })
  const revokeTokens = () => perform('revokeTokens', () => (t) => t('demo.done.revoked'))

  // What was done belongs to the profile it was done in.
  onEpochChange(() => {
    outcomes.value = []
    clockNow.value = null
  })

  return {
    outcomes,
    busy,
    clockNow,
    settle,
    recalculate,
    advance,
    startMatch,
    finishMatch,
    cancelMatch,
    moveOdds,
    blockOutcome,
    failCallbacks,
    suppressCallback,
    dropNextPlacement,
    setBalance,
    revokeTokens,
  }
})
