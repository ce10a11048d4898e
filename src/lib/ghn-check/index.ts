/**
 * The check a merchant runs against their own GHN account before the first real order
 * (`npx medusa-ghn-check`, and Settings -> GHN -> Connection): read-only GHN calls with the
 * plugin's options, each verdict in plain words with what to do. No Medusa imports.
 */
import { GhnApiError, GhnError, GhnNetworkError, type GhnClient, type GhnDistrict, type GhnProvince, type GhnRawAnswer, type GhnShop, type GhnWard } from "../ghn"
import { ghnExpectedInstant, vietnamDay } from "../ghn/dates"
import type { Dispatcher } from "undici"
import { ghnClientFor, type GhnOptions } from "../runtime/options"
import { fillGhnCheckText, GHN_CHECK_IDS, GHN_CHECK_TEXTS, GHN_CHECK_TITLES, ghnCheckTextValues, type GhnCheck, type GhnCheckId, type GhnCheckKey, type GhnCheckReport, type GhnCheckStatus } from "./texts"

export { GHN_CHECK_ENV_NAMES, GHN_CHECK_IDS, GHN_CHECK_TEXTS, GHN_CHECK_TITLES, type GhnCheck, type GhnCheckId, type GhnCheckKey, type GhnCheckReport, type GhnCheckStatus } from "./texts"

export interface GhnCheckInput {
  options: GhnOptions
  /** Creates and cancels one test order; refused on GHN production. */
  createTestOrder?: boolean
  /** The sample receiver of the route (default: a district and ward of Hồ Chí Minh from GHN's lists). */
  receiver?: { district_id: number; ward_code: string }
  /** Sees every GHN answer, token masked (the raw-answer file). */
  onAnswer?: (answer: GhnRawAnswer) => void
  /** The HTTP dispatcher of the check's client (default: its own; tests pass undici's MockAgent). */
  dispatcher?: Dispatcher
}

/** The sample parcel of the fee quote, the lead time and the test order. */
export const SAMPLE_PARCEL = { weight: 500, length: 20, width: 15, height: 10 } as const
const SAMPLE_RECEIVER_PROVINCE = "hồ chí minh"
const LIGHT_GOODS = 2

type Env = GhnCheckReport["environment"]

/** GHN's own code and text of a failure (never the token, host or URL). */
function ghnOf(error: unknown): NonNullable<GhnCheck["ghn"]> {
  if (error instanceof GhnApiError) {
    return { status: error.status, code: error.code_message || `HTTP ${error.status}`, message: error.ghn_message || error.code_message_value || "no message" }
  }
  if (error instanceof GhnNetworkError) return { code: error.timeout ? "TIMEOUT" : error.errorCode || "NETWORK", message: error.message }
  if (error instanceof GhnError) return { message: error.message }
  return { message: (error as Error)?.message ?? String(error) }
}

