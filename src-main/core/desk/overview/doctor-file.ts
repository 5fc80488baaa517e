/**
 * The doctor's last verdict for a profile, from the report it leaves beside the profile's history
 * (`<data-dir>/profiles/<id>/doctor.json`). Written by another part (and maybe another version): read
 * defensively, validated, and anything unreadable, oversize or of another profile counts as never run.
 */
import { readFileSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { z } from 'zod'
import { historyFileOf } from '../../profiles/index.js'

export const DOCTOR_FILE_NAME = 'doctor.json'
const MAX_BYTES = 1024 * 1024

const reportSchema = z.looseObject({
  profileId: z.string().optional(),
  at: z.number().finite().nonnegative(),
  verdict: z.enum(['pass', 'warn', 'fail']),
  checks: z.array(z.unknown()).optional(),
})

export function doctorFileOf(dataDir: string, profileId: string): string {
  return join(dirname(historyFileOf(dataDir, profileId)), DOCTOR_FILE_NAME)
}

export function readDoctorVerdict(dataDir: string, profileId: string): { verdict: 'pass' | 'warn' | 'fail'; at: number } | null {
  const file = doctorFileOf(dataDir, profileId)
  try {
    if (statSync(file).size > MAX_BYTES) return null
    const parsed = reportSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')))
    if (!parsed.success) return null
    if (parsed.data.profileId !== undefined && parsed.data.profileId !== profileId) return null
    return { verdict: parsed.data.verdict, at: parsed.data.at }
  } catch {
    return null
  }
}
