/**
 * The environment doctor: every check of one profile's environment (services, credentials, feed key,
 * clock, callback listener, local storage), run concurrently, as one report. Used by the desk core
 * (`doctor.run`) and by `desk doctor`; the hosts resolve the target, the doctor only examines it.
 */
export { runDoctor, ALL_CHECKS } from './runner.js'
export { readLastDoctorReport, saveDoctorReport, doctorReportFile } from './report-store.js'
export { failureKindOf } from './outcome.js'
export { scopeOf, addressAllowed, type AddressScope } from './network-scope.js'
export type { DoctorTarget, CheckDef, CheckOutcome } from './types.js'
