import type { Page } from 'playwright-core'

/**
 * Text a desk user needs whole: team and tournament names, prices and outcome names, market and
 * column headers, buttons, the slip's lines, the coupon table's cells, the sport tree's names.
 */
export const TEXT_THAT_MATTERS = [
  '.team__name',
  '.match-cell__tour',
  '.detail__teams strong',
  '.detail__meta span',
  '.market__name',
  '.oc__name',
  '.oc__rate',
  '.inline-odds__label',
  'th',
  'td',
  'button',
  '.n-button__content',
  '.n-tree-node-content__text',
  '.n-base-selection-label',
  '.n-tag__content',
  '.sel__match',
  '.sel__pick',
  '.sel__rate',
  'label',
  '[data-testid="coupon-ellipsis"]',
] as const

export interface ClippedText {
  /** A short path to the element: `tag.class[data-testid]` of it and two ancestors. */
  where: string
  text: string
  /** `overflows 180>120` (scrollWidth > clientWidth) or `cut by div.browser__main (right 14px)`. */
  why: string
  /** A title or aria-label holds the full text: a hover or a screen reader away, so not a failure. */
  excused: boolean
  /** The share of the text's width on screen (1 when only cut vertically): a sliver is unreadable even when excused. */
  shown: number
}

/**
 * Elements under `root` matching `selectors` whose own text is clipped: wider than their box
 * (scrollWidth > clientWidth, for block-level boxes) or partly outside an ancestor that hides
 * overflow (overflow hidden/clip; a scrolling ancestor met first means the rest is a scroll away).
 * A title or aria-label on the element or an ancestor that holds its full text excuses it: the
 * text is a hover or a screen reader away. Invisible and wholly hidden elements are skipped, and
 * so are toasts: they slide in and out over whatever view is measured (notify-audit checks them at rest).
 */
/** The few DOM parts the measurement uses (the node project has no DOM types; this runs in the page). */
interface Rect { left: number; right: number; top: number; bottom: number; width: number; height: number }
interface Style { visibility: string; display: string; opacity: string; overflowX: string; overflowY: string }
interface Element {
  tagName: string
  classList: Iterable<string>
  textContent: string | null
  scrollWidth: number
  clientWidth: number
  parentElement: Element | null
  getAttribute(name: string): string | null
  getBoundingClientRect(): Rect
  closest(selector: string): Element | null
}
interface PageGlobals {
  document: { documentElement: Element; querySelector(s: string): { querySelectorAll(s: string): Iterable<Element> } | null }
  getComputedStyle(el: Element): Style
}

export function findClippedText(page: Page, selectors: readonly string[] = TEXT_THAT_MATTERS, root = 'body'): Promise<ClippedText[]> {
  return page.evaluate(
    ({ selectors, root }) => {
      const { document, getComputedStyle } = globalThis as unknown as PageGlobals
      const squash = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim()
      const name = (el: Element) => {
        const id = el.getAttribute('data-testid')
        const cls = [...el.classList].filter((c) => !c.startsWith('__')).slice(0, 2).join('.')
        return `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}${id ? `[${id}]` : ''}`
      }
      const path = (el: Element) => {
        const parts = [name(el)]
        for (let p = el.parentElement, i = 0; p && i < 2; p = p.parentElement, i++) parts.unshift(name(p))
        return parts.join(' > ')
      }
      const excused = (el: Element, text: string) => {
        for (let p: Element | null = el; p; p = p.parentElement) {
          for (const attr of ['title', 'aria-label']) if (squash(p.getAttribute(attr)).includes(text)) return true
        }
        return false
      }
      const visible = (el: Element) => {
        const style = getComputedStyle(el)
        const rect = el.getBoundingClientRect()
        return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0 && rect.width > 0 && rect.height > 0
      }
      /** The first ancestor that cuts the element on an axis, unless a scrolling one comes first. */
      const cutBy = (el: Element): string | null => {
        const r = el.getBoundingClientRect()
        const axes = { x: true, y: true }
        for (let p = el.parentElement; p && p !== document.documentElement; p = p.parentElement) {
          const style = getComputedStyle(p)
          const pr = p.getBoundingClientRect()
          for (const axis of ['x', 'y'] as const) {
            if (!axes[axis]) continue
            const overflow = axis === 'x' ? style.overflowX : style.overflowY
            if (overflow === 'auto' || overflow === 'scroll') {
              axes[axis] = false
              continue
            }
            if (overflow !== 'hidden' && overflow !== 'clip') continue
            const [lo, hi, plo, phi] = axis === 'x' ? [r.left, r.right, pr.left, pr.right] : [r.top, r.bottom, pr.top, pr.bottom]
            if (hi <= plo || lo >= phi) return 'hidden' // wholly outside: not shown at all
            const before = plo - lo
            const after = hi - phi
            if (before > 1 || after > 1) return `cut by ${name(p)} (${axis === 'x' ? (after > 1 ? 'right' : 'left') : after > 1 ? 'bottom' : 'top'} ${Math.round(Math.max(before, after))}px)`
          }
          if (!axes.x && !axes.y) return null
        }
        return null
      }
      const found: { where: string; text: string; why: string; excused: boolean; shown: number }[] = []
      const seen = new Set<Element>()
      for (const el of document.querySelector(root)?.querySelectorAll(selectors.join(',')) ?? []) {
        if (seen.has(el)) continue
        seen.add(el)
        if (el.closest('.n-notification-container')) continue
        const text = squash(el.textContent)
        if (!text || !visible(el)) continue
        const style = getComputedStyle(el)
        const overflows = style.display !== 'inline' && el.scrollWidth > el.clientWidth + 1
        const cut = cutBy(el)
        if (cut === 'hidden') continue
        const why = overflows ? `overflows ${el.scrollWidth}>${el.clientWidth}` : cut
        const shown = overflows && el.scrollWidth > 0 ? el.clientWidth / el.scrollWidth : 1
        if (why) found.push({ where: path(el), text: text.slice(0, 80), why, excused: excused(el, text), shown: Math.round(shown * 100) / 100 })
      }
      return found
    },
    { selectors: [...selectors], root },
  )
}

/** The offenders, one a line, for a failure message or a warning. */
export const describeClipped = (view: string, found: ClippedText[]): string =>
  found.length === 0 ? '' : `${view}: ${found.length} clipped\n${found.map((f) => `  ${f.where} «${f.text}» — ${f.why}${f.excused ? ' (full text in a title/label)' : ''}`).join('\n')}`
