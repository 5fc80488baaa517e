/**
 * The sign-in form's state: whether it is on screen (the dialog, or the card in Settings), the
 * Demo simulator's accounts to pick from, and the sign-in itself. The password goes to main and is
 * never kept here: the form clears it once sent.
 */
import { defineStore } from 'pinia'
import { computed, ref, watch } from 'vue'
import type { DemoAccountDto, InputOf, SessionStatus } from '../../src-shared/contract.js'
import { call, isStaleEpoch, onEpochChange, toDeskError } from '../api/desk.js'
import { attempt, reportError } from '../composables/errors.js'
import { SIGN_IN_FAILURES, useAppStore } from './app.js'

export type SignInInput = InputOf<'session', 'signIn'>

export const useSignInStore = defineStore('signIn', () => {
  const app = useAppStore()
  const dialogOpen = ref(false)
  /** Sign-in cards mounted in a view (Settings): while one shows, the dialog and the badge's button stay away. */
  const inlineForms = ref(0)
  const busy = ref(false)
  const accounts = ref<DemoAccountDto[]>([])

  const formOnScreen = computed(() => dialogOpen.value || inlineForms.value > 0)
  /** The session failed for a reason only new credentials (or another account) fix. */
  const needsForm = computed(() => {
    const s = app.session
    return s?.state === 'failed' && !!s.reason && SIGN_IN_FAILURES.has(s.reason.code)
  })

  function open(): void {
    if (inlineForms.value === 0) dialogOpen.value = true
  }
  function close(): void {
    dialogOpen.value = false
  }
  /** A view shows the form itself; returns the function that says it is gone. */
  function showInline(): () => void {
    inlineForms.value++
    dialogOpen.value = false
    let shown = true
    return () => {
      if (shown) inlineForms.value--
      shown = false
    }
  }

  async function submit(input: SignInInput): Promise<SessionStatus | undefined> {
    busy.value = true
    app.signingInWithForm = true
    try {
      const status = await call('session', 'signIn', input)
      app.session = status
      if (status.state === 'signed-in') dialogOpen.value = false
      return status
    } catch (error) {
      // A refused sign-in arrives as the session's state, which the form words; anything else is an error notice.
      if (!isStaleEpoch(error) && !SIGN_IN_FAILURES.has(toDeskError(error).code)) reportError(error, 'session.signIn')
      return undefined
    } finally {
      busy.value = false
      app.signingInWithForm = false
    }
  }

  async function loadAccounts(): Promise<void> {
    if (!app.isDemo) {
      accounts.value = []
      return
    }
    const list = await attempt(() => call('demo', 'accounts'), 'demo.accounts')
    if (list) accounts.value = list
  }

  // Credentials missing or refused: the form comes up (in the dialog unless a view shows it already).
  watch(needsForm, (need) => {
    if (need) open()
  })
  onEpochChange(() => {
    accounts.value = []
  })

  return { dialogOpen, inlineForms, busy, accounts, formOnScreen, needsForm, open, close, showInline, submit, loadAccounts }
})
