/**
 * The Ukrainian table holds every text of the English one, and nothing else: the same keys, the same
 * `{param}` names in each message, and the three Ukrainian forms wherever a message is counted.
 * Both tables are read as the app loads them (`tables` of i18n/index.ts), never from a list here.
 */
import { describe, expect, it, vi } from 'vitest'
import { createDeskI18n, missingKeys, tables, ukrainianPlural, type MessageSchema } from '@renderer/i18n/index.js'
import { en } from '@renderer/i18n/en.js'
import { uk } from '@renderer/i18n/uk.js'

type Table = Record<string, unknown>

/** Every text of a table by its dotted key. */
function texts(table: Table, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>()
  for (const [k, v] of Object.entries(table)) {
    if (v !== null && typeof v === 'object') for (const [kk, vv] of texts(v as Table, `${prefix}${k}.`)) out.set(kk, vv)
    else out.set(`${prefix}${k}`, v)
  }
  return out
}

const forms = (message: string): string[] => message.split('|')
const params = (message: string): string[] => [...new Set([...message.matchAll(/\{\s*([A-Za-z_]\w*)\s*\}/g)].map((m) => m[1]!))].sort()

/** What is wrong with `other` against `base`: missing and extra keys, other placeholders, wrong plural forms. */
function compareTables(base: Table, other: Table) {
  const b = texts(base)
  const o = texts(other)
  const missing = [...b.keys()].filter((k) => !o.has(k))
  const extra = [...o.keys()].filter((k) => !b.has(k))
  const notText = [...o].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k)
  const placeholders: string[] = []
  const plurals: string[] = []
  for (const [key, bv] of b) {
    const ov = o.get(key)
    if (typeof bv !== 'string' || typeof ov !== 'string') continue
    if (params(bv).join() !== params(ov).join()) placeholders.push(`${key}: {${params(bv).join('}{')}} ≠ {${params(ov).join('}{')}}`)
    const counted = forms(bv).length > 1
    const n = forms(ov).length
    // A counted English message needs all three forms; an English one that is not counted may still be, when it has {n} to count by.
    if ((counted && n !== 3) || (!counted && n !== 1 && !(n === 3 && params(ov).includes('n')))) plurals.push(`${key}: ${n} form(s)`)
  }
  return { missing, extra, notText, placeholders, plurals }
}

describe('the Ukrainian table', () => {
  it('has every key of the English table and no other, with the same placeholders and three forms where counted', () => {
    const diff = compareTables(tables.en, tables.uk)
    expect(texts(tables.en).size).toBeGreaterThan(500)
    expect(diff).toEqual({ missing: [], extra: [], notText: [], placeholders: [], plurals: [] })
  })

  it('the comparison reports a missing key, an extra key, a renamed placeholder and a counted message with two forms', () => {
    const broken = structuredClone(uk) as unknown as Record<string, Record<string, unknown>>
    delete broken.nav!.live
    broken.nav!.extra = 'Зайве'
    broken.env!.live = 'РОБОЧЕ СЕРЕДОВИЩЕ: {profile}'
    ;(broken.timeline!.detail as Record<string, string>).bets = '{n} ставка | {n} ставок'
    ;(broken.balance as Record<string, string>).label = ' '
    const diff = compareTables(en, broken)
    expect(diff.missing).toEqual(['nav.live'])
    expect(diff.extra).toEqual(['nav.extra'])
    expect(diff.placeholders).toEqual(['env.live: {name} ≠ {profile}'])
    expect(diff.plurals).toEqual(['timeline.detail.bets: 2 form(s)'])
    expect(diff.notText).toEqual(['balance.label'])
  })

  it('is typed against the English schema: a table without one of its keys does not compile', () => {
    // @ts-expect-error nav has no `live`, so this is not a MessageSchema
    const incomplete: MessageSchema = { ...tables.uk, nav: { line: 'Лінія', coupons: 'Купони', timeline: 'Хронологія', settings: 'Налаштування' } }
    expect(Object.keys(incomplete.nav)).not.toContain('live')
  })

  it('every Ukrainian message compiles and fills all its placeholders', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const i18n = createDeskI18n()
    i18n.global.locale.value = 'uk'
    const t = i18n.global.t as (key: string, named: Record<string, unknown>, plural?: number) => string
    const unfilled: string[] = []
    for (const [key, message] of texts(tables.uk)) {
      const named = Object.fromEntries(params(String(message)).map((p) => [p, p === 'n' ? 2 : `<${p}>`]))
      const out = t(key, named)
      if (out === key || /\{\s*\w+\s*\}/.test(out) || params(String(message)).some((p) => p !== 'n' && !out.includes(`<${p}>`))) unfilled.push(`${key}: ${out}`)
    }
    expect(unfilled).toEqual([])
    expect(missingKeys).toEqual([])
    expect(warn).not.toHaveBeenCalled()
    warn.mockRestore()
  })

  it('picks the Ukrainian form by the count: one for 1 and 21, few for 2–4 and 22, many for 0, 5–20, 11–14 and 25', () => {
    const i18n = createDeskI18n()
    i18n.global.locale.value = 'uk'
    const t = i18n.global.t as (key: string, named: Record<string, unknown>, plural?: number) => string
    const bets = (n: number) => t('timeline.detail.bets', { n }, n)
    expect([1, 21, 101].map(bets)).toEqual(['1 ставка', '21 ставка', '101 ставка'])
    expect([2, 3, 4, 22, 34].map(bets)).toEqual(['2 ставки', '3 ставки', '4 ставки', '22 ставки', '34 ставки'])
    expect([0, 5, 11, 12, 14, 20, 25, 111].map(bets)).toEqual(['0 ставок', '5 ставок', '11 ставок', '12 ставок', '14 ставок', '20 ставок', '25 ставок', '111 ставок'])
    // Counted by {n} without an explicit count, as the call sites do.
    expect(t('feed.matches', { n: 1 })).toBe('1 матч')
    expect(t('feed.matches', { n: 3 })).toBe('3 матчі')
    expect(t('feed.matches', { n: 12 })).toBe('12 матчів')
    // English keeps its two forms.
    i18n.global.locale.value = 'en'
    expect([1, 2, 5].map(bets)).toEqual(['1 bet', '2 bets', '5 bets'])
  })

  it('the plural rule maps counts to the three forms and stays in range for fewer forms', () => {
    expect([1, 2, 5, 11, 21, 1.5].map((n) => ukrainianPlural(n, 3))).toEqual([0, 1, 2, 2, 0, 1])
    expect([1, 2, 5].map((n) => ukrainianPlural(n, 2))).toEqual([0, 1, 1])
    expect(ukrainianPlural(7, 1)).toBe(0)
  })
})
