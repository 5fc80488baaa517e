import { afterEach, describe, expect, it, vi } from 'vitest'
import { defineComponent, h } from 'vue'
import { flushPromises } from '@vue/test-utils'
import { NNotificationProvider, NSelect } from 'naive-ui'
import AppFrame from '@renderer/components/AppFrame.vue'
import ErrorReporter from '@renderer/components/ErrorReporter.vue'
import FeedAccountCard from '@renderer/components/FeedAccountCard.vue'
import ProfileForm from '@renderer/components/ProfileForm.vue'
import { useFeedKeyStore } from '@renderer/stores/feedKey.js'
import { useProfilesStore } from '@renderer/stores/profiles.js'
import type { ProfileDto } from '../../src-shared/contract.js'
import { fail, installFakeDesk } from './fake-desk.js'
import { account, keyStatus } from './feed-fixtures.js'
import { freshPinia, mountWithApp } from './mount.js'

const DAY = 86_400_000
const profile = (id: string, language = 'en'): ProfileDto => ({
  id,
  name: id === 'demo' ? 'Demo' : 'Partner',
  environment: id === 'demo' ? 'demo' : 'custom',
  couponBaseUrl: 'http://127.0.0.1:1',
  feedApiUrl: 'http://127.0.0.1:1/feed',
  cdnUrl: 'http://127.0.0.1:1/cdn',
  username: 'demo',
  language,
  legacyMode: false,
  timeZone: 'utc',
  listener: { enabled: false, host: '127.0.0.1', port: 0, path: '/cb' },
  secrets: { password: true, feedApiKey: true, callbackSecret: true },
})
const profilesList = { activeId: 'demo', profiles: [profile('demo', 'ua'), profile('other')] }

describe('feed key expiry in the header', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('shows nothing while the key is fine, amber a week before, red once expired (pushed by feed.key)', async () => {
    const fake = installFakeDesk({ 'feed.keyStatus': () => keyStatus({ state: 'ok', expiresAt: Date.now() + 30 * DAY, daysLeft: 30 }) })
    const pinia = freshPinia()
    await useFeedKeyStore().loadStatus()
    const { wrapper } = await mountWithApp(AppFrame, pinia)
    await flushPromises()
    const tag = () => wrapper.find('[data-testid="feed-key-tag"]')
    expect(tag().exists()).toBe(false)

    fake.emit({ type: 'feed.key', key: keyStatus({ state: 'soon', expiresAt: Date.now() + 4.5 * DAY, daysLeft: 4 }) })
    await flushPromises()
    expect(tag().attributes('data-state')).toBe('soon')
    expect(tag().text()).toBe('Feed key expires in 4 days')
    expect(tag().attributes('href')).toContain('/settings')
    expect(tag().attributes('data-tone')).toBe('warning')

    fake.emit({ type: 'feed.key', key: keyStatus({ state: 'expired', expiresAt: Date.now() - DAY, daysLeft: 0 }) })
    await flushPromises()
    expect(tag().attributes('data-state')).toBe('expired')
    expect(tag().text()).toBe('Feed key expired')
    expect(tag().attributes('data-tone')).toBe('error')
    wrapper.unmount()
  })

  it('is read again for the new profile when the profile changes', async () => {
    let n = 0
    const fake = installFakeDesk({ 'feed.keyStatus': () => keyStatus(++n === 1 ? { state: 'soon', daysLeft: 2, expiresAt: Date.now() + 2.5 * DAY } : { profileId: 'other', state: 'unknown' }) })
    freshPinia()
    const store = useFeedKeyStore()
    await store.loadStatus()
    expect(store.status?.state).toBe('soon')
    fake.switchProfile('other')
    expect(store.status).toBeNull()
    await flushPromises()
    expect(store.status?.profileId).toBe('other')
    expect(fake.callsTo('feed.keyStatus')).toHaveLength(2)
  })
})

