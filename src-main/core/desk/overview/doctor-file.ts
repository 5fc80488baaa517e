/**
 * The doctor's last verdict for a profile, from the report the doctor keeps beside the profile's
 * history (`readLastDoctorReport`: validated, anything unreadable counts as never run). A report that
 * names another profile (a copied folder) or is oversize counts as never run too.
 */
import { statSync } from 'node:fs'
import { doctorReportFile, readLastDoctorReport } from '../doctor/index.js'

const MAX_BYTES = 1024 * 1024

export const doctorFileOf = doctorReportFile

export function readDoctorVerdict(dataDir: string, profileId: string): { verdict: 'pass' | 'warn' | 'fail'; at: number } | null {
  try {
    if (statSync(doctorReportFile(dataDir, profileId)).size > MAX_BYTES) return null
  } catch {
    return null
  }
  const report = readLastDoctorReport(dataDir, profileId)
  if (!report || report.profileId !== profileId || !Number.isFinite(report.at)) return null
  return { verdict: report.verdict, at: report.at }
}
