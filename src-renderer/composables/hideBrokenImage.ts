/** `@error` handler for feed/CDN icons: a missing icon disappears instead of leaving a broken box. */
export function hideBrokenImage(event: Event): void {
  const el = event.target as HTMLElement | null
  if (el) el.style.display = 'none'
}
