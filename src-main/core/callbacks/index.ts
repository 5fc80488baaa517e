export { createCallbackListener, type CallbackListener, type CallbackListenerOptions, type DeliveryEvent } from './listener.js'
export { signPayload, verifySignature, SIGNATURE_HEADER, type SignatureVerdict } from './signature.js'
export { callbackPayloadSchema, type CallbackPayload, MAX_COUPONS_PER_BATCH } from './schema.js'
