export { registerListenCommand } from './listen.js'
export { registerTimelineCommand } from './timeline.js'
export { registerOverviewCommand } from './overview.js'
