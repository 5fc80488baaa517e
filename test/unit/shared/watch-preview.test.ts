import { describe, expect, it } from 'vitest'
import type { DeskEventBody, TournamentEventsDto, WatchTopic } from '../../../src-shared/contract.js'
import { createWatchRegistry, LIVE, topicKey, type WatchSourceHooks } from '../../../src-main/core/shared/watch.js'
import { listHead } from '../../../src-main/core/desk/list-head.js'

/**
 * A big list in two parts: the registry pushes (or answers) a source's preview first, marked
 * `partial`, and the whole list after it, so a window can draw its first rows before the megabytes.
 */

type Snap = Extract<DeskEventBody, { type: 'watch.snapshot' }>
const list = (n: number, perTournament = 7): TournamentEventsDto[] =>
  Array.from({ length: Math.ceil(n / perTournament) }, (_, t) => ({
    tournamentId: t + 1,
    tournamentName: `T${t + 1}`,
    matches: Array.from({ length: Math.min(perTournament, n - t * perTournament) }, (_, i) => ({ key: `m${t * perTournament + i}` }) as never),
  }))
const keys = (l: unknown) => (l as TournamentEventsDto[]).flatMap((t) => t.matches.map((m) => m.key))
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

function sources() {
  const opened: Array<{ key: string; hooks: WatchSourceHooks; snapshot: unknown }> = []
  return {
    opened,
    open: (topic: WatchTopic, hooks: WatchSourceHooks) => {
      const s = { key: topicKey(topic), hooks, snapshot: null as unknown }
      opened.push(s)
      return {
        snapshot: () => s.snapshot as never,
        state: () => LIVE,
        close: () => undefined,
        preview: (value: unknown) => listHead(value as TournamentEventsDto[], { over: 30, first: 10 }) as never,
      }
    },
  }
}
const topic: WatchTopic = { name: 'feed.events', lineType: 'line', sportId: 1, tournamentId: 0, all: true }

/** A registry bound at `epoch`, what it emits, and a first window watching the big list's topic. */
function watching(epoch: number) {
  const reg = createWatchRegistry()
  const src = sources()
  const out: DeskEventBody[] = []
  reg.bind({ epoch, emit: (e) => out.push(e), open: src.open })
  reg.subscribe('w-1', topic)
  return { reg, src, out }
}

describe('a big list in two parts', () => {
  it('the first matches in the list order, the tournament they end in cut short; none for a list not over the limit', () => {
    const big = list(45)
    const { part: head, whole } = listHead(big, { over: 30, first: 10 })!
    expect(whole).toBe(45)
    expect(keys(head)).toEqual(keys(big).slice(0, 10))
    expect(head.map((t) => t.tournamentId)).toEqual([1, 2])
    expect(head[0]).toBe(big[0]) // whole tournaments are the list's own objects
    expect(Object.keys(head[1]).sort()).toEqual(['matches', 'tournamentId', 'tournamentName'])
    expect(listHead(list(30), { over: 30, first: 10 })).toBeNull()
    expect(listHead(big, { over: 0, first: 10 })).toBeNull()
  })

  it('a pushed snapshot goes as its first part, then whole at a later seq; the next delta follows the whole', () => {
    const { src, out } = watching(2)
    const whole = list(45)
    src.opened[0].snapshot = whole
    src.opened[0].hooks.snapshot(whole as never)
    const [head, full] = out as Snap[]
    expect(head).toMatchObject({ type: 'watch.snapshot', partial: true, whole: 45 })
    expect(keys(head.snapshot as TournamentEventsDto[])).toHaveLength(10)
    expect(full.partial).toBeUndefined()
    expect(full.whole).toBeUndefined()
    expect(full.snapshot).toBe(whole)
    expect(full.seq).toBeGreaterThan(head.seq)
    src.opened[0].hooks.delta({} as never)
    expect((out[2] as { prev: number }).prev).toBe(full.seq)
    // Once a window holds the list, a snapshot pushed later (a refresh no delta can say) goes whole:
    // a window scrolled down the list must not see it shrink to its first part.
    src.opened[0].hooks.snapshot(list(50) as never)
    expect((out[3] as Snap).partial).toBeUndefined()
    expect(keys((out[3] as Snap).snapshot)).toHaveLength(50)
    expect(out).toHaveLength(4)
  })

  it('a source whose snapshot a window was answered with pushes its next snapshot whole', () => {
    const { reg, src, out } = watching(2)
    src.opened[0].snapshot = list(45)
    expect(reg.subscribe('w-2', topic).partial).toBe(true)
    src.opened[0].hooks.snapshot(list(46) as never)
    const pushed = out.filter((e): e is Snap => e.type === 'watch.snapshot' && e.subscriptionId === 'w-1')
    expect(pushed.map((e) => e.partial ?? false)).toEqual([false])
  })

  it('an answer carries the first part; the whole follows to that subscriber alone, at the same seq, after the answer', async () => {
    const { reg, src, out } = watching(3)
    const whole = list(45)
    src.opened[0].snapshot = whole
    const answer = reg.subscribe('w-2', topic)
    expect(answer.partial).toBe(true)
    expect(answer.whole).toBe(45)
    expect(keys(answer.snapshot as TournamentEventsDto[])).toEqual(keys(whole).slice(0, 10))
    expect(out).toHaveLength(0) // not before the answer has gone
    await nextTurn()
    expect(out).toEqual([{ type: 'watch.snapshot', subscriptionId: 'w-2', seq: answer.seq, topic: 'feed.events', snapshot: whole }])
    // Gone before its turn came: nothing follows.
    const again = reg.subscribe('w-3', topic)
    expect(again.partial).toBe(true)
    reg.unsubscribe('w-3')
    await nextTurn()
    expect(out).toHaveLength(1)
  })

  it('a source without a preview, or a small list, is answered whole', async () => {
    const { reg, src, out } = watching(1)
    src.opened[0].snapshot = list(20)
    const answer = reg.subscribe('w-2', topic)
    expect(answer.partial).toBeUndefined()
    expect(answer.whole).toBeUndefined()
    expect(answer.snapshot).toBe(src.opened[0].snapshot)
    await nextTurn()
    expect(out).toHaveLength(0)
  })

  it('after a profile switch the new binding pushes each big list in two parts too', () => {
    const { reg, out } = watching(1)
    const src2 = sources()
    const open = (t: WatchTopic, hooks: WatchSourceHooks) => {
      const s = src2.open(t, hooks)
      src2.opened[0].snapshot = list(45)
      return s
    }
    reg.bind({ epoch: 2, emit: (e) => out.push(e), open })
    const snaps = out.filter((e): e is Snap => e.type === 'watch.snapshot')
    expect(snaps.map((e) => e.partial ?? false)).toEqual([true, false])
    expect(keys(snaps[1].snapshot as TournamentEventsDto[])).toHaveLength(45)
  })
})
