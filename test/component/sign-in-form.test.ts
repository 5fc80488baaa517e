import { afterEach, describe, expect, it } from 'vitest'
import { defineComponent, h } from 'vue'
import { flushPromises } from '@vue/test-utils'
import { NSelect } from 'naive-ui'
import SignInForm from '@renderer/components/SignInForm.vue'
import SessionBadge from '@renderer/components/SessionBadge.vue'
import SignInDialog from '@renderer/components/SignInDialog.vue'
import { useAppStore } from '@renderer/stores/app.js'
import { useProfilesStore } from '@renderer/stores/profiles.js'
import type { AccountState, ProfileDto, SessionStatus } from '../../src-shared/contract.js'
import { demoInfo, fail, installFakeDesk, signedOut, type FakeHandlers } from './fake-desk.js'
import { freshPinia, mountWithApp } from './mount.js'

const PASSWORD = 'Pa55-w0rd-never-shown'

function profile(over: Partial<ProfileDto> = {}): ProfileDto {
  return {
    id: 'p1',
    name: 'Partner',
    environment: 'custom',
    couponBaseUrl: 'https://coupons.example',
    feedApiUrl: 'https://feed.example',
    cdnUrl: 'https://cdn.example',
    username: 'alice',
    language: 'en',
    legacyMode: false,
    timeZone: 'utc',
    listener: { enabled: false, host: '127.0.0.1', port: 0, path: '/callbacks' },
    secrets: { password: false, feedApiKey: true, callbackSecret: false },
    ...over,
  }
}
const failed = (accountState: AccountState, code: SessionStatus['reason'] extends infer R ? (R extends { code: infer C } ? C : never) : never, username = 'alice'): SessionStatus => ({
  ...signedOut,
  state: 'failed',
  username,
  accountState,
  reason: { code, detail: 'raw service text' },
})

/** The console's pieces in one page: the header's session badge, and (optionally) the form as Settings shows it. */
async function mountPage(options: { session: SessionStatus; profile?: ProfileDto; inline?: boolean; handlers?: FakeHandlers }) {
  const p = options.profile ?? profile()
  const fake = installFakeDesk({
    'app.info': () => demoInfo({ environment: p.environment, profileId: p.id, profileName: p.name }),
    'session.status': () => options.session,
    'profiles.list': () => ({ activeId: p.id, profiles: [p] }),
    ...options.handlers,
  })
  const Page = defineComponent({ setup: () => () => h('div', [h(SessionBadge), h(SignInDialog), options.inline ? h(SignInForm, { inline: true }) : null]) })
  const pinia = freshPinia()
  const { wrapper } = await mountWithApp(Page, pinia)
  await Promise.all([useAppStore().load(), useProfilesStore().load()])
  await flushPromises()
  return { fake, wrapper }
}
/** Buttons named "Sign in" anywhere on the page (the dialog is teleported to the body). */
const signInButtons = () => [...document.querySelectorAll('button')].filter((b) => b.textContent?.trim() === 'Sign in')
const stateText = () => document.querySelector('[data-testid="sign-in-state"]')?.textContent?.trim() ?? ''

// A failed test leaves its page behind (the dialog lives in the body): every test starts on an empty one.
afterEach(() => {
  document.body.innerHTML = ''
})

