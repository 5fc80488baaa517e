import Store from 'electron-store'
import type { ProfileStorage } from '../core/profiles/index.js'

/** The profiles' persistence in the app: electron-store (a `conf` file in userData). */
export function createElectronStorage(name = 'profiles'): ProfileStorage {
  const store = new Store<Record<string, unknown>>({ name })
  return {
    get: (key: string) => store.get(key),
    set: (key: string, value: unknown) => store.set(key, value),
    delete: (key: string) => store.delete(key),
    path: store.path,
  } as ProfileStorage
}
