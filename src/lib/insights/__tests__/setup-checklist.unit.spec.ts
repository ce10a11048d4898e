import { setupChecklist, type SetupInput } from "../setup-checklist"

const now = new Date("2026-11-26T12:00:00Z")
const good: SetupInput = {
  locations: [{ id: "sloc_1", name: "Kho", address: "18 Phó Đức Chính", ghn_enabled: true, shop_id: 1, mapped: false, ward: "Phường Phúc Xá", address_error: null }],
  variants: { total: 3, without_weight: 0, without_size: 0 },
  regions: [{ id: "reg_vn", name: "Việt Nam", currency_code: "vnd", countries: ["vn"] }, { id: "reg_us", name: "US", currency_code: "usd", countries: ["us"] }],
  cod: { configured: ["pp_cod"], enabled: ["pp_cod", "pp_card"] },
  webhook: { last_received_at: new Date(now.getTime() - 23 * 3600_000) },
  shipping_options: [{ id: "so_1", name: "GHN", is_return: false }],
  now,
}
const line = (input: SetupInput, key: string) => setupChecklist(input).find((l) => l.key === key)!

it("passes every line of a store set up, a region elsewhere in another currency included", () => {
  expect(setupChecklist(good).map((l) => [l.key, l.ok])).toEqual([
    ["locations", true], ["addresses", true], ["measures", true], ["currency", true], ["cod", true], ["webhook", true], ["shipping_options", true],
  ])
  expect(line(good, "currency").details.not_vnd).toEqual([{ id: "reg_us", name: "US", currency_code: "usd" }])
})

it.each([
  ["locations", { locations: [{ ...good.locations[0], ghn_enabled: false }] }, "/settings/locations"],
  ["addresses", { locations: [{ ...good.locations[0], ward: null, address_error: "not found" }] }, "/settings/locations/sloc_1"],
  ["measures", { variants: { total: 3, without_weight: 1, without_size: 0 } }, "/products"],
  ["currency", { regions: [{ id: "reg_vn", name: "Việt Nam", currency_code: "usd", countries: ["vn"] }] }, "/settings/regions/reg_vn"],
  ["currency", { regions: [] }, "/settings/regions"],
  ["cod", { cod: { configured: ["pp_cod"], enabled: ["pp_card"] } }, "/settings/regions"],
  ["webhook", { webhook: { last_received_at: new Date(now.getTime() - 25 * 3600_000) } }, "/settings/ghn"],
  ["webhook", { webhook: { last_received_at: null } }, "/settings/ghn"],
  ["shipping_options", { shipping_options: [{ id: "so_r", name: "GHN return", is_return: true }] }, "/settings/locations"],
] as [string, Partial<SetupInput>, string][])("fails %s (%j) and links to %s", (key, change, link) => {
  expect(line({ ...good, ...change }, key)).toMatchObject({ ok: false, link })
})
