/**
 * The active profile's favourite market types (`group_id`s): starred in a match's markets, pinned to
 * the top of every match. Kept by main per profile; read again whenever the active profile changes.
 */
import { defineStore } from 'pinia'
import { computed, ref, watch } from 'vue'
import type { MarketFavouritesDto } from '../../src-shared/contract.js'
import { call } from '../api/desk.js'
import { attempt } from '../composables/errors.js'
import { useProfilesStore } from './profiles.js'

export const useMarketFavouritesStore = defineStore('marketFavourites', () => {
  const profiles = useProfilesStore()
  const held = ref<MarketFavouritesDto | null>(null)
  /** The active profile's favourites ([] until read, or when they belong to another profile). */
  const groupIds = computed<number[]>(() => (held.value !== null && held.value.profileId === profiles.activeId ? held.value.groupIds : []))
  const set = computed(() => new Set(groupIds.value))
  const pending = ref(false)

  const keep = (v: MarketFavouritesDto | undefined) => {
    // An answer for a profile that is no longer active is not this profile's list.
    if (v && v.profileId === profiles.activeId) held.value = v
  }

  async function load(): Promise<void> {
    if (profiles.activeId === null) await profiles.load()
    const id = profiles.activeId
    if (id === null) return
    keep(await attempt(() => call('profiles', 'marketFavourites', { id }), 'profiles.marketFavourites'))
  }

  /** The profile whose favourites were asked for (a failed read is not retried on every refresh). */
  let askedFor: string | null | undefined
  /** Reads them once per profile (the first detail shown), then on each profile change. */
  async function ensure(): Promise<void> {
    if (askedFor !== undefined && askedFor === profiles.activeId) return
    askedFor = profiles.activeId
    await load()
    askedFor = profiles.activeId
  }

  async function toggle(groupId: number): Promise<void> {
    const id = profiles.activeId
    if (id === null || pending.value) return
    pending.value = true
    try {
      keep(await attempt(() => call('profiles', 'setMarketFavourite', { id, groupId, favourite: !set.value.has(groupId) }), 'profiles.setMarketFavourite'))
    } finally {
      pending.value = false
    }
  }

  const isFavourite = (groupId: number): boolean => set.value.has(groupId)

  watch(
    () => profiles.activeId,
    (id, before) => {
      // The first profile read is `ensure`'s; this follows a change of the active profile.
      if (id !== null && before !== null && id !== before) void load()
    },
  )

  return { groupIds, pending, load, ensure, toggle, isFavourite }
})
