import { afterAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { createCallbackListener } from '../../../src-main/core/callbacks/listener.js'
import { openTimelineStore, type TimelineStore } from '../../../src-main/core/timeline/store.js'
import { batch, deliver, tempDir } from './helpers.js'

describe('a starting listener and its history', () => {
  const tmp = tempDir('desk-prepare-listener-')
  const store = openTimelineStore(join(tmp.dir, 'timeline.sqlite'))
  afterAll(() => {
    store.close()
    tmp.cleanup()
  })

  it('says it is ready only once the history is prepared for deliveries, and takes them afterwards', async () => {
    let release: () => void = () => undefined
    const asked: number[] = []
    const held = Object.assign(Object.create(store) as TimelineStore, {
      prepareForDeliveries: () => {
        asked.push(Date.now())
        return new Promise<void>((resolve) => (release = resolve)).then(() => store.prepareForDeliveries())
      },
    })
    const listener = createCallbackListener({ port: 0, host: '127.0.0.1', secret: 's3cret', store: held })
    let started = false
    const starting = listener.start().then((r) => ((started = true), r))
    // Listening comes first, then the history is asked; the answer is held, so start must still be waiting.
    while (asked.length === 0) await new Promise((r) => setImmediate(r))
    await new Promise((r) => setImmediate(r))
    expect([asked.length, started]).toEqual([1, false])
    release()
    const { url } = await starting
    try {
      expect((await deliver(url, 's3cret', batch('prep-1', []))).status).toBe(200)
    } finally {
      await listener.stop()
    }
  })

  it('starts anyway when preparing fails (the first delivery then starts what it needs)', async () => {
    const failing = Object.assign(Object.create(store) as TimelineStore, {
      prepareForDeliveries: () => {
        throw new Error('not now')
      },
    })
    const listener = createCallbackListener({ port: 0, host: '127.0.0.1', secret: 's3cret', store: failing })
    const { url } = await listener.start()
    try {
      expect((await deliver(url, 's3cret', batch('prep-2', []))).status).toBe(200)
    } finally {
      await listener.stop()
    }
  })
})
