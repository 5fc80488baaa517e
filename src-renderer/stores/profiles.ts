/** Connection profiles: list, select, save, remove, and write-only secrets. */
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { InputOf, ProfileDto, SecretKind } from '../../src-shared/contract.js'
import { call, onEpochChange } from '../api/desk.js'
import { attempt } from '../composables/errors.js'

export type ProfileInput = InputOf<'profiles', 'save'>

export const useProfilesStore = defineStore('profiles', () => {
  const profiles = ref<ProfileDto[]>([])
  const activeId = ref<string | null>(null)
  const loading = ref(false)

  const active = computed(() => profiles.value.find((p) => p.id === activeId.value) ?? null)

  function upsert(p: ProfileDto): void {
    const i = profiles.value.findIndex((x) => x.id === p.id)
    if (i >= 0) profiles.value.splice(i, 1, p)
    else profiles.value.push(p)
  }

  async function load(): Promise<void> {
    loading.value = true
    try {
      const v = await attempt(() => call('profiles', 'list'), 'profiles.list')
      if (v) {
        profiles.value = v.profiles
        activeId.value = v.activeId
      }
    } finally {
      loading.value = false
    }
  }
  async function select(id: string): Promise<boolean> {
    const v = await attempt(() => call('profiles', 'select', { id }), 'profiles.select')
    if (!v) return false
    upsert(v)
    activeId.value = v.id
    return true
  }
  async function save(input: ProfileInput): Promise<ProfileDto | undefined> {
    const v = await attempt(() => call('profiles', 'save', input), 'profiles.save')
    if (v) upsert(v)
    return v
  }
  async function remove(id: string): Promise<boolean> {
    const v = await attempt(() => call('profiles', 'remove', { id }), 'profiles.remove')
    if (!v) return false
    profiles.value = profiles.value.filter((p) => p.id !== id)
    activeId.value = v.activeId
    return true
  }
  async function setSecret(id: string, kind: SecretKind, value: string): Promise<boolean> {
    const v = await attempt(() => call('profiles', 'setSecret', { id, kind, value }), 'profiles.setSecret')
    if (v) upsert(v)
    return v !== undefined
  }
  async function clearSecret(id: string, kind: SecretKind): Promise<boolean> {
    const v = await attempt(() => call('profiles', 'clearSecret', { id, kind }), 'profiles.clearSecret')
    if (v) upsert(v)
    return v !== undefined
  }

  // The active profile changed (here or in another window): the list says which one it is now.
  onEpochChange(() => void load())

  return { profiles, activeId, active, loading, load, select, save, remove, setSecret, clearSecret }
})
