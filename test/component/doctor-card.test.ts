import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import DoctorCard from '@renderer/components/DoctorCard.vue'
import ConnectionIndicator from '@renderer/components/ConnectionIndicator.vue'
import FeedErrorAlert from '@renderer/components/FeedErrorAlert.vue'
import ListenerCard from '@renderer/components/ListenerCard.vue'
import { readFeedError } from '@renderer/composables/feed-errors.js'
import { missingKeys } from '@renderer/i18n/index.js'
import { useDoctorStore } from '@renderer/stores/doctor.js'
import { fail, installFakeDesk } from './fake-desk.js'
import { check, report } from './doctor-fixtures.js'
import { freshPinia, mountWithApp } from './mount.js'

const broken = () =>
  report([
    check('coupons.login', { verdict: 'fail', failure: 'auth', figure: { kind: 'kind-from-the-future', value: 1003, unit: null }, advice: 'advice-from-the-future', raw: '<b>Wrong login or password</b>' }),
    check('coupons.account', { verdict: 'skip' }),
    check('coupons.balance', { verdict: 'skip' }),
    check('coupons.token', { verdict: 'skip' }),
    check('clock.offset', { verdict: 'warn', figure: { kind: 'clock-skew', value: 3400, unit: 'ms', extra: { boundMs: 40 } } }),
  ])

const rows = (w: { findAll(s: string): Array<{ attributes(n: string): string | undefined }> }) => w.findAll('[data-testid="doctor-check"]').map((r) => `${r.attributes('data-verdict')} ${r.attributes('data-id')}`)

