/**
 * Limits the contract, the core and the renderer all enforce. One place, so a schema, a client check
 * and a UI hint can never disagree.
 */

/** An accumulator (multi false) holds at most this many events (vendor rule). */
export const MAX_ACCUMULATOR_EVENTS = 15
/** Quick-stake buttons a profile may keep on the slip, and what it has when it keeps none of its own. */
export const MAX_QUICK_STAKES = 6
export const DEFAULT_QUICK_STAKES: readonly number[] = [10, 50, 100, 500]
/** Bet pointers in one `coupons.place` call (singles: one coupon each). */
export const MAX_PLACEMENT_POINTERS = 50
/** Characters of one bet pointer (`line_type#game_id#group_id#type_id#param#coef[#player_id]`). */
export const MAX_POINTER_LENGTH = 200
/** Characters of a coupon code. */
export const MAX_COUPON_CODE_LENGTH = 32
/** Coupon codes in one `coupons.resultsByIds` call (the client splits them into vendor-sized requests). */
export const MAX_RESULTS_BY_IDS = 1000
/** Coupon codes the vendor accepts in one results request. */
export const MAX_CODES_PER_VENDOR_REQUEST = 100
/** Longest creation period the vendor answers in one results request (24 hours). */
export const MAX_VENDOR_PERIOD_MS = 24 * 60 * 60 * 1000
/** Timeline and delivery pages: the default size and the most one call may ask for. */
export const TIMELINE_PAGE_SIZE = 100
export const TIMELINE_PAGE_MAX = 500
/** Coupon codes one timeline filter may name. */
export const MAX_TIMELINE_FILTER_CODES = 50
/** Coupon codes an operator may choose among the candidates of an ambiguous placement. */
export const MAX_CHOSEN_CANDIDATES = 50
/** Matches one profile's watch list holds. */
export const MAX_PINS = 30
