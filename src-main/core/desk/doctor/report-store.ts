import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { DOCTOR_CHECK_IDS, DOCTOR_VERDICTS, type DoctorReportDto } from '../../../../src-shared/vocabulary/doctor.js'
import { ensurePrivateFile } from '../../profiles/index.js'

/** `<data-dir>/profiles/<profile id>/doctor.json`: the last report of that profile (private). */
export function doctorReportFile(dataDir: string, profileId: string): string {
  return join(dataDir, 'profiles', profileId, 'doctor.json')
}

/** Written whole to a private temporary file, then renamed over the last one (a reader never sees half). */
export function saveDoctorReport(dataDir: string, report: DoctorReportDto): string {
  const file = doctorReportFile(dataDir, report.profileId)
  const temp = `${file}.tmp`
  ensurePrivateFile(temp, dataDir)
  writeFileSync(temp, JSON.stringify(report, null, 2), { mode: 0o600 })
  renameSync(temp, file)
  return file
}

const isReport = (value: unknown): value is DoctorReportDto => {
  const r = value as Partial<DoctorReportDto> | null
  return (
    !!r && typeof r === 'object' && typeof r.profileId === 'string' && typeof r.profileName === 'string' && typeof r.at === 'number' &&
    (r.verdict === 'pass' || r.verdict === 'warn' || r.verdict === 'fail') && Array.isArray(r.checks) &&
    r.checks.every((c) => !!c && DOCTOR_CHECK_IDS.includes(c.id) && DOCTOR_VERDICTS.includes(c.verdict))
  )
}

/** The profile's last report, or null when there is none (or it cannot be read as one). */
export function readLastDoctorReport(dataDir: string, profileId: string): DoctorReportDto | null {
  let text: string
  try {
    text = readFileSync(doctorReportFile(dataDir, profileId), 'utf8')
  } catch {
    return null
  }
  try {
    const parsed: unknown = JSON.parse(text)
    return isReport(parsed) ? parsed : null
  } catch {
    return null
  }
}
