export {
  createCallbackListener,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_CONNECTIONS,
  MAX_BODY_LIMIT_BYTES,
  MIN_BODY_LIMIT_BYTES,
  type CallbackListener,
  type CallbackListenerOptions,
  type DeliveryEvent,
} from './listener.js'
export { probeBody, isProbeBody, PROBE_EVENT } from './probe.js'
export { signPayload, verifySignature, SIGNATURE_HEADER, type SignatureVerdict } from './signature.js'
export { callbackPayloadSchema, callbackCouponSchema, type CallbackPayload, type CallbackCoupon, MAX_COUPONS_PER_BATCH } from './schema.js'
export { callbackSnapshot, settlementBatch } from './snapshot.js'
export { reverifyKept, type ReverifyReport, type ReverifyItem } from './reverify.js'
export { receivedHeaders, REDACTED } from './evidence.js'
