/**
 * Settings -> GHN -> Set-up: what a store needs before GHN can ship its orders, read from the
 * store, one line per need, each with whether it holds, what was found and where the admin fixes it.
 */

export const SETUP_LINES = ["locations", "addresses", "measures", "currency", "cod", "webhook", "shipping_options"] as const
export type SetupKey = (typeof SETUP_LINES)[number]

/** How long a store may go without hearing from GHN's webhook before the line turns red. */
export const WEBHOOK_SILENCE_MS = 24 * 3600_000

export type SetupLocation = {
  id: string
  name: string
  address: string
  /** The GHN provider is enabled on the location (null: this Medusa cannot tell). */
  ghn_enabled: boolean | null
  shop_id: number
  /** The shop comes from the map stored in the admin or from `locationShops` (else the default shop). */
  mapped: boolean
  /** Where the shop comes from: the admin's stored map, the option `locationShops`, or the default shop. */
  source?: "stored" | "option" | "default"
  /** The GHN ward the address resolves to, or why it does not. */
  ward: string | null
  address_error: string | null
}

export type SetupInput = {
  locations: SetupLocation[]
  variants: { total: number; without_weight: number; without_size: number }
  regions: { id: string; name: string; currency_code: string; countries: string[] }[]
  cod: { configured: string[]; enabled: string[] }
  webhook: { last_received_at: Date | null }
  shipping_options: { id: string; name: string; is_return: boolean }[]
  now: Date
}

export type SetupLine = { key: SetupKey; ok: boolean; link: string; details: Record<string, unknown> }

/** The checklist's lines, in order. */
export function setupChecklist(input: SetupInput): SetupLine[] {
  const shipping = input.locations.filter((l) => l.ghn_enabled !== false)
  const unresolved = shipping.filter((l) => !l.ward)
  const vietnam = input.regions.filter((r) => r.countries.includes("vn"))
  const notVnd = input.regions.filter((r) => r.currency_code.toLowerCase() !== "vnd")
  const vietnamNotVnd = vietnam.filter((r) => r.currency_code.toLowerCase() !== "vnd")
  const codEnabled = input.cod.configured.filter((id) => input.cod.enabled.includes(id))
  const heard = input.webhook.last_received_at
  const outbound = input.shipping_options.filter((o) => !o.is_return)
  return [
    { key: "locations", ok: shipping.length > 0, link: "/settings/locations", details: { locations: input.locations } },
    {
      key: "addresses",
      ok: shipping.length > 0 && unresolved.length === 0,
      link: unresolved.length ? `/settings/locations/${unresolved[0].id}` : "/settings/locations",
      details: { locations: shipping.map(({ id, name, address, ward, address_error }) => ({ id, name, address, ward, address_error })) },
    },
    { key: "measures", ok: input.variants.without_weight === 0 && input.variants.without_size === 0, link: "/products", details: input.variants },
    {
      key: "currency",
      ok: vietnam.length > 0 && vietnamNotVnd.length === 0,
      link: vietnamNotVnd.length ? `/settings/regions/${vietnamNotVnd[0].id}` : "/settings/regions",
      details: { vietnam_regions: vietnam.map((r) => ({ id: r.id, name: r.name, currency_code: r.currency_code })), not_vnd: notVnd.map((r) => ({ id: r.id, name: r.name, currency_code: r.currency_code })) },
    },
    { key: "cod", ok: codEnabled.length > 0, link: "/settings/regions", details: { configured: input.cod.configured, enabled: codEnabled } },
    {
      key: "webhook",
      ok: !!heard && input.now.getTime() - heard.getTime() <= WEBHOOK_SILENCE_MS,
      link: "/settings/ghn",
      details: { last_received_at: heard?.toISOString() ?? null },
    },
    {
      key: "shipping_options",
      ok: outbound.length > 0,
      link: "/settings/locations",
      details: { options: input.shipping_options, outbound: outbound.length, returns: input.shipping_options.length - outbound.length },
    },
  ]
}
