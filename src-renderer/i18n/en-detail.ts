/**
 * Strings of the open match: markets (filter, open/close, favourites), the live clock, periods,
 * statistics, event plan and sub-matches. Merged into the one message table by `index.ts`.
 */
export const enDetail = {
  matchDetail: {
    filter: 'Filter markets and outcomes',
    expandAll: 'Expand all',
    collapseAll: 'Collapse all',
    marketCount: '{shown} of {total} markets',
    noFilterMatch: 'No market or outcome matches “{text}”',
    showMore: 'Show {n} more markets ({left} not shown)',
    pin: 'Pin “{name}” markets to the top of every match',
    unpin: 'Unpin “{name}” markets',
    clockStopped: 'clock stopped',
    extraTime: 'Added time: {time}',
    scoreExtra: 'Game: {score}',
    finished: 'Ended',
    periodsCaption: 'Score by period',
    periodN: 'P{n}',
    stats: 'Statistics',
    statName: 'Statistic',
    eventPlan: 'Event plan',
    mainMatch: 'Main match',
    subMatch: 'Sub-match #{id}',
  },
}
