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