describe('Settings → Check this environment', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('shows the last report on open: failing first, then warnings, passes and skips, each with a mark and a word', async () => {
    const fake = installFakeDesk({ 'doctor.last': () => broken() })
    const { wrapper } = await mountWithApp(DoctorCard, freshPinia())
    await flushPromises()
    expect(fake.callsTo('doctor.last')).toHaveLength(1)
    expect(fake.callsTo('doctor.run')).toHaveLength(0)
    const order = rows(wrapper)
    expect(order[0]).toBe('fail coupons.login')
    expect(order[1]).toBe('warn clock.offset')
    expect(order.slice(2, 2 + 15).every((r) => r.startsWith('pass '))).toBe(true)
    expect(order.slice(-3)).toEqual(['skip coupons.account', 'skip coupons.balance', 'skip coupons.token'])
    expect(wrapper.find('[data-testid="doctor-overall"]').attributes('data-verdict')).toBe('fail')
    expect(wrapper.find('[data-testid="doctor-overall"]').text()).toContain('Something is broken')
    expect(wrapper.find('[data-testid="doctor-counts"]').text()).toBe('1 failing · 1 warning · 15 passing · 3 skipped')
    const first = wrapper.find('[data-testid="doctor-check"]')
    // Not colour alone: the mark and the word.
    expect(first.find('[data-verdict="fail"]').text()).toBe('✕Fail')
    expect(first.text()).toContain('Sign-in')
    expect(first.text()).toContain('(access refused)')
    wrapper.unmount()
  })

  it('a figure or advice this build does not know is shown raw; the service text is data, never markup', async () => {
    installFakeDesk({ 'doctor.last': () => broken() })
    const { wrapper } = await mountWithApp(DoctorCard, freshPinia())
    await flushPromises()
    const login = wrapper.find('[data-id="coupons.login"]')
    expect(login.find('[data-testid="doctor-figure"]').text()).toContain('kind-from-the-future: 1,003')
    expect(login.find('[data-testid="doctor-advice"]').text()).toBe('advice-from-the-future')
    expect(login.find('[data-testid="doctor-raw"]').text()).toContain('<b>Wrong login or password</b>')
    expect(login.find('b').exists()).toBe(false)
    // An unknown kind keeps its extras, each in the figure's unit.
    expect(wrapper.find('[data-id="clock.offset"] [data-testid="doctor-figure"]').text()).toBe('clock-skew: 3.4 s · boundMs 40 ms')
    wrapper.unmount()
  })

  it('a check id or verdict this build does not know is listed raw, last, never dropped', async () => {
    const future = { id: 'feed.futureCheck', verdict: 'unsure', figure: null, advice: null, ms: 1 } as unknown as ReturnType<typeof check>
    installFakeDesk({ 'doctor.last': () => { const r = broken(); return { ...r, checks: [...r.checks, future] } } })
    const { wrapper } = await mountWithApp(DoctorCard, freshPinia())
    await flushPromises()
    expect(rows(wrapper).at(-1)).toBe('unsure feed.futureCheck')
    const last = wrapper.find('[data-id="feed.futureCheck"]')
    expect(last.text()).toContain('feed.futureCheck')
    expect(last.find('[data-verdict="unsure"]').text()).toBe('?unsure')
    expect(wrapper.find('[data-testid="doctor-group-unsure"]').text()).toContain('unsure · 1')
    expect(wrapper.find('[data-testid="doctor-counts"]').text()).toBe('1 failing · 1 warning · 15 passing · 3 skipped · 1 unsure')
    wrapper.unmount()
  })

  it('a skipped check names the failure it waits on', async () => {
    installFakeDesk({ 'doctor.last': () => broken() })
    const { wrapper } = await mountWithApp(DoctorCard, freshPinia())
    await flushPromises()
    for (const id of ['coupons.account', 'coupons.balance', 'coupons.token']) {
      expect(wrapper.find(`[data-id="${id}"] [data-testid="doctor-waits"]`).text(), id).toBe('Waits on: Sign-in')
      expect(wrapper.find(`[data-id="${id}"] [data-testid="doctor-advice"]`).text(), id).toBe('Fix “Sign-in” first')
    }
    // A passing check has nothing to do: a dash on screen, the words for a screen reader.
    expect(wrapper.find('[data-id="feed.key"] [data-testid="doctor-advice"]').text()).toBe('—Nothing to do')
    wrapper.unmount()
  })

  it('Run shows progress while the checks run, then the new report; it is a real button', async () => {
    const fake = installFakeDesk({ 'doctor.last': () => null, 'doctor.run': () => report([], { at: Date.UTC(2026, 10, 26, 21, 5) }) })
    const { wrapper } = await mountWithApp(DoctorCard, freshPinia())
    await flushPromises()
    expect(wrapper.find('[data-testid="doctor-never"]').exists()).toBe(true)
    const held = fake.hold('doctor.run')
    const run = wrapper.find('[data-testid="doctor-run"]')
    expect(run.element.tagName).toBe('BUTTON')
    await run.trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="doctor-running"]').text()).toContain('Checking…')
    expect(wrapper.find('[data-testid="doctor-card"]').attributes('data-state')).toBe('running')
    // A second click while running does not start another run.
    await run.trigger('click')
    held.release()
    await flushPromises()
    expect(fake.callsTo('doctor.run')).toHaveLength(1)
    expect(wrapper.find('[data-testid="doctor-running"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="doctor-overall"]').text()).toContain('All checks pass')
    expect(wrapper.findAll('[data-testid="doctor-check"]')).toHaveLength(20)
    expect(wrapper.find('[data-testid="doctor-at"]').text()).toContain('Demo')
    wrapper.unmount()
  })

  it('Copy report puts the report on the clipboard as text, in the card’s order, with the service’s own words', async () => {
    installFakeDesk({ 'doctor.last': () => broken() })
    let copied = ''
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void (copied = text) } })
    const { wrapper } = await mountWithApp(DoctorCard, freshPinia())
    await flushPromises()
    await wrapper.find('[data-testid="doctor-copy"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="doctor-copied"]').text()).toBe('Copied')
    const lines = copied.trim().split('\n')
    expect(lines[0]).toMatch(/^Check this environment · Demo · /)
    expect(lines[1]).toBe('Something is broken: 1 failing · 1 warning · 15 passing · 3 skipped')
    expect(lines[3]).toBe('✕ Fail — Sign-in (access refused) — kind-from-the-future: 1,003 — The service said: <b>Wrong login or password</b> — advice-from-the-future')
    expect(lines[4]).toMatch(/^! Warn — Clock offset to the service — /)
    expect(lines.at(-1)).toBe('– Skipped — Session token lifetime — Waits on: Sign-in')
    expect(lines).toHaveLength(3 + 20)
    wrapper.unmount()
  })

  it('a run that could not start says why, with the code', async () => {
    installFakeDesk({ 'doctor.last': () => null, 'doctor.run': () => fail('internal', 'the doctor is not built yet') })
    const { wrapper } = await mountWithApp(DoctorCard, freshPinia())
    await flushPromises()
    await wrapper.find('[data-testid="doctor-run"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="doctor-error"]').text()).toContain('internal')
    expect(wrapper.find('[data-testid="doctor-error"]').text()).toContain('the doctor is not built yet')
    wrapper.unmount()
  })

  it('another profile drops the report shown and reads that profile’s last one', async () => {
    const fake = installFakeDesk({ 'doctor.last': () => broken() })
    const { wrapper } = await mountWithApp(DoctorCard, freshPinia())
    await flushPromises()
    expect(wrapper.findAll('[data-testid="doctor-check"]')).toHaveLength(20)
    fake.handle('doctor.last', () => null)
    fake.switchProfile('other')
    await flushPromises()
    expect(fake.callsTo('doctor.last')).toHaveLength(2)
    expect(wrapper.findAll('[data-testid="doctor-check"]')).toHaveLength(0)
    expect(wrapper.find('[data-testid="doctor-never"]').exists()).toBe(true)
    wrapper.unmount()
  })

  it('in Ukrainian every word of the card is in the table', async () => {
    installFakeDesk({ 'doctor.last': () => broken() })
    const pinia = freshPinia()
    const { wrapper } = await mountWithApp(DoctorCard, pinia)
    ;(wrapper.vm.$i18n as unknown as { locale: string }).locale = 'uk'
    await flushPromises()
    expect(wrapper.find('[data-testid="doctor-counts"]').text()).toBe('1 не пройшла · 1 попередження · 15 пройшли · 3 пропущені')
    expect(wrapper.find('[data-id="coupons.account"] [data-testid="doctor-waits"]').text()).toBe('Чекає на: Вхід')
    expect(missingKeys).toEqual([])
    wrapper.unmount()
  })
})