const fold = (s: string) => s.normalize("NFC").toLowerCase()
const isRefusedToken = (error: unknown) => error instanceof GhnApiError && error.ghn_status === 401
/** The calendar day in Vietnam of GHN's expected instant (YYYY-MM-DD), through the one date normaliser. */
const dayInVietnam = (value: string | null): string => {
  const at = ghnExpectedInstant(value)
  if (!at) return String(value)
  const { year, month, day } = vietnamDay(at)
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`
}

/** A line of the check, its title and texts filled from GHN_CHECK_TEXTS with its values. */
type LineInput = { id: GhnCheckId; status: GhnCheckStatus; key: GhnCheckKey; values?: GhnCheck["values"]; ghn?: GhnCheck["ghn"] }
function checkLine({ id, status, key, values = {}, ghn }: LineInput): GhnCheck {
  const filled = ghnCheckTextValues({ values, ghn })
  const texts: { message: string; fix?: string } = GHN_CHECK_TEXTS[key]
  return {
    id,
    title: fillGhnCheckText(GHN_CHECK_TITLES[id], filled),
    status,
    message: fillGhnCheckText(texts.message, filled),
    ...(texts.fix ? { fix: fillGhnCheckText(texts.fix, filled) } : {}),
    key,
    values,
    ...(ghn ? { ghn } : {}),
  }
}

/** Runs every check in order; a check whose premise failed is skipped with the reason. */
export async function runGhnCheck(input: GhnCheckInput): Promise<GhnCheckReport> {
  const started = Date.now()
  const { options } = input
  // One attempt per call: a merchant wants GHN's first answer, not a retried one.
  const client = ghnClientFor(options, undefined, { retry: false, onAnswer: input.onAnswer, dispatcher: input.dispatcher })
  const checks: GhnCheck[] = []
  const env = client.environment as Env
  const add: Add = (line) => {
    checks.push(checkLine(line))
  }
  const skipRest = (from: GhnCheckId, key: Extract<GhnCheckKey, `skip.${string}`>) => {
    for (const id of GHN_CHECK_IDS.slice(GHN_CHECK_IDS.indexOf(from))) {
      const values = { shop_id: options.shopId, default_shop_id: options.shopId }
      if (id !== "test_order") add({ id, status: "skip", key, values })
      else if (input.createTestOrder && env === "production") add(productionRefusal)
      else if (input.createTestOrder) add({ id, status: "skip", key, values })
    }
  }
  try {
    // ---------------------------------------------------------------- token and environment
    let shops: GhnShop[]
    try {
      shops = await client.shops.listAll({ maxPages: 10 })
      add({ id: "token", status: "ok", key: "token.ok", values: { env, count: shops.length } })
    } catch (error) {
      const ghn = ghnOf(error)
      if (isRefusedToken(error)) {
        add({ id: "token", status: "fail", key: `token.refused_${env}`, values: { env }, ghn })
        skipRest("shop", "skip.token")
      } else {
        add({ id: "token", status: "fail", key: "token.unreachable", values: { env }, ghn })
        skipRest("shop", "skip.unreachable")
      }
      return report()
    }

    // ---------------------------------------------------------------- the shop(s) and their pickup address
    const shopIds = [...new Set([options.shopId, ...Object.values(options.locationShops)])]
    const pickup = new Map<number, GhnShop>()
    for (const id of shopIds) {
      const shop = shops.find((s) => s._id === id)
      const values = { shop_id: id, name: shop?.name ?? "", count: shops.length }
      if (!shop) {
        const active = shops.filter((s) => s.status == null || s.status === 1).map((s) => s._id).join(", ")
        add({ id: "shop", status: "fail", key: active ? "shop.not_found" : "shop.no_active_shop", values: { ...values, env, active } })
      } else if (shop.status != null && shop.status !== 1) {
        add({ id: "shop", status: "fail", key: "shop.inactive", values: { ...values, status: shop.status } })
      } else if (!shop.address?.trim() || !shop.district_id || !shop.ward_code?.trim()) {
        add({ id: "shop", status: "fail", key: "shop.no_address", values })
      } else {
        pickup.set(id, shop)
        add({ id: "shop", status: "ok", key: "shop.ok", values: { ...values, address: shop.address } })
      }
    }
    const from = pickup.get(options.shopId)
    if (!from) {
      skipRest("addresses", "skip.shop")
      return report()
    }
    const call = { shopId: from._id }

    // ---------------------------------------------------------------- provinces, districts, wards of one route
    let to: { district: GhnDistrict | { DistrictID: number; DistrictName: string }; ward: GhnWard; province: string }
    try {
      const provinces = await client.masterData.provinces(call)
      const fromWards = await client.masterData.wards(from.district_id!, call)
      const fromWard = fromWards.find((w) => w.WardCode === from.ward_code)
      let picked: typeof to | undefined
      if (input.receiver) {
        const wards = await client.masterData.wards(input.receiver.district_id, call)
        const ward = wards.find((w) => w.WardCode === input.receiver!.ward_code)
        if (ward) picked = { district: { DistrictID: input.receiver.district_id, DistrictName: `district ${input.receiver.district_id}` }, ward, province: "" }
      } else {
        picked = await sampleReceiver(client, provinces, call)
      }
      if (!picked) {
        if (input.receiver) add({ id: "addresses", status: "fail", key: "addresses.receiver_unlisted", values: { ...input.receiver } })
        else add({ id: "addresses", status: "fail", key: "addresses.no_receiver", values: { count: provinces.length } })
        skipRest("services", "skip.receiver")
        return report()
      }
      to = picked
      const route = `${fromWard?.WardName ?? from.ward_code} -> ${to.ward.WardName}, ${to.district.DistrictName}${to.province ? `, ${to.province}` : ""}`
      if (!fromWard) {
        add({
          id: "addresses", status: "warn", key: "addresses.shop_ward_unlisted",
          values: { count: provinces.length, ward_code: from.ward_code ?? "", district_id: from.district_id!, route },
        })
      } else {
        add({ id: "addresses", status: "ok", key: "addresses.ok", values: { count: provinces.length, route } })
      }
    } catch (error) {
      add({ id: "addresses", status: "fail", key: "addresses.refused", ghn: ghnOf(error) })
      skipRest("services", "skip.addresses")
      return report()
    }
    const route = { from_district_id: from.district_id!, from_ward_code: from.ward_code!, to_district_id: to.district.DistrictID, to_ward_code: to.ward.WardCode }
    const where = `${to.ward.WardName}, ${to.district.DistrictName}`

    // ---------------------------------------------------------------- available services
    let serviceTypeId = LIGHT_GOODS
    try {
      const services = await client.services.available({ from_district: route.from_district_id, to_district: route.to_district_id }, call)
      if (services.length === 0) {
        add({ id: "services", status: "fail", key: "services.none", values: { shop_id: from._id, where } })
        skipRest("fee", "skip.no_service")
        return report()
      }
      if (!services.some((s) => s.service_type_id === LIGHT_GOODS)) serviceTypeId = services[0]!.service_type_id
      // GHN's own names of its services ("Hàng nhẹ", "Hàng nặng"), in the merchant's language already
      const list = services.map((s) => s.short_name || `#${s.service_id ?? s.service_type_id}`).join(", ")
      add({ id: "services", status: "ok", key: "services.ok", values: { count: services.length, list, where } })
    } catch (error) {
      add({ id: "services", status: "fail", key: "services.refused", values: { where }, ghn: ghnOf(error) })
      skipRest("fee", "skip.service_list")
      return report()
    }

    // ---------------------------------------------------------------- a fee quote and a lead time for a sample parcel
    const parcel = `${SAMPLE_PARCEL.weight} g, ${SAMPLE_PARCEL.length}×${SAMPLE_PARCEL.width}×${SAMPLE_PARCEL.height} cm`
    try {
      const quote = await client.fees.calculate({ ...route, ...SAMPLE_PARCEL, service_type_id: serviceTypeId as 2 | 5, ...(serviceTypeId === 5 ? { items: [{ name: "medusa-ghn-check", quantity: 1, ...SAMPLE_PARCEL }] } : {}) }, call)
      add({ id: "fee", status: "ok", key: "fee.ok", values: { parcel, total: quote.total, where } })
    } catch (error) {
      add({ id: "fee", status: "fail", key: "fee.refused", values: { parcel, where }, ghn: ghnOf(error) })
    }
    try {
      const lead = await client.fees.leadtime({ ...route, ...SAMPLE_PARCEL, service_type_id: serviceTypeId as 2 | 5 }, call)
      const [first, last] = [dayInVietnam(lead.estimate.from), dayInVietnam(lead.estimate.to)]
      const between = first === last ? first : `${first} – ${last}`
      add({ id: "leadtime", status: "ok", key: "leadtime.ok", values: { between, where } })
    } catch (error) {
      add({ id: "leadtime", status: "warn", key: "leadtime.refused", values: { where }, ghn: ghnOf(error) })
    }

    // ---------------------------------------------------------------- today's pick shifts
    try {
      const shifts = await client.shifts.list(call)
      if (shifts.length === 0) add({ id: "shifts", status: "warn", key: "shifts.none" })
      else add({ id: "shifts", status: "ok", key: "shifts.ok", values: { count: shifts.length, list: shifts.map((s) => s.title).filter(Boolean).join(", ") } })
    } catch (error) {
      add({ id: "shifts", status: "warn", key: "shifts.refused", ghn: ghnOf(error) })
    }

    // ---------------------------------------------------------------- one test order, created and cancelled (staging only)
    if (input.createTestOrder) await testOrder(client, env, options, from, to, serviceTypeId, add)
    return report()
  } finally {
    await client.close().catch(() => undefined)
  }

  function report(): GhnCheckReport {
    return { ok: !checks.some((c) => c.status === "fail"), environment: env, shop_id: options.shopId, checks, checked_at: new Date(started).toISOString(), duration_ms: Date.now() - started }
  }
}

