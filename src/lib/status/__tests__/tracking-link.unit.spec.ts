import { readTrackingToken, trackingLinkKey, trackingLinksOf, trackingLinkUrl, trackingToken, TRACKING_LINK_DAYS, TRACKING_TOKEN_MAX } from "../tracking-link"

describe("signed tracking links", () => {
  const key = trackingLinkKey("the-store-jwt-secret")
  const now = Date.UTC(2026, 10, 28)
  const order = "order_01JD8X2Y3Z4A5B6C7D8E9F0G1H"

  it("names its order and reads back with the same key, for its days", () => {
    const token = trackingToken(key, order, now)
    expect(token.length).toBeLessThanOrEqual(TRACKING_TOKEN_MAX)
    expect(token).toMatch(/^v1\.order_01JD8X2Y3Z4A5B6C7D8E9F0G1H\.[0-9a-z]+\.[A-Za-z0-9_-]{22}$/)
    expect(readTrackingToken(key, token, now)).toEqual({ ok: true, order_id: order })
    expect(readTrackingToken(key, token, now + (TRACKING_LINK_DAYS - 1) * 86_400_000)).toEqual({ ok: true, order_id: order })
    expect(readTrackingToken(key, token, now + TRACKING_LINK_DAYS * 86_400_000 + 1000)).toEqual({ ok: false, reason: "expired" })
  })

  it("refuses what this store did not sign: another key, another order, a later expiry, a cut or padded token", () => {
    const token = trackingToken(key, order, now)
    const [v, id, expires, signature] = token.split(".")
    const flip = (s: string) => (s[0] === "A" ? "B" : "A") + s.slice(1)
    for (const forged of [
      trackingToken(trackingLinkKey("another-store"), order, now),
      `${v}.order_01OTHER.${expires}.${signature}`,
      `${v}.${id}.${(parseInt(expires, 36) + 86_400).toString(36)}.${signature}`,
      `${v}.${id}.${expires}.${flip(signature)}`,
      `${v}.${id}.${expires}.${signature.slice(0, -1)}`,
      `${token}=`,
      `v2.${id}.${expires}.${signature}`,
      "",
      "v1..0.",
      "x".repeat(10_000),
    ]) {
      expect([forged.slice(0, 60), readTrackingToken(key, forged, now)]).toEqual([forged.slice(0, 60), { ok: false, reason: "invalid" }])
    }
  })

  it("refuses to sign what is no Medusa order id", () => {
    expect(() => trackingToken(key, "order_1.2", now)).toThrow(/Medusa order id/)
  })

  it("puts the token on the storefront's page as ghn_tracking, keeping the page's own query", () => {
    const url = new URL(trackingLinkUrl("https://shop.example.vn/vi/theo-doi?utm=email", "v1.a.b.c"))
    expect([url.pathname, url.searchParams.get("utm"), url.searchParams.get("ghn_tracking")]).toEqual(["/vi/theo-doi", "email", "v1.a.b.c"])
  })

  it("has no links without a store secret", () => {
    expect(trackingLinksOf(undefined)).toBeUndefined()
    const links = trackingLinksOf("s")!
    expect(links.read(links.token(order, now), now)).toEqual({ ok: true, order_id: order })
  })
})