describe('the sign-in form', { timeout: 20_000 }, () => {
  it('with Settings’ form on screen, the badge steps aside: exactly one Sign in button', async () => {
    const { wrapper } = await mountPage({ session: signedOut, inline: true })
    expect(signInButtons()).toHaveLength(1)
    expect(signInButtons()[0].closest('[data-testid="sign-in-form"]')).not.toBeNull()
    wrapper.unmount()
  })

  it('a missing password opens the form by itself and says so; still one Sign in button', async () => {
    const { wrapper } = await mountPage({ session: failed('unknown', 'missing_secret') })
    await useAppStore().login() // the window's first sign-in finds no password
    await flushPromises()
    expect(document.querySelector('[data-testid="sign-in-dialog"]')).not.toBeNull()
    expect(stateText()).toBe('No password is stored for this profile. Enter it and sign in.')
    expect(signInButtons()).toHaveLength(1)
    expect(document.body.textContent).toContain('No password is stored for this profile yet.')
    wrapper.unmount()
  })

  it.each([
    ['bad-credentials', 'auth_failed', /Wrong username or password \(1003\)\. Check both/],
    ['disabled', 'account_disabled', /alice is disabled \(1004\)\. Ask the partner to enable it/],
    ['expired', 'account_expired', /alice has expired \(1006\)\. Ask the partner to renew it/],
    ['no-balance', 'account_no_balance', /zero or negative \(1007\).*Top it up/],
  ] as const)('says the account state %s in plain words with what to do', async (accountState, code, words) => {
    const { wrapper } = await mountPage({ session: failed(accountState, code), inline: true })
    expect(stateText()).toMatch(words)
    expect(signInButtons()).toHaveLength(1)
    wrapper.unmount()
  })

  it('Enter in the password field signs in once with what was typed; the password is gone from the page', async () => {
    const calls: unknown[] = []
    const { fake, wrapper } = await mountPage({
      session: failed('bad-credentials', 'auth_failed'),
      inline: true,
      handlers: {
        'session.signIn': (input) => {
          calls.push(input)
          return { ...signedOut, state: 'signed-in', username: input.username, accountState: 'active', tokenTail: 'x9Z1' }
        },
      },
    })
    await wrapper.find('[data-testid="sign-in-username"] input').setValue('bob')
    const field = wrapper.find('[data-testid="sign-in-password"] input')
    await field.setValue(PASSWORD)
    await field.trigger('keydown', { key: 'Enter' })
    await flushPromises()
    expect(calls).toEqual([{ username: 'bob', password: PASSWORD }])
    expect((field.element as HTMLInputElement).value).toBe('')
    expect(document.body.innerHTML).not.toContain(PASSWORD)
    expect(stateText()).toBe('Signed in as bob.')
    expect(fake.callsTo('session.login')).toEqual([])
    wrapper.unmount()
  })

  it('with a stored password and nothing typed, Sign in sends no password (main uses the stored one)', async () => {
    const { fake, wrapper } = await mountPage({
      session: failed('unknown', 'coupon_network'),
      profile: profile({ secrets: { password: true, feedApiKey: true, callbackSecret: false } }),
      inline: true,
      handlers: { 'session.signIn': () => fail('coupon_network', 'refused') },
    })
    expect(document.body.textContent).toContain('A password is stored for this profile')
    await wrapper.find('[data-testid="login"]').trigger('click')
    await flushPromises()
    expect(fake.callsTo('session.signIn')).toEqual([{ username: 'alice' }])
    expect(stateText()).toMatch(/^Sign-in failed: .*try again\.$/)
    wrapper.unmount()
  })

  it('Demo: offers the simulator’s accounts as it lists them; picking one signs in as it, without a password', async () => {
    const { fake, wrapper } = await mountPage({
      session: { ...signedOut, state: 'signed-in', username: 'demo', accountState: 'active' },
      profile: profile({ id: 'demo', name: 'Demo', environment: 'demo', username: 'demo', couponBaseUrl: '', feedApiUrl: '', cdnUrl: '' }),
      inline: true,
      handlers: {
        'demo.accounts': () => [
          { username: 'demo', balance: 10000, state: 'active' },
          { username: 'small', balance: 20, state: 'active' },
          { username: 'disabled', balance: 10000, state: 'disabled' },
        ],
        'session.signIn': (input) => ({ ...signedOut, state: 'signed-in', username: input.username, accountState: 'active' }),
      },
    })
    const select = wrapper.findComponent(NSelect)
    const labels = (select.props('options') as Array<{ label: string }>).map((o) => o.label)
    expect(labels).toEqual(['demo · 10,000.00 · active', 'small · 20.00 · active', 'disabled · 10,000.00 · disabled'])
    expect(wrapper.find('[data-testid="sign-in-password"]').exists()).toBe(false)
    select.vm.$emit('update:value', 'small')
    await flushPromises()
    expect(fake.callsTo('session.signIn')).toEqual([{ username: 'small' }])
    expect(stateText()).toBe('Signed in as small.')
    expect(signInButtons()).toHaveLength(1)
    wrapper.unmount()
  })
})
