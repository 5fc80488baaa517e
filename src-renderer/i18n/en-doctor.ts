/**
 * Strings of the environment doctor: Settings → "Check this environment", the "Check this environment"
 * button beside connection errors, and the words of every check, figure and advice code the doctor
 * sends. A figure kind or advice code missing here is shown raw. Merged by `index.ts`.
 */
export const enDoctor = {
  doctor: {
    title: 'Check this environment',
    intro: 'Runs every check of the active profile at once: the coupon service, sign-in and account, the feed key, the clock, the callback listener and this machine’s storage.',
    run: 'Run checks',
    runAgain: 'Run again',
    checkThis: 'Check this environment',
    checkShort: 'Check',
    checkThisHint: 'Run every check of this profile and show what is wrong and what to do (Settings)',
    running: 'Checking… {s} s',
    runningHint: 'The checks run at the same time; the slowest waits for its service’s answer.',
    never: 'This profile has not been checked yet.',
    failedToRun: 'The checks could not run: {code}',
    ranAt: 'Checked {at} · {profile} · took {took}',
    stale: 'Shown: the last report. Run again to check now.',
    counts: {
      fail: '{n} failing | {n} failing',
      warn: '{n} warning | {n} warnings',
      pass: '{n} passing | {n} passing',
      skip: '{n} skipped | {n} skipped',
    },
    overall: {
      pass: 'All checks pass',
      warn: 'Works, with warnings',
      fail: 'Something is broken',
    },
    verdict: { pass: 'Pass', warn: 'Warn', fail: 'Fail', skip: 'Skipped' },
    group: { fail: 'Failing', warn: 'Warnings', pass: 'Passing', skip: 'Skipped' },
    col: { verdict: 'Verdict', check: 'Check', figure: 'Measured', advice: 'What to do' },
    failure: { auth: 'sign-in or account', transport: 'connection', other: 'other' },
    waitsOn: 'Waits on: {check}',
    waitsOnEarlier: 'Waits on an earlier check that did not pass',
    raw: 'The service said',
    nothingToDo: 'Nothing to do',
    took: '{ms} ms',
    check: {
      coupons: {
        health: 'Coupon service reachable',
        login: 'Sign-in',
        account: 'Client account state',
        balance: 'Balance',
        token: 'Session token lifetime',
        callbackUrl: 'Open coupons with another callback URL',
      },
      feed: {
        key: 'Feed key status',
        keyExpiry: 'Feed key expiry',
        address: 'Our address allowed by the key',
        language: 'Profile language in the key',
        sports: 'Profile sports in the key',
      },
      clock: { offset: 'Clock offset to the service' },
      listener: {
        bound: 'Callback listener bound',
        signed: 'Signed test delivery accepted',
        unsigned: 'Unsigned delivery refused',
        secret: 'Deliveries refused for their signature',
        reachable: 'Callback URL reachable by the service',
      },
      storage: {
        history: 'History database writable',
        disk: 'Free disk space',
        permissions: 'Data folder private',
      },
    },
    unit: {
      days: '{n} day | {n} days',
      count: '{n}',
      yes: 'yes',
      no: 'no',
    },
    figure: {},
    advice: {},
  },
}
