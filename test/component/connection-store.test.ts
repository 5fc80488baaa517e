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

    fake.emit({ type: 'connection.changed', service: 'feed', state: 'offline', reason: { code: 'feed_network', detail: 'connect ECONNREFUSED' } })
    expect(conn.services.feed).toMatchObject({ state: 'offline', reason: { code: 'feed_network', detail: 'connect ECONNREFUSED' } })
    expect(conn.overall).toBe('offline')
    await call('feed', 'menu', { lineType: 'line' })
    expect(conn.services.feed.state).toBe('offline') // a pushed state is main's word, not overridden

    fake.emit({ type: 'connection.changed', service: 'feed', state: 'online', reason: null })
    expect(conn.overall).toBe('online')
  })

  it('starts from the states main reports in app.info, for a window that opened late', async () => {
    installFakeDesk({
      'app.info': () =>
        demoInfo({
          connections: {
            coupons: { state: 'online', reason: null },
            feed: { state: 'offline', reason: { code: 'feed_network', detail: 'connect ECONNREFUSED 127.0.0.1:9' } },
            listener: { state: 'unknown', reason: null },
          },
        }),
    })
    freshPinia()
    const conn = useConnectionStore()
    expect(conn.services.feed.state).toBe('unknown')
    await useAppStore().load()
    expect(conn.services.coupons.state).toBe('online')
    expect(conn.services.feed).toMatchObject({ state: 'offline', reason: { code: 'feed_network', detail: 'connect ECONNREFUSED 127.0.0.1:9' } })
    expect(conn.overall).toBe('offline')
  })
})

describe('the callback listener on its subscription', () => {
  it('ListenerCard holds the listener topic: state and connection from main, stale while not live', async () => {
    const { default: ListenerCard } = await import('@renderer/components/ListenerCard.vue')
    const { flushPromises } = await import('@vue/test-utils')
    const { mountWithApp } = await import('./mount.js')
    const fake = installFakeDesk()
    fake.topic('listener', { status: { running: true, url: 'http://127.0.0.1:8787/callbacks', reason: null }, connection: { state: 'online', reason: null } })
    const pinia = freshPinia()
    const { wrapper } = await mountWithApp(ListenerCard, pinia)
    await flushPromises()
    const conn = useConnectionStore()
    expect(wrapper.find('[data-testid="listener-state"]').text()).toContain('http://127.0.0.1:8787/callbacks')
    expect(conn.services.listener.state).toBe('online')
    expect(fake.callsTo('listener.status')).toEqual([]) // no polling of the status from the window

    fake.pushDelta('listener', { status: { running: false, url: null, reason: null }, connection: { state: 'offline', reason: { code: 'listener_stopped', detail: null } } })
    await flushPromises()
    expect(wrapper.find('[data-testid="listener-state"]').text()).not.toContain('8787')
    expect(conn.services.listener.state).toBe('offline')

    // A failed start: the code's words from en.ts, main's raw detail verbatim under them.
    fake.pushDelta('listener', { status: { running: false, url: null, reason: { code: 'listener_port_in_use', detail: 'listen EADDRINUSE 127.0.0.1:8787' } }, connection: { state: 'offline', reason: null } })
    await flushPromises()
    expect(wrapper.find('[data-testid="listener-stranded"]').exists()).toBe(false)
    const reason = wrapper.find('[data-testid="state-reason"]')
    expect(reason.attributes('data-code')).toBe('listener_port_in_use')
    expect(reason.text()).toContain('The callback listener port is in use')
    expect(wrapper.find('[data-testid="state-reason-detail"]').text()).toBe('listen EADDRINUSE 127.0.0.1:8787')

    // Open coupons placed with another callback address, or while it is stopped, are counted in words.
    fake.pushDelta('listener', { status: { running: false, url: null, reason: null, stranded: 2 }, connection: { state: 'offline', reason: null } })
    await flushPromises()
    expect(wrapper.find('[data-testid="listener-stranded"]').text()).toBe('The listener is stopped: 2 open coupons expect their settlements here (polling still finds them).')
    fake.pushDelta('listener', { status: { running: true, url: 'http://127.0.0.1:8790/callbacks', reason: null, stranded: 1 }, connection: { state: 'online', reason: null } })
    await flushPromises()
    expect(wrapper.find('[data-testid="listener-stranded"]').text()).toBe('1 open coupon was placed with another callback address: its settlement arrives only by polling.')

    fake.pushState('listener', { live: false, error: { code: 'listener_failed', message: 'EADDRINUSE' } })
    await flushPromises()
    expect(wrapper.find('[data-testid="listener-stale"]').text()).toMatch(/^Stale — last updated/)
    wrapper.unmount()
    await flushPromises()
    expect(fake.subscriptions('listener')).toEqual([])
  })

  it('a profile switch forgets the previous profile\'s service states until main says', async () => {
    const fake = installFakeDesk()
    freshPinia()
    const conn = useConnectionStore()
    await call('app', 'info')
    fake.emit({ type: 'connection.changed', service: 'feed', state: 'offline', reason: { code: 'feed_network', detail: 'connect ECONNREFUSED' } })
    expect(conn.services.feed.state).toBe('offline')
    fake.switchProfile('other')
    expect(conn.services.feed.state).toBe('unknown')
  })
})

describe('a listener port chosen by main', () => {
  it('reads the profiles again once the listener has a URL while the profile still says 0, so an edit keeps the kept port', async () => {
    const { demoProfileDto } = await import('./profile-fixtures.js')
    const { useProfilesStore } = await import('@renderer/stores/profiles.js')
    const { flushPromises } = await import('@vue/test-utils')
    let port = 0
    const fake = installFakeDesk({ 'profiles.list': () => ({ activeId: 'demo', profiles: [demoProfileDto({ listener: { enabled: true, host: '127.0.0.1', port, path: '/callbacks' } })] }) })
    fake.topic('listener', { status: { running: false, url: null, reason: null }, connection: { state: 'offline', reason: null } })
    freshPinia()
    const profiles = useProfilesStore()
    await profiles.load()
    const release = useConnectionStore().listenerWatch.acquire()
    await flushPromises()
    expect(fake.callsTo('profiles.list')).toHaveLength(1)
    port = 40123
    fake.pushDelta('listener', { status: { running: true, url: 'http://127.0.0.1:40123/callbacks', reason: null }, connection: { state: 'online', reason: null } })
    await flushPromises()
    expect(fake.callsTo('profiles.list')).toHaveLength(2)
    expect(profiles.active?.listener.port).toBe(40123)
    release()
  })
})
