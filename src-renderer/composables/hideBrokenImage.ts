import { shallowReactive } from 'vue'

/** `@error` handler for feed/CDN icons: a missing icon disappears instead of leaving a broken box. */
export function hideBrokenImage(event: Event): void {
  const el = event.target as HTMLElement | null
  if (el) el.style.display = 'none'
}

/**
 * Icons that failed to load in this window. A list row is reused for other matches as the list
 * scrolls, so a failed icon is remembered by its address (not hidden on the element), and is not
 * asked for again each time its team scrolls into view.
 */
const broken = shallowReactive(new Set<string>())

/** The icon's address when it is worth showing: set, and not known to fail. */
export const iconToShow = (url: string | null | undefined): string | null => (url && !broken.has(url) ? url : null)

/** `@error` handler for an icon shown through `iconToShow`. */
export function forgetBrokenIcon(event: Event): void {
  const src = (event.target as HTMLImageElement | null)?.getAttribute('src')
  if (src) broken.add(src)
}
