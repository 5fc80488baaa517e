/**
 * Strings of the bet slip's selection marks (where the feed has each selection now, what the
 * service refused), the one-match rule and the placement result's links. Merged into the one
 * message table by `index.ts`; kept apart so en.ts stays small.
 */
export const enSlip = {
  slipMarks: {
    moved: {
      up: 'Price up: {from} → {to} (the new price is placed)',
      down: 'Price down: {from} → {to} (the new price is placed)',
    },
    blocked: 'Blocked in the feed: the service refuses it until it reopens',
    goneMatch: {
      not_found: 'Gone: the match is no longer in the feed',
      finished: 'Gone: the match went live under a new id, was cancelled or ended',
      unavailable: 'Gone: the match is not available',
    },
    goneOutcome: 'Gone: the outcome is no longer offered',
    unconfirmed: 'Price not confirmed: the feed is not being refreshed',
    refused: {
      rejected: 'Refused: the odds changed from {from} to {to}',
      rejectedNoPrice: 'Refused: the odds changed from {from}',
      no_data: 'Refused: the outcome is not available',
      block: 'Refused: the outcome is blocked',
      error: 'Refused: the outcome failed validation; try again a little later',
      other: 'Refused: {status}',
    },
    remove: 'Remove {name}',
    placeGone: 'Place is off: remove the selection that is gone ({n} on the slip).',
    sameMatch: '{match}: {outcomes} are of one match and cannot be in one accumulator',
    and: ' and ',
    sameMatchTag: 'same match',
    takeNewOdds: 'Take the new odds',
    takeNewOddsHint: 'Rebuilds the slip at the current odds; nothing is placed until you press Place again.',
    openCoupon: 'Open coupon {code}',
  },
}
