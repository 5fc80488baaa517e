/** Strings of the watch list (pinned matches): the panel, the pin buttons and the nav count. Merged by `index.ts`. */
export const enWatch = {
  watch: {
    title: 'Watch list',
    count: '{n} / {max}',
    nav: 'Watch list',
    navCount: 'Watch list: {n} pinned',
    show: 'Show the watch list',
    hide: 'Hide the watch list',
    empty: 'Pin a match with ☆ (or p on a focused row or the open match) to keep it here.',
    full: 'The watch list is full ({max} matches): unpin one to pin another.',
    pin: 'Pin {match} to the watch list',
    unpin: 'Unpin {match} from the watch list',
    pinFull: 'The watch list is full ({max} matches)',
    open: 'Open {match}',
    loading: 'Waiting for the feed…',
    gone: 'Gone',
    goneReason: {
      not_found: 'The feed has no such match any more',
      finished: 'Went live under a new id, was cancelled or ended',
      unavailable: 'The feed does not serve this match now',
    },
    looking: 'Looking for it in Live…',
    noSuccessor: 'Not found in Live',
    retry: 'Look again',
    stale: 'Not refreshed: may be out of date',
    noPrices: 'No prices',
  },
}
