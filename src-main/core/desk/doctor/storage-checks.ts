import { accessSync, constants, existsSync, statfsSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'libsql'
import { fail, failedWith, pass, warn } from './outcome.js'
import type { CheckDef } from './types.js'

const MIB = 1024 * 1024
/** Below these the history (WAL included) may not grow: fail, and warn well before. */
export const DISK_FAIL_BYTES = 100 * MIB
export const DISK_WARN_BYTES = 1024 * MIB

/** The history opens (migrations included) and takes a write lock; a rolled-back write proves it. */
export const history: CheckDef = {
  id: 'storage.history',
  async run(probes) {
    const file = probes.target.historyFile
    try {
      probes.store()
      accessSync(file, constants.W_OK)
      const db = new Database(file)
      try {
        // The listener may be committing a group right now: wait for its lock rather than call that unwritable.
        db.exec('PRAGMA busy_timeout = 3000')
        db.exec('BEGIN IMMEDIATE; CREATE TABLE doctor_write_probe (x); ROLLBACK')
      } finally {
        db.close()
      }
      return pass({ kind: 'bytes', value: statSync(file).size, unit: 'bytes' })
    } catch (error) {
      const outcome = failedWith(error, 'checkHistory')
      return { ...outcome, failure: 'other' }
    }
  },
}

export const disk: CheckDef = {
  id: 'storage.disk',
  async run(probes) {
    const path = probes.target.dataDir
    try {
      const s = statfsSync(path)
      const free = s.bavail * s.bsize
      const figure = { kind: 'freeBytes', value: free, unit: 'bytes' as const, extra: { path } }
      if (free < DISK_FAIL_BYTES) return fail('other', figure, 'freeDisk')
      if (free < DISK_WARN_BYTES) return warn(figure, 'freeDisk')
      return pass(figure)
    } catch (error) {
      return { ...failedWith(error, 'checkHistory'), failure: 'other' }
    }
  },
}

/**
 * The data folder and the profile's folder are this user's only (0700). Windows has no mode bits:
 * the folder lives in the user's own profile, whose ACL already keeps other users out; not read.
 */
export const permissions: CheckDef = {
  id: 'storage.permissions',
  async run(probes) {
    if (process.platform === 'win32') return pass({ kind: 'mode', value: null, extra: { platform: 'win32' } })
    try {
      const folders = [probes.target.dataDir, dirname(probes.target.historyFile)].filter((f) => existsSync(f))
      const widest = folders.map((f) => statSync(f).mode & 0o777).reduce((a, b) => a | b, 0)
      const figure = { kind: 'mode', value: widest.toString(8).padStart(3, '0'), extra: { platform: process.platform } }
      return (widest & 0o077) !== 0 ? warn(figure, 'tightenPermissions') : pass(figure)
    } catch (error) {
      return { ...failedWith(error, 'checkHistory'), failure: 'other' }
    }
  },
}

export const STORAGE_CHECKS: CheckDef[] = [history, disk, permissions]
