/**
 * Operator actions the audit log records (one history per profile). Names only: the renderer words
 * them. Main records the ones it handles itself; the renderer may report only `RENDERER_AUDIT_ACTIONS`
 * (through `audit.record`), so nothing else can be written into the log from a window.
 */
export const AUDIT_ACTIONS = [
  'session.signIn',
  'session.login',
  'session.logout',
  'coupons.place',
  'coupons.resolvePlacement',
  'profiles.save',
  'profiles.remove',
  'profiles.select',
  'profiles.setSecret',
  'profiles.clearSecret',
  'listener.start',
  'listener.stop',
  'callbacks.reverify',
  'demo.settle',
  'demo.recalculate',
  'demo.advanceClock',
  'demo.startMatch',
  'demo.finishMatch',
  'demo.cancelMatch',
  'demo.moveOdds',
  'demo.blockOutcome',
  'demo.failCallbacks',
  'demo.suppressCallback',
  'demo.dropNextPlacement',
  'demo.setBalance',
  'demo.revokeTokens',
  'export',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/** What a window may report itself: an export it saved (main cannot see a download). */
export const RENDERER_AUDIT_ACTIONS = ['export'] as const

/** Groups the audit view filters by (an action's group is the part before the dot). */
export const AUDIT_GROUPS = ['session', 'coupons', 'profiles', 'listener', 'callbacks', 'demo', 'export'] as const
export type AuditGroup = (typeof AUDIT_GROUPS)[number]

export function auditGroupOf(action: string): string {
  const dot = action.indexOf('.')
  return dot < 0 ? action : action.slice(0, dot)
}

export const AUDIT_PAGE_SIZE = 100
export const AUDIT_PAGE_MAX = 500
