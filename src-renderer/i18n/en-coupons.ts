/**
 * Strings of the coupon blotter and drawer: how a bet's match is identified, settlement reasons and
 * coefficients in words, payouts, zone-named time headers and the lookup of a pasted list. Merged into
 * the one message table by `index.ts`; kept apart so en.ts stays small.
 */
export const enCoupons = {
  couponView: {
    /** `{zone}`: the display zone by name (UTC, or the machine's zone when the profile shows local time). */
    col: {
      created: 'Created · {zone}',
      settled: 'Settled · {zone}',
      createdSettled: 'Created / settled · {zone}',
      matchStart: 'Match · start {zone}',
      payout: 'Payout',
      oddsSettled: 'Odds · settled at',
    },
    /** A bet's match: live or prematch, start, id, so two matches of the same teams never read alike. */
    match: {
      live: 'LIVE',
      prematch: 'Prematch',
      line: '{kind} · {start} · #{id}',
      startUnknown: 'start not sent',
    },
    accumulatorOf: 'Accumulator · {n}',
    /** The settlement coefficient (`calculate_coef`) beside the odds. */
    settledAt: 'settled at ×{coef} ({result})',
    /** The same, where there is little room (a blotter cell). */
    settledShort: '×{coef} {result}',
    settledAtTitle: 'Settlement coefficient (calculate_coef): what the stake was multiplied by — the odds for a win, 1 returned, 0.5 half lost, 0 lost',
    payout: {
      won: 'Won {amount}',
      lost: 'Lost {amount}',
      returned: 'Returned (stake refunded) {amount}',
      refund: 'refund {amount}',
      recalculation: 'Being recalculated',
      open: 'Not settled yet',
    },
    /** Settlement reason codes in words; a code not listed here is shown raw. */
    reasons: {
      AUTOMATIC_SETTLEMENT: 'Settled automatically from the result',
      REMOTE_WIN: 'Settled by the bookmaker: won',
      REMOTE_LOSS: 'Settled by the bookmaker: lost',
      REMOTE_RETURN: 'Settled by the bookmaker: returned',
      REMOTE_PUSH: 'Settled by the bookmaker: push (stake back)',
      REMOTE_HALF_WIN: 'Settled by the bookmaker: half won',
      REMOTE_HALF_LOSS: 'Settled by the bookmaker: half lost',
      EVENT_CANCELLED: 'Event cancelled: stake returned',
      RECALCULATION: 'Returned for recalculation',
      RECALCULATED: 'Recalculated (a new result after a recalculation)',
    },
    scoreAtStart: 'at acceptance {score}',
    lookup: {
      placeholder: 'Coupon code, or paste a list',
      label: 'Coupon codes to look up (spaces, commas, new lines or tabs between)',
      tooMany: 'At most {max} codes at once ({n} given).',
      tooLong: 'Not a coupon code (over {max} characters): {code}',
      results: 'Looked up {n}: {found} found, {missing} not found',
      found: 'found',
      notFound: 'not found',
      padded: '{typed} → {code}',
      paddedTitle: 'Typed without its leading zeros: looked up as {code}',
      clear: 'Clear results',
    },
  },
}
