/* global window, document, requestAnimationFrame */
/**
 * Loaded into a page before its own scripts (Playwright `addInitScript`); the bench calls it as
 * `window.__deskProbe`. It watches the console from outside the app: when each big WebSocket
 * message arrives (before the app parses it), the app's user-timing marks (composables/perf-marks.ts),
 * and animation frames while a scroll runs. It keeps the text of the last big message main sent, so
 * a refresh can be built from exactly what main pushed.
 */
;(() => {
  const BIG = 64 * 1024
  const APPLIED = 'desk:list:applied'
  const PAINTED = 'desk:list:painted'
  const sockets = []
  const arrivals = []
  const marks = []
  let lastBigText = null
  let refreshText = null

  const Native = window.WebSocket
  window.WebSocket = class ProbedSocket extends Native {
    constructor(...args) {
      super(...args)
      sockets.push(this)
      // Registered before the app sets `onmessage`, so it runs first: the arrival, before any parsing.
      this.addEventListener('message', (e) => {
        const text = typeof e.data === 'string' ? e.data : ''
        if (text.length < BIG) return
        arrivals.push({ at: performance.now(), bytes: text.length })
        if (e.isTrusted) lastBigText = text
      })
    }
  }
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name.startsWith('desk:')) marks.push({ name: e.name, at: e.startTime, detail: e.detail ?? {} })
  }).observe({ type: 'mark', buffered: true })

  /** After the next frame's paint (a task queued from its animation callback runs after it). */
  const afterPaint = () =>
    new Promise((resolve) =>
      requestAnimationFrame((frameAt) => {
        const ch = new MessageChannel()
        ch.port1.onmessage = () => {
          ch.port1.close()
          resolve({ frameAt, at: performance.now() })
        }
        ch.port2.postMessage(null)
      }),
    )

  window.__deskProbe = {
    marksSeen: () => marks.length,
    hasText: () => lastBigText !== null,
    text: () => lastBigText,
    /** Lets the held message text go (before the heap is measured). */
    forget: () => void (lastBigText = refreshText = null),

    /**
     * After mark number `from`: the list of more than `more` rows applied by the store, painted, and
     * the big message it came in. null until all three are seen.
     */
    firstPaint({ from, more }) {
      const seen = marks.slice(from)
      const paintOf = (applied) => seen.find((m) => m.name === PAINTED && m.at >= applied.at && m.detail.shown > 0)
      const arrivalOf = (applied) => arrivals.filter((a) => a.at <= applied.at).at(-1)
      const applied = seen.find((m) => m.name === APPLIED && m.detail.rows > more)
      if (!applied) return null
      const painted = paintOf(applied)
      const arrival = arrivalOf(applied)
      // A big list may come in two parts (its first rows, then the whole): the whole one too.
      const whole = seen.find((m) => m.name === APPLIED && m.detail.rows > more && !m.detail.partial)
      const wholePainted = whole && paintOf(whole)
      if (!painted || !arrival || !wholePainted) return null
      return {
        rows: whole.detail.rows,
        firstRows: applied.detail.rows,
        shown: painted.detail.shown,
        bytes: arrival.bytes,
        total: painted.at - arrival.at,
        parse: applied.at - arrival.at,
        render: painted.at - applied.at,
        whole: wholePainted.at - arrival.at,
        wholeBytes: arrivalOf(whole).bytes,
      }
    },

    /** Holds `text` as the list message (a page that has no socket of its own: the plain list). */
    hold: (text) => void (lastBigText = text),
    pending: () => refreshText,

    /**
     * The last list message main sent, turned into a refresh in which `changed` matches, spread over
     * the list, have their first main price moved (by `round` ticks, so each round differs from the
     * one before): a whole snapshot (`mode` 'snapshot') or main's list delta ('delta'), in the shape
     * main's diff gives a moved price (src-main/core/desk/feed-delta.ts): `[market position, column,
     * row, price]`, its pointer derived by the window. Held for `apply`.
     */
    buildRefresh({ changed, round, mode }) {
      const message = JSON.parse(lastBigText)
      const from = message.event ?? { ...message.result.value, epoch: message.result.epoch }
      const groups = from.snapshot
      const priced = []
      for (const t of groups)
        for (const m of t.matches) {
          const market = m.markets?.[0]
          if (!market) continue
          for (let col = 0; col < market.columns.length && priced.at(-1)?.match !== m; col++)
            for (let row = 0; row < market.columns[col].length; row++)
              if (market.columns[col][row].typeId === 1 || market.columns[col][row].typeId === 401) {
                priced.push({ match: m, market, col, row })
                break
              }
        }
      const step = priced.length / Math.min(changed, priced.length)
      const patches = []
      for (let i = 0; i < priced.length && patches.length < changed; i += step) {
        const { match, market, col, row } = priced[Math.floor(i)]
        const outcome = market.columns[col][row]
        outcome.rate = Math.round((outcome.rate + 0.01 * round) * 100) / 100
        patches.push({ key: match.key, markets: { prices: [[match.markets.indexOf(market), col, row, outcome.rate]] } })
      }
      // Far above main's own seq, so main's next push (older) does not undo it.
      const seq = from.seq + 1000 + round
      const topic = from.topic?.name ?? from.topic ?? 'feed.events'
      const event =
        mode === 'delta'
          ? { type: 'watch.delta', subscriptionId: from.subscriptionId, seq, topic, delta: { changed: patches }, epoch: from.epoch }
          : { type: 'watch.snapshot', subscriptionId: from.subscriptionId, seq, topic, snapshot: groups, epoch: from.epoch }
      refreshText = JSON.stringify({ event })
      return { bytes: refreshText.length, changed: patches.length }
    },

    /** Hands the refresh to the app's socket as a message from main (the page's real event path from there), and times the main thread: script until the app's updates are flushed, then the frame that shows them. */
    async apply() {
      const ws = sockets.find((s) => s.readyState === 1)
      if (!ws) throw new Error('no open socket')
      const t0 = performance.now()
      ws.dispatchEvent(new MessageEvent('message', { data: refreshText }))
      // Vue flushes its updates in a microtask queued during the dispatch: this one runs after it.
      await Promise.resolve()
      const t1 = performance.now()
      const f = await afterPaint()
      return { total: f.at - t0, script: t1 - t0, frame: f.at - Math.max(f.frameAt, t1) }
    },

    /**
     * Scrolls the element `selector` finds from top to bottom at a steady speed over `ms`, one step
     * per animation frame; returns the frames, how many came over 20 ms after the one before, and how
     * many display frames those late ones dropped (a slow page has fewer frames, all late: the count
     * of late frames alone would favour the slower one).
     */
    scroll({ selector, ms }) {
      const el = document.querySelector(selector)
      return new Promise((resolve) => {
        const gaps = []
        const end = el.scrollHeight - el.clientHeight
        let start = null
        let last = null
        const step = (t) => {
          if (start === null) start = t
          if (last !== null) gaps.push(t - last)
          last = t
          const f = Math.min(1, (t - start) / ms)
          el.scrollTop = Math.round(end * f)
          if (f < 1) requestAnimationFrame(step)
          // A gap over 20 ms is a late frame; the display's 60 Hz frames that went by in it showed nothing new (dropped).
          else resolve({ frames: gaps.length, over20: gaps.filter((g) => g > 20).length, dropped: gaps.reduce((n, g) => n + (g > 20 ? Math.round(g / (1000 / 60)) - 1 : 0), 0), worst: Math.max(0, ...gaps), px: end })
        }
        el.scrollTop = 0
        requestAnimationFrame(() => requestAnimationFrame(step))
      })
    },
    afterPaint,
  }
})()
