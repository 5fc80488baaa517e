/**
 * The key/value port profiles and the vault are stored through. Node uses `conf` (a JSON file);
 * the Electron app plugs electron-store into the same port (written in src-main/electron/).
 * Keys are plain top-level names (`profiles`, `activeProfileId`, `secrets`), never dotted paths.
 */
import Conf from 'conf'
import { ensurePrivateDir, tightenPrivateFile } from '../shared/private-files.js'
import type { VaultStorage } from '../vault/index.js'

export interface ProfileStorage extends VaultStorage {
  delete(key: string): void
  /** The backing file, when there is one (diagnostics and tests). */
  readonly path?: string
}

export interface ConfStorageOptions {
  /** Directory of the file. */
  cwd: string
  /** File name without `.json`. Default `profiles`. */
  name?: string
}

/** A conf-compatible JSON file, written 0600, keys never treated as dotted paths. */
export function createConfStorage(options: ConfStorageOptions): ProfileStorage {
  ensurePrivateDir(options.cwd)
  const conf = new Conf<Record<string, unknown>>({
    cwd: options.cwd,
    configName: options.name ?? 'profiles',
    accessPropertiesByDotNotation: false,
    configFileMode: 0o600,
    clearInvalidConfig: false,
    watch: false,
  })
  // A file written by an older version (or copied) may be wider than the mode conf creates with.
  tightenPrivateFile(conf.path)
  return {
    path: conf.path,
    get: (key) => conf.get(key),
    set: (key, value) => conf.set(key, value),
    delete: (key) => conf.delete(key),
  }
}

/** In-memory storage (tests, and a fallback when no data directory is wanted). Values are deep-copied. */
export function createMemoryStorage(initial: Record<string, unknown> = {}): ProfileStorage & { dump(): Record<string, unknown> } {
  const data = new Map<string, unknown>(Object.entries(structuredClone(initial)))
  return {
    get: (key) => (data.has(key) ? structuredClone(data.get(key)) : undefined),
    set: (key, value) => {
      data.set(key, structuredClone(value))
    },
    delete: (key) => {
      data.delete(key)
    },
    dump: () => structuredClone(Object.fromEntries(data)),
  }
}
