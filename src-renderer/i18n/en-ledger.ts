/**
 * Strings of the ledger of the client account: the balance check card above the timeline, the time
 * range, grouping and "placed here / elsewhere" filters, and the one clock. Merged by `index.ts`.
 */
export const enLedger = {
  ledger: {
    check: {
      title: 'Client account: history against the service',
      waiting: 'Waiting for the first balance read of this session.',
      agrees: 'Agrees: the history adds up to the service balance {read}.',
      differs: 'Differs by {difference}',
      expected: 'History expects {expected}',
      read: 'Service read {read} at {at}',
      anchor: 'from the agreed read {balance} at {at}, {n} movement since | from the agreed read {balance} at {at}, {n} movements since',
      unexplained: 'Unexplained: {amount}',
      explainedAll: 'Explained in full.',
      checkNow: 'Check now',
      checkNowHint: 'Read the service’s coupon lists and balance now and bring the history up to date',
      group: { in_flight: 'In flight', missed: 'Missed' },
      reason: {
        unknown_placement: 'Placement of unknown outcome: its stake may have been taken',
        settlement_not_seen: 'Settled at the service, not yet in the history',
        figure_unknown: 'A figure not known yet',
        missed_coupon: 'At the service, no entry in the history (stake)',
        missed_settlement: 'Settled at the service, no entry in the history',
      },
      amountUnknown: 'amount not known',
      open: 'Open coupon {code}',
    },
    clock: {
      server: 'Times are the service’s clock ({zone}), this machine’s corrected by {offset}',
      notMeasured: 'Times are this machine’s clock ({zone}): the service’s not measured yet',
    },
    range: {
      label: 'Time range',
      all: 'All time',
      today: 'Today',
      day: 'Last 24 h',
      week: 'Last 7 days',
      custom: 'Custom',
      from: 'From',
      to: 'To',
    },
    placement: {
      label: 'Placed',
      any: 'Placed anywhere',
      here: 'Placed here',
      elsewhere: 'Placed elsewhere',
      tag: 'not placed here',
      tagHint: 'A coupon of this client account placed elsewhere (another desk, the partner’s site): seen in the service’s lists or callbacks',
    },
    grouping: {
      label: 'Show',
      flat: 'Every entry',
      coupon: 'By coupon',
      net: 'net {amount}',
      entries: '{n} entry | {n} entries',
      expand: 'Show the entries of {code}',
      collapse: 'Hide the entries of {code}',
      noCoupon: 'No coupon',
    },
  },
}
