/* global window, document, requestAnimationFrame */
/**
 * The bench's baseline: a plain virtualised list of the same rows (tournament headers and matches:
 * start, teams, three prices, more-markets count) with @tanstack/virtual-core, the library under
 * the console's own list, and nothing else: no framework, no components, no reactivity.
 */
import { Virtualizer, elementScroll, observeElementOffset, observeElementRect } from './vc/index.js'

const ROW = 42
const GROUP = 26
const scroller = document.getElementById('scroller')
const space = document.getElementById('space')
let rows = []
const shown = new Map()

/** The list topic's data in a message main pushed (a subscribe answer or a snapshot event). */
function snapshotOf(message) {
  const groups = message.event ? message.event.snapshot : message.result.value.snapshot
  const out = []
  for (const t of groups) {
    out.push({ key: `t${t.tournamentId}`, group: t })
    for (const m of t.matches) out.push({ key: m.key, match: m })
  }
  return out
}

/** The main market's three prices by outcome type, as the console's list places them. */
function mainPrices(market) {
  const outcomes = market ? market.columns.flat() : []
  const by = (types) => types.map((t) => outcomes.find((o) => o.typeId === t))
  if (outcomes.some((o) => o.typeId === 1 || o.typeId === 2 || o.typeId === 3)) return by([1, 2, 3])
  if (outcomes.some((o) => o.typeId === 401 || o.typeId === 402)) return by([401, null, 402])
  return outcomes.slice(0, 3)
}

function fill(el, row) {
  if (row.group) {
    el.className = 'item group'
    el.style.height = `${GROUP}px`
    el.innerHTML = ''
    const name = document.createElement('span')
    name.textContent = row.group.tournamentName
    const count = document.createElement('span')
    count.textContent = String(row.group.matches.length)
    el.append(name, count)
    return
  }
  const m = row.match
  const prices = mainPrices(m.markets && m.markets[0])
  el.className = 'item row'
  el.style.height = `${ROW}px`
  el.innerHTML = ''
  const start = document.createElement('span')
  start.textContent = new Date(m.startMs).toISOString().slice(5, 16).replace('T', ' ')
  const teams = document.createElement('span')
  teams.textContent = `${m.opp1} – ${m.opp2}`
  const odds = document.createElement('span')
  odds.className = 'odds'
  for (let i = 0; i < 3; i++) {
    const p = document.createElement('span')
    p.textContent = prices[i] ? prices[i].rate.toFixed(2) : '–'
    odds.append(p)
  }
  const more = document.createElement('span')
  more.textContent = `+${m.oddsCounter}`
  el.append(start, teams, odds, more)
}

const virtualizer = new Virtualizer({
  count: 0,
  getScrollElement: () => scroller,
  estimateSize: (i) => (rows[i] && rows[i].group ? GROUP : ROW),
  getItemKey: (i) => (rows[i] ? rows[i].key : i),
  overscan: 8,
  scrollToFn: elementScroll,
  observeElementRect,
  observeElementOffset,
  onChange: () => render(),
})
virtualizer._didMount()

/** Keyed: a row still in view keeps its element; it is filled again only when its data object changed. */
function render() {
  space.style.height = `${virtualizer.getTotalSize()}px`
  const keep = new Set()
  for (const item of virtualizer.getVirtualItems()) {
    const row = rows[item.index]
    if (!row) continue
    keep.add(item.key)
    let slot = shown.get(item.key)
    if (!slot) {
      slot = { el: document.createElement('div'), data: null }
      space.append(slot.el)
      shown.set(item.key, slot)
    }
    const data = row.group || row.match
    if (slot.data !== data) {
      fill(slot.el, row)
      slot.data = data
    }
    slot.el.style.transform = `translateY(${item.start}px)`
  }
  for (const [key, slot] of shown) {
    if (keep.has(key)) continue
    slot.el.remove()
    shown.delete(key)
  }
}

function afterPaint() {
  return new Promise((resolve) =>
    requestAnimationFrame((frameAt) => {
      const ch = new MessageChannel()
      ch.port1.onmessage = () => {
        ch.port1.close()
        resolve({ frameAt, at: performance.now() })
      }
      ch.port2.postMessage(null)
    }),
  )
}

/** Takes a pushed message's text: a snapshot gives new rows; a delta patches the matches it names. Then the rows in view are drawn again where their data changed. */
function apply(text) {
  const message = JSON.parse(text)
  if (message.event && message.event.type === 'watch.delta') {
    const at = new Map(rows.map((r, i) => [r.key, i]))
    for (const p of message.event.delta.changed || []) {
      const i = at.get(p.key)
      if (i === undefined) continue
      const m = { ...rows[i].match, markets: rows[i].match.markets.slice() }
      for (const [k, col, row, rate] of p.markets.prices || []) {
        const columns = m.markets[k].columns.map((c) => c.slice())
        columns[col][row] = { ...columns[col][row], rate }
        m.markets[k] = { ...m.markets[k], columns }
      }
      rows[i] = { key: p.key, match: m }
    }
  } else rows = snapshotOf(message)
  virtualizer.setOptions({ ...virtualizer.options, count: rows.length })
  virtualizer._willUpdate()
  render()
}

window.__plain = {
  scroller,
  rowCount: () => rows.length,
  shown: () => shown.size,
  afterPaint,
  /** ms from the text in hand to its rows painted, and the main-thread split (script, frame). */
  async load(text) {
    rows = []
    shown.forEach((s) => s.el.remove())
    shown.clear()
    scroller.scrollTop = 0
    await afterPaint()
    const t0 = performance.now()
    apply(text)
    const t1 = performance.now()
    const f = await afterPaint()
    return { total: f.at - t0, script: t1 - t0, frame: f.at - Math.max(f.frameAt, t1) }
  },
  async refresh(text) {
    const t0 = performance.now()
    apply(text)
    const t1 = performance.now()
    const f = await afterPaint()
    return { total: f.at - t0, script: t1 - t0, frame: f.at - Math.max(f.frameAt, t1) }
  },
}
