import { createHmac, timingSafeEqual } from "node:crypto"
import { SHOPPER_FIELD_LIMITS } from "../checkout/field-limits"

/**
 * The signed tracking link of the shopper's notifications: a token naming one order and when it
 * stops working, signed with a key of the store (HMAC-SHA256, 128 bits kept). Whoever holds the
 * email holds the link, so it is worth what the email and the order number are worth, and it
 * cannot be guessed: the tracking route answers it without any guessing limit, so nobody's
 * guesses can lock its holder out. Pure: no Medusa imports.
 *
 * Token: `v1.<order id>.<expiry, Unix seconds in base 36>.<signature, base64url>`.
 */
export const TRACKING_LINK_DAYS = 90

/** The longest token read (the store routes' one table of limits). */
export const TRACKING_TOKEN_MAX = SHOPPER_FIELD_LIMITS.token

const TOKEN = /^v1\.([A-Za-z0-9_]{1,80})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{22})$/

/** The key that signs tracking links, derived from a secret of the store (its JWT secret) for this one use. */
export function trackingLinkKey(storeSecret: string): Buffer {
  return createHmac("sha256", storeSecret).update("medusa-fulfillment-ghn/tracking-link/v1").digest()
}

const signatureOf = (key: Buffer, orderId: string, expires: string) => createHmac("sha256", key).update(`v1.${orderId}.${expires}`).digest().subarray(0, 16)

/** A token for the order, valid `days` days from `now`. */
export function trackingToken(key: Buffer, orderId: string, now = Date.now(), days = TRACKING_LINK_DAYS): string {
  if (!/^[A-Za-z0-9_]{1,80}$/.test(orderId)) throw new Error(`a tracking link names a Medusa order id, not ${JSON.stringify(orderId.slice(0, 40))}`)
  const expires = Math.floor(now / 1000 + days * 86_400).toString(36)
  return `v1.${orderId}.${expires}.${signatureOf(key, orderId, expires).toString("base64url")}`
}

export type TrackingTokenReading = { ok: true; order_id: string } | { ok: false; reason: "invalid" | "expired" }

/** What a token says: its order, or why it is no link of this store (forged, cut, another store's key) or no longer one. */
export function readTrackingToken(key: Buffer, token: string, now = Date.now()): TrackingTokenReading {
  if (token.length > TRACKING_TOKEN_MAX) return { ok: false, reason: "invalid" }
  const parts = TOKEN.exec(token)
  if (!parts) return { ok: false, reason: "invalid" }
  const [, orderId, expires, signature] = parts
  const given = Buffer.from(signature, "base64url")
  if (given.length !== 16 || !timingSafeEqual(given, signatureOf(key, orderId, expires))) return { ok: false, reason: "invalid" }
  if (parseInt(expires, 36) * 1000 <= now) return { ok: false, reason: "expired" }
  return { ok: true, order_id: orderId }
}

/**
 * The link a notification carries: the storefront's tracking page (option `orderTrackingUrl`) with
 * the token as its `ghn_tracking` query parameter.
 */
export function trackingLinkUrl(page: string, token: string): string {
  const url = new URL(page)
  url.searchParams.set("ghn_tracking", token)
  return url.toString()
}

/** The store's tracking links: signs and reads tokens with one key. */
export type TrackingLinks = { token(orderId: string, now?: number): string; read(token: string, now?: number): TrackingTokenReading }

/** The tracking links signed with a key derived from the store's secret; undefined when the store has none. */
export function trackingLinksOf(storeSecret: string | undefined): TrackingLinks | undefined {
  if (!storeSecret) return undefined
  const key = trackingLinkKey(storeSecret)
  return { token: (orderId, now) => trackingToken(key, orderId, now), read: (token, now) => readTrackingToken(key, token, now) }
}
