import type { GhnClient } from "../../../lib/ghn"
import { parseGhnOptions } from "../../../lib/runtime/options"
import { ghnProviderIdOf } from "../../../lib/runtime/provider-id"
import GhnProvider from "../../../providers/ghn/service"
import { GhnAccounts, someOf } from "../accounts"

const options = parseGhnOptions({ token: "own-token", shopId: 11, webhookSecret: "s3cret-of-16-chars" })
const own = { provider_id: null, options, client: {} as GhnClient }
const accounts = new GhnAccounts(own, undefined)
const parcel = (order_code: string, shop_id: number, status = "ready_to_pick") => ({ order_code, shop_id, provider_id: null, status })

describe("the store's GHN accounts", () => {
  it("answers with the plugin's own account when no registration of the provider is known", () => {
    expect(accounts.all).toEqual([own])
    expect(accounts.of("ghn_unknown")).toBe(own)
    expect(accounts.of(null)).toBe(own)
    expect(accounts.webhookSecrets).toEqual([{ header: options.webhookHeader.toLowerCase(), secret: "s3cret-of-16-chars" }])
  })

  it("tells the plugin's own GHN account by its token and environment", () => {
    expect(accounts.isOwn(options)).toBe(true)
    expect(accounts.isOwn({ ...options, token: "other" })).toBe(false)
    expect(accounts.isOwn({ ...options, environment: "https://example.invalid" })).toBe(false)
  })

  it("groups the store's parcels by account and shop, in the order asked", () => {
    const groups = accounts.groupParcels(["A", "B", "C"], [parcel("B", 12), parcel("A", 11), parcel("C", 11)])
    expect(groups.map((g) => [g.shop_id, g.order_codes])).toEqual([
      [11, ["A", "C"]],
      [12, ["B"]],
    ])
    expect(groups[0].account).toBe(own)
  })

  it("refuses a code that is not the store's, naming it, and a cancelled parcel when live ones are asked", () => {
    expect(() => accounts.groupParcels(["A", "X"], [parcel("A", 11)])).toThrow("order_codes: X is not a GHN order of this store; nothing was sent to GHN")
    const cancelled = [parcel("A", 11, "cancel")]
    expect(accounts.groupParcels(["A"], cancelled)).toHaveLength(1)
    expect(() => accounts.groupParcels(["A"], cancelled, { live: true, act: "print" })).toThrow("order_codes: GHN cancelled A: a cancelled parcel has no label to print; nothing was sent to GHN")
  })

  it("names a few codes of a long list and counts the rest", () => {
    expect(someOf(["a", "b"])).toBe("a, b")
    expect(someOf(["a", "b", "c", "d", "e", "f", "g"])).toBe("a, b, c, d, e and 2 more")
  })
})

describe("the accounts a callback's headers do not authenticate", () => {
  it("refuses each account whose secret the headers lack (the plugin's own for a parcel of no registration); an account without a secret refuses nothing", () => {
    const shop = { environment: "http://127.0.0.1:1/", token: "token-refusals" }
    // What Medusa's provider loader does for each registration of the plugin's provider.
    GhnProvider.validateOptions({ ...shop, shopId: 501, webhookSecret: "first-secret-of-16" })
    GhnProvider.validateOptions({ ...shop, shopId: 502, webhookSecret: "second-secret-of-16" })
    GhnProvider.validateOptions({ ...shop, shopId: 503 })
    const registered = new GhnAccounts(
      own,
      { modules: { fulfillment: { options: { providers: [
        { resolve: "x", id: "one", options: { ...shop, shopId: 501, webhookSecret: "first-secret-of-16" } },
        { resolve: "x", id: "two", options: { ...shop, shopId: 502, webhookSecret: "second-secret-of-16" } },
        { resolve: "x", id: "open", options: { ...shop, shopId: 503 } },
      ] } } } },
      undefined
    )
    const ids = [ghnProviderIdOf("one"), ghnProviderIdOf("two"), ghnProviderIdOf("open")]
    const carrying = (value: string) => (_header: string, secret: string) => secret === value
    expect(registered.webhookRefusals(carrying("first-secret-of-16"))).toEqual({ registered: ids, refused: [ids[1]], own: true })
    expect(registered.webhookRefusals(carrying("s3cret-of-16-chars"))).toEqual({ registered: ids, refused: [ids[0], ids[1]], own: false })
    expect(accounts.webhookRefusals(carrying("s3cret-of-16-chars"))).toEqual({ registered: [], refused: [], own: false })
  })
})
