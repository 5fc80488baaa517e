/** The operator's keys for the desk's actions, kept on this machine (like the theme). */
import { defineStore } from 'pinia'
import { ref } from 'vue'
import { DEFAULT_KEYMAP, keyProblem, readKeymap, type KeyAction, type Keymap } from '../composables/desk-keys.js'

export const KEYMAP_KEY = 'partner-desk.keys'

function load(): Keymap {
  try {
    const text = globalThis.localStorage?.getItem(KEYMAP_KEY)
    return readKeymap(text ? JSON.parse(text) : null)
  } catch {
    return { ...DEFAULT_KEYMAP }
  }
}

export const useKeymapStore = defineStore('keymap', () => {
  const map = ref<Keymap>(load())
  function save(): void {
    try {
      globalThis.localStorage?.setItem(KEYMAP_KEY, JSON.stringify(map.value))
    } catch {
      /* storage unavailable: the keys hold for this session */
    }
  }
  /** Gives `key` to `action`; refused (and said why) when reserved or another action's. */
  function set(action: KeyAction, key: string): ReturnType<typeof keyProblem> {
    const problem = keyProblem(map.value, action, key)
    if (problem) return problem
    map.value = { ...map.value, [action]: key }
    save()
    return null
  }
  function reset(): void {
    map.value = { ...DEFAULT_KEYMAP }
    save()
  }
  /** The action a key press stands for, if any. */
  function actionOf(key: string): KeyAction | null {
    return (Object.keys(map.value) as KeyAction[]).find((a) => map.value[a] === key) ?? null
  }
  return { map, set, reset, actionOf }
})