describe('Check this environment beside a connection error', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('appears when a service goes down, runs the checks and opens Settings', async () => {
    const fake = installFakeDesk({ 'doctor.run': () => report() })
    const pinia = freshPinia()
    const { wrapper, router } = await mountWithApp(ConnectionIndicator, pinia)
    await router.push('/line')
    await flushPromises()
    expect(wrapper.find('[data-testid="check-environment"]').exists()).toBe(false)
    fake.emit({ type: 'connection.changed', service: 'coupons', state: 'offline', reason: { code: 'coupon_network', detail: 'connect ECONNREFUSED' } })
    await flushPromises()
    const button = wrapper.find('[data-testid="check-environment"]')
    expect(button.attributes('aria-label')).toBe('Check this environment')
    await button.trigger('click')
    await flushPromises()
    expect(fake.callsTo('doctor.run')).toHaveLength(1)
    // Settings is loaded on demand: the route changes once its view has loaded.
    await expect.poll(() => router.currentRoute.value.name, { timeout: 10_000 }).toBe('settings')
    expect(useDoctorStore().focusRequest).toBe(1)
    wrapper.unmount()
  })

  it('appears beside the header dots when the sign-in is refused, and goes once signed in', async () => {
    const fake = installFakeDesk()
    const { wrapper } = await mountWithApp(ConnectionIndicator, freshPinia())
    await flushPromises()
    expect(wrapper.find('[data-testid="check-environment"]').exists()).toBe(false)
    const refused = { state: 'failed', username: 'demo', accountState: 'bad-credentials', tokenTail: null, expiresAt: null, reason: { code: 'auth_failed', detail: 'wrong username or password' } } as const
    fake.emit({ type: 'session.changed', status: refused })
    await flushPromises()
    expect(wrapper.find('[data-testid="check-environment"]').exists()).toBe(true)
    fake.emit({ type: 'session.changed', status: { ...refused, state: 'signed-in', accountState: 'active', reason: null } })
    await flushPromises()
    expect(wrapper.find('[data-testid="check-environment"]').exists()).toBe(false)
    wrapper.unmount()
  })
})

