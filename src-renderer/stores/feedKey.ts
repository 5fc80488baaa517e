/**
 * The active profile's feed key: its expiry (`feed.keyStatus`, then every `feed.key` push) and, on
 * demand, the account (`feed.account`: client, your IP, every key of the client with its plan and
 * usage). Both belong to one profile (`epochRef`: dropped when the profile epoch changes).
 */
import { defineStore } from 'pinia'
import { computed } from 'vue'
import type { FeedAccountDto, FeedAccountKeyDto, FeedKeyDto } from '../../src-shared/contract.js'
import { call, epochRef, isStaleEpoch, onEpochChange, onEvent, toDeskError } from '../api/desk.js'
import { attempt, reportError } from '../composables/errors.js'
import { useProfilesStore } from './profiles.js'

export const useFeedKeyStore = defineStore('feedKey', () => {
  const status = epochRef<FeedKeyDto | null>(() => null)
  const account = epochRef<FeedAccountDto | null>(() => null)
  /** The profile the account was read for. */
  const accountProfileId = epochRef<string | null>(() => null)
  const accountLoading = epochRef(() => false)
  const accountError = epochRef<{ code: string; message: string } | null>(() => null)

  /** The key this profile uses, as the account lists it. */
  const currentKey = computed<FeedAccountKeyDto | null>(() => account.value?.keys.find((k) => k.current) ?? null)
  /** The current key's languages, when the account was read for the active profile. */
  const activeLanguages = computed<string[] | null>(() => {
    const active = useProfilesStore().activeId
    if (!currentKey.value || accountProfileId.value === null || accountProfileId.value !== active) return null
    return currentKey.value.languages
  })

  async function loadStatus(): Promise<void> {
    const v = await attempt(() => call('feed', 'keyStatus'), 'feed.keyStatus')
    if (v) status.value = v
  }

  async function loadAccount(): Promise<void> {
    accountLoading.value = true
    try {
      const profiles = useProfilesStore()
      if (profiles.activeId === null) await profiles.load()
      const v = await call('feed', 'account')
      account.value = v
      accountProfileId.value = profiles.activeId
      accountError.value = null
    } catch (err) {
      // An answer for the previous profile: the epoch change already cleared this state.
      if (isStaleEpoch(err)) return
      const e = toDeskError(err)
      accountError.value = { code: e.code, message: e.message }
      reportError(err, 'feed.account')
    } finally {
      accountLoading.value = false
    }
    // Reading the account can tell the key's expiry before any feed answer did.
    if (status.value === null || status.value.state === 'unknown') void loadStatus()
  }

  // Main tracks the active profile's key only, so every push is about the key in use.
  onEvent('feed.key', (e) => {
    status.value = e.key
  })
  onEpochChange(() => void loadStatus())

  return { status, account, accountProfileId, accountLoading, accountError, currentKey, activeLanguages, loadStatus, loadAccount }
})
