import type { DoctorAdvice, DoctorCheckDto, DoctorCheckId, DoctorFailureKind, DoctorFigureDto } from '../../../../src-shared/vocabulary/doctor.js'
import type { CouponClient } from '../../coupons/index.js'
import type { FeedAccount, FeedClient } from '../../feed/index.js'
import type { Profile } from '../../profiles/index.js'
import type { Clock } from '../../shared/clock.js'
import type { TimelineStore } from '../../timeline/index.js'

/**
 * What the doctor examines: one profile's endpoints, credentials and local state, resolved by its
 * host (the desk core for the active profile, `desk doctor` for the profile of the run). Secrets are
 * only used here, never put into the report.
 */
export interface DoctorTarget {
  profile: Profile
  /** Whose report this is (the desk: the profile's id; the command line: its resolved client). */
  profileId: string
  profileName: string
  endpoints: { coupons: string; feed: string }
  username: string
  /** The sign-in password, or null when none is stored (Demo: the simulator's). */
  password: string | null
  feedApiKey: string | null
  callbackSecret: string | null
  /** The listener is switched on in the profile. */
  listenerEnabled: boolean
  /** The callback URL coupons will carry: the running listener's, else the one the profile's settings give (null without a port). */
  listenerUrl: string | null
  /** The profile's history database file. */
  historyFile: string
  /** The data folder (disk space and permissions). */
  dataDir: string
  /** Days before the feed key's expiry from which it warns. */
  warnDays: number
  /** Sports of the matches the profile watches (pinned). */
  watchedSports: number[]
  /** The host's open history, when it holds one; else the doctor opens the file. */
  store?: () => TimelineStore
  clock?: Clock
  /**
   * How far the service's clock is ahead on purpose (ms): the Demo simulator's time moved by scenario
   * advances. Subtracted before the clock is judged; 0 for a real service.
   */
  intendedClockShiftMs?: number
  /** Per check (ms). Default 8000. */
  checkTimeoutMs?: number
  /** How far back refused deliveries count against the secret (ms). Default 24 h. */
  refusedWindowMs?: number
}

/** A check's verdict without its id and timing (the runner adds them). */
export interface CheckOutcome {
  verdict: DoctorCheckDto['verdict']
  figure: DoctorFigureDto | null
  advice: DoctorAdvice | null
  failure?: DoctorFailureKind
  raw?: string | null
}

/** Reads several checks share, each made once per run. */
export interface DoctorProbes {
  readonly target: DoctorTarget
  readonly now: () => number
  readonly coupons: CouponClient
  health(): Promise<{ ms: number }>
  login(): Promise<{ ms: number; expiresAt: number | null }>
  /** A second sign-in from a client of its own (the path a token's expiry takes); its time in ms. */
  relogin(): Promise<number>
  /** `/v1/account` and the `X-Key-Expires` it carried. */
  account(): Promise<{ account: FeedAccount; headerExpiresAt: number | null }>
  feed(): FeedClient | null
  /** The history, open (throws when it cannot be opened). */
  store(): TimelineStore
}

export interface CheckDef {
  id: DoctorCheckId
  /** Checks this one needs to have passed; otherwise it is skipped (the failing one is the fault). */
  needs?: DoctorCheckId[]
  /** Talks to a service: a timeout is a transport failure. */
  network?: boolean
  run(probes: DoctorProbes): Promise<CheckOutcome>
}
