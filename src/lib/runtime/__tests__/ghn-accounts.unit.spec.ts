import { ghnAccountsOf, ghnCacheStoreOf, ghnClientOf, ghnOutageHolds, masterDataOf, noteGhnProviderOptions, serveLocationShops } from "../ghn-accounts"
import { type GhnOptions, parseGhnOptions } from "../options"
import { ghnProviderIdOf } from "../provider-id"
import { CachingModuleStore, type CachingModule } from "../quote-cache"
import GhnProvider from "../../../providers/ghn/service"

/** The provider as the fulfilment module builds it (no fake client), with what it took from the root in view. */
class RootedProvider extends GhnProvider {
  get cacheStore() {
    return this.cache.store
  }
  shopOf(locationId: string | undefined) {
    return this.shopIdForLocation(locationId)
  }
}
const logger = { warn: jest.fn(), info: jest.fn(), error: jest.fn(), debug: jest.fn() } as never

const first = { token: "token-one", shopId: 111, environment: "http://127.0.0.1:1/" }
const second = { environment: "http://127.0.0.1:1/", shopId: 222, token: "token-two" }
const config = (providers: unknown[]) => ({ modules: { fulfillment: { options: { providers } } } })

describe("the GHN composition root", () => {
  it("knows the store's GHN registrations by the options Medusa validated, not by their module paths", () => {
    // What Medusa's provider loader does for each registration of the plugin's provider.
    GhnProvider.validateOptions(first)
    GhnProvider.validateOptions({ ...second })
    const accounts = ghnAccountsOf(
      config([
        { resolve: "@medusajs/medusa/fulfillment-manual", id: "manual" },
        { resolve: "any/path/the/store/uses", id: "hcm-shop", options: { shopId: 111, environment: "http://127.0.0.1:1/", token: "token-one" } },
        { resolve: "./elsewhere", id: "second", options: second },
        // Another provider's registration, or a GHN one Medusa never validated: not an account.
        { resolve: "./other-carrier", id: "other", options: { token: "token-three", shopId: 333 } },
      ]),
      "fulfillment",
      ghnProviderIdOf
    )
    expect(accounts.map((a) => [a.provider_id, a.options.shopId])).toEqual([
      [ghnProviderIdOf("hcm-shop"), 111],
      [ghnProviderIdOf("second"), 222],
    ])
  })

  it("builds one client per set of options and one master-data cache per GHN environment in the process", () => {
    noteGhnProviderOptions(first)
    const [account] = ghnAccountsOf(config([{ id: "ghn", options: first }]), "fulfillment", ghnProviderIdOf)
    const options = parseGhnOptions({ ...first })
    expect(ghnClientOf(options)).toBe(account.client)
    expect(ghnClientOf(parseGhnOptions(second))).not.toBe(account.client)
    const addresses = masterDataOf(options, account.client)
    expect(masterDataOf(parseGhnOptions(second), ghnClientOf(parseGhnOptions(second)))).toBe(addresses)
    expect(masterDataOf(parseGhnOptions({ ...first, environment: "http://127.0.0.1:2/" }), account.client)).not.toBe(addresses)
  })

  it("gives the provider and the GHN module one cache store, Medusa's caching module when the store registers one", async () => {
    const provider = new RootedProvider({ logger }, first)
    // The module's store (src/modules/ghn/service.ts builds its cache on the same call).
    const moduleStore = ghnCacheStoreOf(undefined)
    expect(provider.cacheStore).toBe(moduleStore)
    await provider.cacheStore.set("notice:refused-token", "kept", 60)
    expect(await moduleStore.get("notice:refused-token")).toBe("kept")
    const caching: CachingModule = { get: async () => undefined, set: async () => undefined, clear: async () => undefined }
    expect(ghnCacheStoreOf(caching)).toBeInstanceOf(CachingModuleStore)
    expect(new RootedProvider({ logger, caching }, first).cacheStore).toBeInstanceOf(CachingModuleStore)
    expect(ghnOutageHolds()).toBe(ghnOutageHolds())
  })

  it("has the provider's quotes find a stock location's shop through the GHN module, once the module serves it", async () => {
    const provider = new RootedProvider({ logger }, { ...first, locationShops: { sloc_hanoi: 333 } })
    // Before the module is built: the option locationShops, else the default shop.
    expect([await provider.shopOf("sloc_hanoi"), await provider.shopOf("sloc_other")]).toEqual([333, 111])
    const asked: [GhnOptions, string | null | undefined][] = []
    serveLocationShops(async (options, locationId) => {
      asked.push([options, locationId])
      return locationId === "sloc_hcm" ? 444 : options.shopId
    })
    expect([await provider.shopOf("sloc_hcm"), await provider.shopOf(undefined)]).toEqual([444, 111])
    expect(asked.map(([options, id]) => [options.token, id])).toEqual([
      ["token-one", "sloc_hcm"],
      ["token-one", undefined],
    ])
  })
})
