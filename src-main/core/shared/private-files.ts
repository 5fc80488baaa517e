/**
 * Files that hold a profile's data (stores, history databases, logs) are readable by this user
 * only: folders 0700, files 0600, on every path that creates them and also when they already exist
 * with wider modes (created by an older version, or copied). Filesystems without modes are left as
 * they are.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'

export const PRIVATE_DIR_MODE = 0o700
export const PRIVATE_FILE_MODE = 0o600

/** Companions SQLite creates beside a database (they take the database file's mode). */
const SQLITE_SIDE_FILES = ['-wal', '-shm', '-journal']

function tighten(path: string, mode: number): void {
  try {
    if ((statSync(path).mode & 0o777) !== mode) chmodSync(path, mode)
  } catch {
    // Gone meanwhile, or a filesystem without modes: nothing to do.
  }
}

/**
 * Creates `dir` (and missing parents) 0700. Existing folders from `dir` up to `root` (inclusive,
 * when given) are tightened to 0700 too; folders above `root` are not ours to change.
 */
export function ensurePrivateDir(dir: string, root?: string): string {
  const target = resolve(dir)
  mkdirSync(target, { recursive: true, mode: PRIVATE_DIR_MODE })
  const stop = root === undefined ? target : resolve(root)
  let current = target
  for (;;) {
    tighten(current, PRIVATE_DIR_MODE)
    if (current === stop || !current.startsWith(stop)) break
    const parent = dirname(current)
    if (parent === current) break
    current = parent
  }
  return target
}

/** Creates `file` empty (0600) when missing, its folder 0700 (up to `root`), and tightens what exists. */
export function ensurePrivateFile(file: string, root?: string): string {
  const target = resolve(file)
  ensurePrivateDir(dirname(target), root)
  closeSync(openSync(target, 'a', PRIVATE_FILE_MODE))
  tighten(target, PRIVATE_FILE_MODE)
  return target
}

/** A SQLite database file: the file and any WAL/SHM/journal beside it 0600, folders 0700. */
export function ensurePrivateDatabase(file: string, root?: string): string {
  const target = ensurePrivateFile(file, root)
  for (const suffix of SQLITE_SIDE_FILES) if (existsSync(target + suffix)) tighten(target + suffix, PRIVATE_FILE_MODE)
  return target
}

/** Tightens an existing file to 0600 (and its folder to 0700); a missing file is left missing. */
export function tightenPrivateFile(file: string): void {
  if (!existsSync(file)) return
  tighten(dirname(resolve(file)), PRIVATE_DIR_MODE)
  tighten(file, PRIVATE_FILE_MODE)
}
