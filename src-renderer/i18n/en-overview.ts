/**
 * Strings of the Overview: every profile on one screen, read at a gentle rate while the view is open.
 * Merged into the one table by `index.ts`.
 */
export const enOverview = {
  overview: {
    title: 'All clients',
    intro: 'Every profile, read about once a minute while this view is open. Enter or a click on a row makes that profile active and opens its coupons.',
    caption: 'Every profile: balance, open coupons, last settlement, listener, feed key, session and the last check',
    empty: 'No profiles yet',
    sortBy: 'Sort by {column}',
    col: {
      profile: 'Profile',
      balance: 'Balance',
      openStake: 'Open stake',
      potentialPayout: 'Potential payout',
      activeCoupons: 'Active coupons',
      lastSettlement: 'Last settlement',
      listener: 'Listener',
      feedKey: 'Feed key',
      session: 'Session',
      doctor: 'Last check',
      read: 'Status',
    },
    env: { demo: 'Demo', real: 'Real' },
    activeMark: 'active',
    result: { won: 'Won', lost: 'Lost', returned: 'Returned', unknown: 'Unknown', raw: 'Status {code}' },
    listener: { running: 'Running', stopped: 'Not running', failed: 'Failed', disabled: 'Off' },
    session: { 'signed-in': 'Signed in', 'signed-out': 'Signed out', failed: 'Sign-in failed', 'no-credentials': 'No password stored' },
    doctor: { pass: 'All passed', warn: 'Warnings', fail: 'Failures', never: 'Never run' },
    keyDays: '{n} day left | {n} days left',
    keyExpired: 'Expired {n} day ago | Expired {n} days ago',
    keyUnknown: 'Unknown',
    noSettlement: 'None yet',
    fresh: 'Fresh · read {age}',
    reading: 'Reading…',
    stale: 'Not reachable',
    staleSince: 'Figures as read {age}',
    neverRead: 'Never read',
    age: { now: 'just now', s: '{n} s ago', min: '{n} min ago', h: '{n} h ago', d: '{n} d ago' },
    open: 'Open {name}: make it the active profile and show its coupons',
    switching: 'Switching to {name}…',
  },
}
