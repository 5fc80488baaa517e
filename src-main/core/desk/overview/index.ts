export { createOverview, OVERVIEW_INTERVAL_MS, OVERVIEW_TIMEOUT_MS, type Overview, type OverviewOptions } from './overview.js'
export { openFigures, potentialOf, lastSettlementDto, type OpenCoupon, type OpenFigures } from './figures.js'
export { readDoctorVerdict, doctorFileOf } from './doctor-file.js'
export type { ActiveEnvironment } from './sources.js'