describe('Settings → Feed key & account', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('reads the account on opening: client, your IP, each key with plan, limits and usage; the expiry in full', async () => {
    const fake = installFakeDesk({
      'profiles.list': () => profilesList,
      'feed.account': () => account(),
      'feed.keyStatus': () => keyStatus({ state: 'soon', expiresAt: Date.UTC(2026, 10, 3, 14, 34, 23), daysLeft: 5 }),
    })
    const pinia = freshPinia()
    await useProfilesStore().load()
    const { wrapper } = await mountWithApp(FeedAccountCard, pinia)
    await flushPromises()
    expect(fake.callsTo('feed.account')).toHaveLength(1)
    const expiry = wrapper.find('[data-testid="feed-key-expiry"]')
    expect(expiry.attributes('data-state')).toBe('soon')
    expect(expiry.text()).toContain('Expires 2026-11-03 14:34:23Z')
    expect(expiry.text()).toContain('5 days left')
    expect(wrapper.find('[data-testid="feed-account-client"]').text()).toContain('Example')
    expect(wrapper.find('[data-testid="feed-account-ip"]').text()).toBe('203.0.113.7')

    const keys = wrapper.findAll('[data-testid="feed-account-key"]')
    expect(keys).toHaveLength(2)
    const current = keys[0]!
    expect(current.attributes('data-current')).toBe('true')
    for (const text of ['…c55f', 'in use', 'test', 'active', 'demo 12 days', '2026-11-03 14:34:23Z', '30', 'all', 'ru en ua cn', '2026-10-04 15:20:07Z', 'enforce', '203.0.113.7, 198.51.100.0/24', 'example.com, *.example.com'])
      expect(current.text(), text).toContain(text)
    const usage = current.find('[data-testid="usage-7d"]')
    expect(usage.findAll('thead th').map((th) => th.text())).toEqual(['09-28', '09-29', '09-30', '10-01', '10-02', '10-03', '10-04'])
    expect(usage.findAll('tbody tr:last-child td').map((td) => td.text())).toEqual(['0', '10', '20', '30', '40', '50', '60'])
    const other = keys[1]!
    for (const text of ['…9a1b', 'prod', 'paused', 'not usable now', '1, 3', 'never', 'any']) expect(other.text(), text).toContain(text)
    wrapper.unmount()
  })

  it('a key error while reading the account is shown with what to do', async () => {
    installFakeDesk({
      'profiles.list': () => profilesList,
      'feed.account': () => fail('feed_key_blocked', 'feed error 100: Package is blocked'),
      'feed.keyStatus': () => keyStatus(),
    })
    const pinia = freshPinia()
    await useProfilesStore().load()
    const { wrapper } = await mountWithApp(FeedAccountCard, pinia)
    await flushPromises()
    const alert = wrapper.find('[data-testid="feed-error-alert"]')
    expect(alert.attributes('data-code')).toBe('feed_key_blocked')
    expect(alert.text()).toContain('Ask your account manager why the key was paused')
    expect(alert.find('[data-testid="feed-error-raw"]').text()).toBe('Package is blocked')
    wrapper.unmount()
  })
})

describe("the profile's feed language", () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it("offers the key's languages for the active profile once the account is read; free text otherwise", async () => {
    installFakeDesk({ 'profiles.list': () => profilesList, 'feed.account': () => account() })
    const pinia = freshPinia()
    await useProfilesStore().load()
    const { wrapper } = await mountWithApp(ProfileForm, pinia, { props: { profile: profile('demo', 'ua') } })
    const field = () => wrapper.find('[data-testid="profile-language"]')
    expect(field().attributes('data-source')).toBe('free')

    await useFeedKeyStore().loadAccount()
    await flushPromises()
    expect(field().attributes('data-source')).toBe('key')
    expect(field().text()).toContain('ua')
    const select = wrapper.findAllComponents(NSelect).find((c) => c.attributes('data-testid') === 'profile-language')!
    expect((select.props('options') as Array<{ value: string }>).map((o) => o.value)).toEqual(['ru', 'en', 'ua', 'cn'])

    // Another profile than the active one: the account says nothing about its key.
    await wrapper.setProps({ profile: profile('other', 'de') })
    expect(field().attributes('data-source')).toBe('free')
    wrapper.unmount()
  })

  it('keeps the 2–8 character rule: save is disabled and the field says why', async () => {
    installFakeDesk({ 'profiles.list': () => profilesList })
    const pinia = freshPinia()
    await useProfilesStore().load()
    const { wrapper } = await mountWithApp(ProfileForm, pinia, { props: { profile: profile('other', 'de') } })
    await wrapper.find('[data-testid="profile-language"] input').setValue('x')
    await flushPromises()
    expect(wrapper.find('[data-testid="profile-save"]').attributes('disabled')).toBeDefined()
    expect(wrapper.text()).toContain('2 to 8 characters')
    await wrapper.find('[data-testid="profile-language"] input').setValue('cn')
    await flushPromises()
    expect(wrapper.find('[data-testid="profile-save"]').attributes('disabled')).toBeUndefined()
    wrapper.unmount()
  })
})

describe('the error notification of a typed feed error', () => {
  it('says what is wrong and what to do, with the raw code and text', async () => {
    installFakeDesk({ 'profiles.list': () => profilesList, 'feed.account': () => fail('feed_ip_not_allowed', 'feed error 100: Access from IP 10.1.2.3 is not allowed for this Package') })
    const pinia = freshPinia()
    const Host = defineComponent({ setup: () => () => h(NNotificationProvider, null, { default: () => h(ErrorReporter) }) })
    const { wrapper } = await mountWithApp(Host, pinia)
    await useFeedKeyStore().loadAccount()
    await vi.waitFor(() => expect(document.body.textContent).toContain('This address is not allowed for the feed key'))
    const text = document.body.textContent ?? ''
    expect(text).toContain("Ask your account manager to add 10.1.2.3 to the key's allowed IPs.")
    expect(text).toContain('code 100')
    expect(text).toContain('Access from IP 10.1.2.3 is not allowed for this Package')
    expect(text).toContain('feed_ip_not_allowed')
    expect(text).toContain('While calling feed.account')
    wrapper.unmount()
  })
})
