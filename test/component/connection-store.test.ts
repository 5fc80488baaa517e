import { describe, expect, it } from 'vitest'
import { call } from '@renderer/api/desk.js'
import { useConnectionStore } from '@renderer/stores/connection.js'
import { useAppStore } from '@renderer/stores/app.js'
import { demoInfo, installFakeDesk } from './fake-desk.js'
import { freshPinia } from './mount.js'

describe('connection store', () => {
  it('follows pushed states and upgrades only an unknown state when a call answers', async () => {
    const fake = installFakeDesk({ 'balance.get': () => ({ balance: 1, at: 1 }), 'feed.menu': () => [] })
    freshPinia()
    const conn = useConnectionStore()
    expect(conn.overall).toBe('unknown')

    await call('balance', 'get')
    expect(conn.services.coupons.state).toBe('online')
    expect(conn.services.feed.state).toBe('unknown')

    fake.emit({ type: 'connection.changed', service: 'feed', state: 'offline', message: 'connect ECONNREFUSED' })
    expect(conn.services.feed).toMatchObject({ state: 'offline', message: 'connect ECONNREFUSED' })
    expect(conn.overall).toBe('offline')
    await call('feed', 'menu', { lineType: 'line' })
    expect(conn.services.feed.state).toBe('offline') // a pushed state is main's word, not overridden

    fake.emit({ type: 'connection.changed', service: 'feed', state: 'online', message: null })
    expect(conn.overall).toBe('online')
  })

  it('starts from the states main reports in app.info, for a window that opened late', async () => {
    installFakeDesk({
      'app.info': () =>
        demoInfo({
          connections: {
            coupons: { state: 'online', message: null },
            feed: { state: 'offline', message: 'connect ECONNREFUSED 127.0.0.1:9' },
            listener: { state: 'unknown', message: null },
          },
        }),
    })
    freshPinia()
    const conn = useConnectionStore()
    expect(conn.services.feed.state).toBe('unknown')
    await useAppStore().load()
    expect(conn.services.coupons.state).toBe('online')
    expect(conn.services.feed).toMatchObject({ state: 'offline', message: 'connect ECONNREFUSED 127.0.0.1:9' })
    expect(conn.overall).toBe('offline')
  })
})
