/** App + session: bridge info, the active environment, session state and the theme and interface-language preferences. */
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { AppInfo, SessionStatus } from '../../src-shared/contract.js'
import { useConnectionStore } from './connection.js'
import { call, onEpochChange, onEvent } from '../api/desk.js'
import { attempt } from '../composables/errors.js'
import { isUiLanguage, type UiLanguage } from '../i18n/index.js'

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
    if (session.value?.state === 'signed-out') await login()
  }
  async function login(): Promise<void> {
    busy.value = true
    try {
      const v = await attempt(() => call('session', 'login'), 'session.login')
      if (v) session.value = v
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

  /* Demo scenarios: drive the simulated services (only offered in Demo). */
  type DemoResult = 'win' | 'lose' | 'return'
  const demoNow = ref<number | null>(null)
  async function demoSettle(code: string, result: DemoResult): Promise<boolean> {
    const ok = (await attempt(() => call('demo', 'settle', { code, result }), 'demo.settle')) !== undefined
    return ok
  }
  async function demoRecalculate(code: string, result: DemoResult): Promise<boolean> {
    const ok = (await attempt(() => call('demo', 'recalculate', { code, result }), 'demo.recalculate')) !== undefined
    return ok
  }
  async function demoAdvance(ms: number): Promise<boolean> {
    const v = await attempt(() => call('demo', 'advanceClock', { ms }), 'demo.advanceClock')
    if (v) {
      demoNow.value = v.now
    }
    return v !== undefined
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
    demoNow,
    load,
    start,
    loadInfo,
    loadSession,
    login,
    logout,
    setTheme,
    setLanguage,
    demoSettle,
    demoRecalculate,
    demoAdvance,
  }
})
