/**
 * The active profile's feed key: its expiry (`feed.keyStatus`, then every `feed.key` push) and, on
 * demand, the account (`feed.account`: client, your IP, every key of the client with its plan and
 * usage). Both belong to one profile and are dropped when the profile changes.
 */
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { FeedAccountDto, FeedAccountKeyDto, FeedKeyDto } from '../../src-shared/contract.js'
import { call, onEvent, toDeskError } from '../api/desk.js'
import { attempt, reportError } from '../composables/errors.js'
import { useProfilesStore } from './profiles.js'

export const useFeedKeyStore = defineStore('feedKey', () => {
  const status = ref<FeedKeyDto | null>(null)
  const account = ref<FeedAccountDto | null>(null)
  /** The profile the account was read for. */
  const accountProfileId = ref<string | null>(null)
  const accountLoading = ref(false)
  const accountError = ref<{ code: string; message: string } | null>(null)
  let generation = 0

  /** The key this profile uses, as the account lists it. */
  const currentKey = computed<FeedAccountKeyDto | null>(() => account.value?.keys.find((k) => k.current) ?? null)
  /** The current key's languages, when the account was read for the active profile. */
  const activeLanguages = computed<string[] | null>(() => {
    const active = useProfilesStore().activeId
    if (!currentKey.value || accountProfileId.value === null || accountProfileId.value !== active) return null
    return currentKey.value.languages
  })

  async function loadStatus(): Promise<void> {
    const gen = generation
    const v = await attempt(() => call('feed', 'keyStatus'), 'feed.keyStatus')
    if (v && gen === generation) status.value = v
  }

  async function loadAccount(): Promise<void> {
    const gen = generation
    accountLoading.value = true
    try {
      const profiles = useProfilesStore()
      if (profiles.activeId === null) await profiles.load()
      const v = await call('feed', 'account')
      if (gen !== generation) return
      account.value = v
      accountProfileId.value = profiles.activeId
      accountError.value = null
    } catch (err) {
      if (gen !== generation) return
      const e = toDeskError(err)
      accountError.value = { code: e.code, message: e.message }
      reportError(err, 'feed.account')
    } finally {
      if (gen === generation) accountLoading.value = false
    }
    // Reading the account can tell the key's expiry before any feed answer did.
    if (gen === generation && (status.value === null || status.value.state === 'unknown')) void loadStatus()
  }

  // Main tracks the active profile's key only, so every push is about the key in use.
  onEvent('feed.key', (e) => {
    status.value = e.key
  })
  onEvent('profile.changed', () => {
    generation++
    status.value = null
    account.value = null
    accountProfileId.value = null
    accountError.value = null
    accountLoading.value = false
    void loadStatus()
  })

  return { status, account, accountProfileId, accountLoading, accountError, currentKey, activeLanguages, loadStatus, loadAccount }
})
