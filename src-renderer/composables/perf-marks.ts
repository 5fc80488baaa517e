/**
 * User-timing marks around the match list's updates: `npm run bench` reads them in Chromium, and a
 * developer sees them in a performance recording. Only the latest mark of a name is kept, so a
 * console open all day does not pile entries up in the page's timeline.
 */
export const LIST_APPLIED = 'desk:list:applied'
export const LIST_PAINTED = 'desk:list:painted'

export function mark(name: string, detail?: Record<string, number>): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return
  performance.clearMarks(name)
  performance.mark(name, detail ? { detail } : undefined)
}

/** Marks `name` once the frame that shows the current DOM has been painted (a task queued from that frame's animation callback runs after its paint). */
export function markAfterPaint(name: string, detail?: () => Record<string, number>): void {
  if (typeof requestAnimationFrame !== 'function' || typeof MessageChannel !== 'function') return
  requestAnimationFrame(() => {
    const shown = detail?.()
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      mark(name, shown)
    }
    channel.port2.postMessage(null)
  })
}