/** A district and ward of Hồ Chí Minh (else of the first province) that GHN serves. */
async function sampleReceiver(client: GhnClient, provinces: GhnProvince[], call: { shopId: number }) {
  const province = provinces.find((p) => fold(p.ProvinceName).includes(SAMPLE_RECEIVER_PROVINCE) || (p.NameExtension ?? []).some((n) => fold(n).includes(SAMPLE_RECEIVER_PROVINCE))) ?? provinces[0]
  if (!province) return undefined
  const districts = await client.masterData.districts(province.ProvinceID, call)
  // SupportType 0 is a locked district, Status 2 a closed one
  const district = districts.find((d) => d.SupportType !== 0 && d.Status !== 2)
  if (!district) return undefined
  const ward = (await client.masterData.wards(district.DistrictID, call)).find((w) => w.SupportType !== 0 && w.Status !== 2)
  return ward ? { district, ward, province: province.ProvinceName } : undefined
}

/** A test order is never made on production, whatever the other checks found. */
const productionRefusal: LineInput = { id: "test_order", status: "fail", key: "test_order.production" }

type Add = (line: LineInput) => void

async function testOrder(
  client: GhnClient,
  env: Env,
  options: GhnOptions,
  from: GhnShop,
  to: { district: { DistrictID: number; DistrictName: string }; ward: GhnWard; province: string },
  serviceTypeId: number,
  add: Add,
) {
  if (env === "production") return add(productionRefusal)
  let code: string
  try {
    const created = await client.orders.create(
      {
        client_order_code: `${options.clientOrderCodePrefix}GHNCHECK-${Date.now()}`,
        to_name: "medusa-ghn-check",
        to_phone: from.phone?.trim() || "0900000000",
        to_address: `medusa-ghn-check, ${to.ward.WardName}`,
        to_ward_name: to.ward.WardName,
        to_district_name: to.district.DistrictName,
        to_province_name: to.province || undefined,
        ...SAMPLE_PARCEL,
        service_type_id: serviceTypeId as 2 | 5,
        payment_type_id: 1,
        required_note: "KHONGCHOXEMHANG",
        content: "medusa-ghn-check test order (cancelled at once)",
        items: [{ name: "medusa-ghn-check", quantity: 1, ...SAMPLE_PARCEL }],
      },
      { shopId: from._id },
    )
    code = created.order_code
  } catch (error) {
    add({ id: "test_order", status: "fail", key: "test_order.create_refused", ghn: ghnOf(error) })
    return
  }
  try {
    const [result] = await client.orders.cancel({ order_codes: [code] }, { shopId: from._id })
    if (result && result.result === false) throw new GhnError(result.message || "GHN did not cancel the order", { operation: "orders.cancel" })
    add({ id: "test_order", status: "ok", key: "test_order.ok", values: { order_code: code } })
  } catch (error) {
    add({ id: "test_order", status: "fail", key: "test_order.cancel_refused", values: { order_code: code }, ghn: ghnOf(error) })
  }
}

/** The symbol a terminal line starts with. */
export const CHECK_SYMBOLS: Record<GhnCheckStatus, string> = { ok: "✓", warn: "!", fail: "✗", skip: "-" }

/** One line per check, as the CLI prints them. */
export function checkLines(report: GhnCheckReport): string[] {
  return report.checks.map((c) => `${CHECK_SYMBOLS[c.status]} ${c.title}: ${c.message}${c.fix ? `\n    -> ${c.fix}` : ""}`)
}
