import Store from 'electron-store'
import { ensurePrivateDir, PRIVATE_FILE_MODE, tightenPrivateFile, type ProfileStorage } from '../core/profiles/index.js'

/**
 * The profiles' persistence in the app: electron-store (a `conf` file in `dir`, userData by
 * default), written 0600 in a 0700 folder; a store left wider by an older version is tightened.
 */
export function createElectronStorage(name = 'profiles', dir?: string): ProfileStorage {
  if (dir !== undefined) ensurePrivateDir(dir)
  const store = new Store<Record<string, unknown>>({ name, configFileMode: PRIVATE_FILE_MODE, ...(dir === undefined ? {} : { cwd: dir }) })
  tightenPrivateFile(store.path)
  return {
    get: (key: string) => store.get(key),
    set: (key: string, value: unknown) => store.set(key, value),
    delete: (key: string) => store.delete(key),
    path: store.path,
  } as ProfileStorage
}
