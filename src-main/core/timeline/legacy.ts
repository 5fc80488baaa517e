/**
 * `<dataDir>/timeline.sqlite`: the history older `desk listen` runs without `--profile` wrote. It
 * belongs to no profile; the settlements in it must not silently disappear from view.
 *   - The active profile has no history yet: the file becomes it (what `desk timeline` showed then).
 *     A consistent copy (VACUUM INTO, WAL included), then the old file is renamed beside it, so
 *     it is taken over once and kept as a backup.
 *   - The active profile has its own history: nothing is merged; the caller says where the old file is.
 */
import { existsSync, renameSync } from 'node:fs'
import Database from 'libsql'
import { ensurePrivateDatabase, ensurePrivateDir } from '../shared/private-files.js'
import { dirname } from 'node:path'
import { timelineDbFile } from './paths.js'

export type LegacyHistory =
  | { state: 'none' }
  | { state: 'adopted'; from: string; keptAs: string; entries: number }
  | { state: 'kept'; file: string; entries: number }

function countEntries(file: string): number {
  const db = new Database(file, { readonly: true })
  try {
    return Number((db.prepare('SELECT COUNT(*) AS n FROM timeline').get() as { n: number }).n)
  } catch {
    return 0
  } finally {
    db.close()
  }
}

/** Takes the legacy data-dir history over as `target` when `target` does not exist yet. */
export function adoptLegacyHistory(dataDir: string, target: string, ownerId: string): LegacyHistory {
  const legacy = timelineDbFile(dataDir)
  if (!existsSync(legacy)) return { state: 'none' }
  const entries = countEntries(legacy)
  if (existsSync(target)) return { state: 'kept', file: legacy, entries }
  ensurePrivateDir(dirname(target), dataDir)
  const db = new Database(legacy)
  try {
    db.exec(`VACUUM INTO '${target.replace(/'/g, "''")}'`)
  } catch (error) {
    // Another run took it over meanwhile: that copy stands.
    if (existsSync(target)) return { state: 'kept', file: legacy, entries }
    throw error
  } finally {
    db.close()
  }
  ensurePrivateDatabase(target, dataDir)
  const keptAs = `${legacy}.moved-to-${ownerId}`
  for (const suffix of ['', '-wal', '-shm']) {
    if (existsSync(legacy + suffix)) renameSync(legacy + suffix, keptAs + suffix)
  }
  return { state: 'adopted', from: legacy, keptAs, entries }
}
