import type { WebContents } from './web-contents.js'

/** A frame as Electron's WebFrameMain: one object per frame, so identity comparisons hold. */
export class WebFrameMain {
  url = ''
  name = ''
  parentId: string | null = null
  detached = false
  constructor(
    readonly contents: WebContents,
    readonly frameId: string,
    readonly routingId: number,
  ) {}
  get top(): WebFrameMain | null {
    return this.contents.mainFrame
  }
  get parent(): WebFrameMain | null {
    return this.parentId ? this.contents.frameById(this.parentId) : null
  }
  get origin(): string {
    try {
      const url = new URL(this.url)
      if (url.protocol === 'file:') return 'file://'
      // A custom standard scheme (app://desk) has a real origin in Electron; WHATWG URL says "null".
      return url.origin === 'null' && url.host ? `${url.protocol}//${url.host}` : url.origin
    } catch {
      return 'null'
    }
  }
  get processId(): number {
    return this.contents.id
  }
  isDestroyed(): boolean {
    return this.detached || this.contents.isDestroyed()
  }
  send(channel: string, ...args: unknown[]): void {
    this.contents.sendToFrameId(this.frameId, channel, args)
  }
}
