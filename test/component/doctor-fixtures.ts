import type { DoctorCheckDto, DoctorReportDto } from '../../src-shared/contract.js'
import { DOCTOR_CHECK_IDS, sortChecks, worstVerdict } from '../../src-shared/vocabulary/doctor.js'

/** A check of a report: passes with no figure unless told otherwise. */
export function check(id: DoctorCheckDto['id'], over: Partial<DoctorCheckDto> = {}): DoctorCheckDto {
  return { id, verdict: 'pass', figure: null, advice: null, ms: 12, ...over }
}

/** A report over every check id: `over` replaces checks by id; sorted and judged as main does. */
export function report(over: DoctorCheckDto[] = [], extra: Partial<DoctorReportDto> = {}): DoctorReportDto {
  const byId = new Map(over.map((c) => [c.id, c]))
  const checks = sortChecks(DOCTOR_CHECK_IDS.map((id) => byId.get(id) ?? check(id)))
  return { profileId: 'demo', profileName: 'Demo', at: Date.UTC(2026, 10, 26, 21, 0, 0), verdict: worstVerdict(checks), checks, ...extra }
}
