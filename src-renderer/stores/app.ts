/** App + session: bridge info, the active environment, session state and the theme and interface-language preferences. */
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { AppInfo, SessionStatus } from '../../src-shared/contract.js'
import { useConnectionStore } from './connection.js'
import { call, isStaleEpoch, onEpochChange, onEvent, toDeskError } from '../api/desk.js'
import { attempt, reportError } from '../composables/errors.js'
import { isUiLanguage, type UiLanguage } from '../i18n/index.js'

/** Sign-in failures only new credentials (or another account) fix: the sign-in form says them, not an error notice. */
export const SIGN_IN_FAILURES: ReadonlySet<string> = new Set(['missing_secret', 'auth_failed', 'account_disabled', 'account_expired', 'account_no_balance'])

export type ThemePreference = 'os' | 'light' | 'dark'
export const THEME_KEY = 'partner-desk.theme'

function readTheme(): ThemePreference {
  try {
    const v = globalThis.localStorage?.getItem(THEME_KEY)
    return v === 'light' || v === 'dark' || v === 'os' ? v : 'os'
  } catch {
    return 'os'
  }
}

export const LANGUAGE_KEY = 'partner-desk.language'

function readLanguage(): UiLanguage {
  try {
    const v = globalThis.localStorage?.getItem(LANGUAGE_KEY)
    return isUiLanguage(v) ? v : 'en'
  } catch {
    return 'en'
  }
}

function remember(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value)
  } catch {
    /* storage unavailable: keep the in-memory choice */
  }
}

export const useAppStore = defineStore('app', () => {
  const info = ref<AppInfo | null>(null)
  const session = ref<SessionStatus | null>(null)
  const theme = ref<ThemePreference>(readTheme())
  /** The interface language, app-wide (App.vue applies it to vue-i18n and `<html lang>`); the feed language is the profile's. */
  const language = ref<UiLanguage>(readLanguage())
  const busy = ref(false)

  /** null until app.info answered: the UI then shows neither DEMO nor LIVE. */
  const environment = computed(() => info.value?.environment ?? null)
  /** Only a known Demo skips the real-placement confirmation. */
  const isDemo = computed(() => environment.value === 'demo')
  const signedIn = computed(() => session.value?.state === 'signed-in')

  async function loadInfo(): Promise<void> {
    const v = await attempt(() => call('app', 'info'), 'app.info')
    if (v) {
      info.value = v
      useConnectionStore().seed(v.connections)
    }
  }
  async function loadSession(): Promise<void> {
    const v = await attempt(() => call('session', 'status'), 'session.status')
    if (v) session.value = v
  }
  async function load(): Promise<void> {
    await Promise.all([loadInfo(), loadSession()])
  }
  /**
   * A window that opens (or a profile that becomes active) signed out signs in once, as the first
   * balance read used to do implicitly: main refreshes balance and active coupons only while signed in.
   */
  async function start(): Promise<void> {
    await load()
    // A sign-in with new credentials signs in itself (it is what moved the epoch).
    if (session.value?.state === 'signed-out' && !signingInWithForm.value) await login()
  }
  /** True while the sign-in form's request runs. */
  const signingInWithForm = ref(false)
  async function login(): Promise<void> {
    busy.value = true
    try {
      session.value = await call('session', 'login')
    } catch (error) {
      // The session's state (session.changed) carries a refused sign-in to the badge and the form.
      if (!isStaleEpoch(error) && !SIGN_IN_FAILURES.has(toDeskError(error).code)) reportError(error, 'session.login')
    } finally {
      busy.value = false
    }
  }
  async function logout(): Promise<void> {
    const v = await attempt(() => call('session', 'logout'), 'session.logout')
    if (v) session.value = v
  }
  function setTheme(pref: ThemePreference): void {
    theme.value = pref
    remember(THEME_KEY, pref)
  }
  function setLanguage(lang: UiLanguage): void {
    language.value = lang
    remember(LANGUAGE_KEY, lang)
  }

  onEvent('session.changed', (e) => {
    session.value = e.status
  })
  // A new profile: its info (environment, endpoints) and session. Data of the old one is dropped by the epoch rule.
  onEpochChange(() => void start())

  return {
    info,
    session,
    theme,
    language,
    busy,
    environment,
    isDemo,
    signedIn,
    signingInWithForm,
    load,
    start,
    loadInfo,
    loadSession,
    login,
    logout,
    setTheme,
    setLanguage,
  }
})
