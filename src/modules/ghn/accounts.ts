import { MedusaError, Modules } from "@medusajs/framework/utils"
import { resolveBaseUrl } from "../../lib/ghn"
import { adminError } from "../../lib/runtime/medusa-error"
import { type GhnAccount, ghnAccountsOf, notedProviderCount } from "../../lib/runtime/ghn-accounts"
import type { GhnOptions } from "../../lib/runtime/options"
import { ghnProviderIdOf } from "../../lib/runtime/provider-id"
import type { CallbackRefusals } from "./repositories/callback"
import type { ParcelAccountRow } from "./repositories/shipment"

export type { GhnAccount }

type Logger = { warn(message: string): void }

/** The parcels of one GHN account and shop: what one call to GHN about them is made with. */
export type AccountParcels = { account: GhnAccount; shop_id: number; order_codes: string[] }

/** A few codes (or ids) of a list, named, and how many more (a bulk request lists up to 10,000). */
export function someOf(codes: string[], shown = 5): string {
  return codes.length > shown ? `${codes.slice(0, shown).join(", ")} and ${codes.length - shown} more` : codes.join(", ")
}

/**
 * The store's GHN accounts: one per registration of the provider, so every call about a
 * fulfilment uses its own provider's token and shop, and the plugin's own options (`own`) for
 * settings, onboarding and whatever names no registration. Read from the composition root
 * (src/lib/runtime/ghn-accounts.ts): the fulfilment module may load after this one, so they are
 * read when first needed, and again if a registration was noted since.
 */
export class GhnAccounts {
  private known?: { noted: number; accounts: Map<string, GhnAccount> }

  constructor(
    private readonly own: GhnAccount,
    private readonly configModule: unknown,
    private readonly logger?: Logger
  ) {}

  private get byProviderId(): Map<string, GhnAccount> {
    const noted = notedProviderCount()
    if (this.known?.noted !== noted) {
      const accounts = ghnAccountsOf(this.configModule, Modules.FULFILLMENT, ghnProviderIdOf, this.logger)
      this.known = { noted, accounts: new Map(accounts.map((a) => [a.provider_id!, a])) }
    }
    return this.known.accounts
  }

  /** Every registration of the GHN provider in the store (the plugin's own options when none is found). */
  get all(): GhnAccount[] {
    return this.byProviderId.size ? [...this.byProviderId.values()] : [this.own]
  }

  /** The account of a GHN provider id (a fulfilment's, a shipment's); the plugin's options for none or an unknown one. */
  of(providerId: string | null | undefined): GhnAccount {
    return (providerId && this.byProviderId.get(providerId)) || this.own
  }

  /** Whether these options are the plugin's own GHN account (its token, in its environment). */
  isOwn(options: GhnOptions): boolean {
    return options.token === this.own.options.token && resolveBaseUrl(options) === resolveBaseUrl(this.own.options)
  }

  /** Every webhook secret of the store's GHN accounts (each GHN account calls back with its own), once each. */
  get webhookSecrets(): { header: string; secret: string }[] {
    const all = [this.own.options, ...[...this.byProviderId.values()].map((a) => a.options)]
    const seen = new Set<string>()
    return all
      .filter((o) => !!o.webhookSecret)
      .map((o) => ({ header: o.webhookHeader.toLowerCase(), secret: o.webhookSecret! }))
      .filter((s) => !seen.has(`${s.header}\n${s.secret}`) && !!seen.add(`${s.header}\n${s.secret}`))
  }

  /**
   * The accounts whose secret a callback's headers do not carry (`carries(header, secret)`): an
   * account without a secret refuses nothing. The store statement applies it to the parcel's account.
   */
  webhookRefusals(carries: (header: string, secret: string) => boolean): CallbackRefusals {
    const refuses = (o: GhnOptions) => !!o.webhookSecret && !carries(o.webhookHeader.toLowerCase(), o.webhookSecret)
    const registered = [...this.byProviderId.values()]
    return { registered: registered.map((a) => a.provider_id!), refused: registered.filter((a) => refuses(a.options)).map((a) => a.provider_id!), own: refuses(this.own.options) }
  }

  /**
   * The store's own parcels with these GHN order codes (`parcels`: their rows), grouped by the GHN
   * account and shop that made them. A code of another GHN order (one made in GHN's app on the same
   * account) is refused, naming it, before anything is sent to GHN; so is a parcel GHN cancelled,
   * when `live` is asked.
   */
  groupParcels(orderCodes: string[], parcels: ParcelAccountRow[], opts: { live?: boolean; act?: "print" | "switch" } = {}): AccountParcels[] {
    const byCode = new Map(parcels.map((s) => [s.order_code, s]))
    const unknown = orderCodes.filter((code) => !byCode.has(code))
    if (unknown.length) {
      throw adminError(MedusaError.Types.NOT_FOUND, { code: "parcels_unknown", params: { codes: someOf(unknown) } })
    }
    const cancelled = opts.live ? orderCodes.filter((code) => byCode.get(code)!.status === "cancel") : []
    if (cancelled.length) {
      throw adminError(MedusaError.Types.NOT_ALLOWED, { code: "parcels_cancelled", params: { codes: someOf(cancelled), act: opts.act ?? "switch" } })
    }
    const groups = new Map<string, AccountParcels>()
    for (const code of orderCodes) {
      const parcel = byCode.get(code)!
      const account = this.of(parcel.provider_id)
      const key = `${account.provider_id}|${parcel.shop_id}`
      const group = groups.get(key) ?? { account, shop_id: parcel.shop_id, order_codes: [] }
      group.order_codes.push(code)
      groups.set(key, group)
    }
    return [...groups.values()]
  }
}
