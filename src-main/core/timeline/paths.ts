import { homedir } from 'node:os'
import { join } from 'node:path'

/** The history database of one profile / data directory. */
export const TIMELINE_DB_NAME = 'timeline.sqlite'

export function timelineDbFile(dataDir: string): string {
  return join(dataDir, TIMELINE_DB_NAME)
}

/** `--data-dir`, else $PARTNER_DESK_HOME, else ~/.partner-desk (the CLI's default data dir). */
export function resolveDataDir(flag?: string, env: NodeJS.ProcessEnv = process.env): string {
  return flag || env.PARTNER_DESK_HOME || join(homedir(), '.partner-desk')
}

/** One profile's history database, the file the console writes: `<dataDir>/profiles/<id>/timeline.sqlite`. */
export function profileTimelineFile(dataDir: string, profileId: string): string {
  // Profile ids are generated or validated by the profile service; keep the path inside dataDir anyway.
  const safe = profileId.replace(/[^A-Za-z0-9_.-]/g, '_').replace(/^\.+/, '_')
  return join(dataDir, 'profiles', safe, TIMELINE_DB_NAME)
}
