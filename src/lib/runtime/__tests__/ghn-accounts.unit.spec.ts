import { ghnAccountsOf, ghnClientOf, masterDataOf, noteGhnProviderOptions } from "../ghn-accounts"
import { parseGhnOptions } from "../options"
import { ghnProviderIdOf } from "../provider-id"
import GhnProvider from "../../../providers/ghn/service"

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
})