describe('the doctor’s codes in words', () => {
  it('every advice code and figure kind the doctor may send has words, in both languages', async () => {
    const { DOCTOR_ADVICE, DOCTOR_FIGURE_KINDS } = await import('../../src-shared/vocabulary/doctor.js')
    const { enDoctor } = await import('@renderer/i18n/en-doctor.js')
    const { ukDoctor } = await import('@renderer/i18n/uk-doctor.js')
    for (const table of [enDoctor, ukDoctor]) expect(DOCTOR_ADVICE.filter((a) => typeof (table.doctor.advice as Record<string, unknown>)[a] !== 'string')).toEqual([])
    // Each kind is worded (not the raw `kind: value` fallback).
    const { figureText } = await import('@renderer/composables/doctor-figures.js')
    const { createDeskI18n } = await import('@renderer/i18n/index.js')
    const i18n = createDeskI18n()
    const t = ((k: string, p?: Record<string, unknown>, n?: number) => (n === undefined ? i18n.global.t(k, p ?? {}) : i18n.global.t(k, p ?? {}, n))) as never
    for (const kind of DOCTOR_FIGURE_KINDS) expect(figureText(t, { kind, value: 1 }, 'en'), kind).not.toMatch(new RegExp(`^${kind}:`))
    expect(missingKeys).toEqual([])
  })

  it('figures read as a desk user says them', async () => {
    const { figureText } = await import('@renderer/composables/doctor-figures.js')
    const { createDeskI18n } = await import('@renderer/i18n/index.js')
    const i18n = createDeskI18n()
    const t = ((k: string, p?: Record<string, unknown>, n?: number) => (n === undefined ? i18n.global.t(k, p ?? {}) : i18n.global.t(k, p ?? {}, n))) as never
    expect(figureText(t, { kind: 'clockOffset', value: 45_012, unit: 'ms', extra: { bound: 3 } }, 'en')).toBe('The service’s clock is 45 s ahead of this machine’s · measured to ± 3 ms')
    expect(figureText(t, { kind: 'clockOffset', value: -2_500, unit: 'ms', extra: { bound: 40 } }, 'en')).toBe('The service’s clock is 2.5 s behind this machine’s · measured to ± 40 ms')
    expect(figureText(t, { kind: 'clockOffset', value: 4, unit: 'ms', extra: { bound: 2, simulated: 3_600_000 } }, 'en')).toBe('The service’s clock is 4 ms ahead of this machine’s · measured to ± 2 ms · the Demo clock’s deliberate lead of 60 min left out')
    expect(figureText(t, { kind: 'daysLeft', value: 4, unit: 'days', extra: { fromHeader: 4, fromAccount: 5, warnDays: 7 } }, 'en')).toBe('4 days left · X-Key-Expires: 4 days · account: 5 days · warns from 7 days')
    expect(figureText(t, { kind: 'accountState', value: 'disabled', extra: { errorCode: 1004 } }, 'en')).toBe('Account: disabled · Refused with the service’s code 1004')
    expect(figureText(t, { kind: 'accountState', value: 'frozen' }, 'en')).toBe('Account: frozen')
    expect(figureText(t, { kind: 'error', value: 'coupon_network' }, 'en')).toMatch(/\(coupon_network\)$/)
    expect(figureText(t, { kind: 'error', value: 'brand_new_code' }, 'en')).toContain('brand_new_code')
    expect(figureText(t, { kind: 'tokenLifetime', value: 3600, unit: 's', extra: { reloginMs: 35 } }, 'en')).toBe('Token valid for another 60 min · signing in again took 35 ms')
    expect(figureText(t, { kind: 'freeBytes', value: 5 * 1024 ** 3, unit: 'bytes', extra: { path: '/data' } }, 'en')).toBe('5 GiB free · at /data')
    expect(figureText(t, { kind: 'strandedCoupons', value: 3, unit: 'count', extra: { url: 'http://127.0.0.1:8787/cb', since: 2 } }, 'en')).toBe('3 open coupons carry another callback URL · the listener is at http://127.0.0.1:8787/cb · since 2')
    // Units are words too: Ukrainian reads its own.
    ;(i18n.global.locale as unknown as { value: string }).value = 'uk'
    expect(figureText(t, { kind: 'clockOffset', value: 45_012, unit: 'ms', extra: { bound: 3 } }, 'uk')).toBe('Годинник сервісу на 45 с попереду годинника цього комп’ютера · точність ± 3 мс')
    expect(figureText(t, { kind: 'daysLeft', value: 2, unit: 'days' }, 'uk')).toBe('Залишилось 2 дні')
  })
})

describe('Check this environment beside the other connection errors', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('a feed key or plan error offers it; a wrong request (usage) does not', async () => {
    installFakeDesk()
    const pinia = freshPinia()
    const blocked = readFeedError('feed_key_blocked', 'Package is blocked')!
    const { wrapper } = await mountWithApp(FeedErrorAlert, pinia, { props: { view: blocked } })
    expect(wrapper.find('[data-testid="check-environment"]').exists()).toBe(true)
    await wrapper.setProps({ view: readFeedError('feed_invalid_language', 'Invalid language')! })
    expect(wrapper.find('[data-testid="check-environment"]').exists()).toBe(false)
    wrapper.unmount()
  })

  it('the listener card offers it beside a listener that could not start', async () => {
    const fake = installFakeDesk()
    fake.topic('listener', { status: { running: true, url: 'http://127.0.0.1:8787/callbacks', reason: null }, connection: { state: 'online', reason: null } })
    const { wrapper } = await mountWithApp(ListenerCard, freshPinia())
    await flushPromises()
    expect(wrapper.find('[data-testid="check-environment"]').exists()).toBe(false)
    fake.pushDelta('listener', { status: { running: false, url: null, reason: { code: 'listener_port_in_use', detail: 'listen EADDRINUSE 127.0.0.1:8787' } }, connection: { state: 'offline', reason: null } })
    await flushPromises()
    expect(wrapper.find('[data-testid="check-environment"]').exists()).toBe(true)
    wrapper.unmount()
  })
})
