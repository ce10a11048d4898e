/**
 * The check a merchant runs against their own GHN account before the first real order
 * (`npx medusa-ghn-check`, and Settings -> GHN -> Connection): read-only GHN calls with the
 * plugin's options, each verdict in plain words with what to do. No Medusa imports.
 */
import { GhnApiError, GhnError, GhnNetworkError, type GhnClient, type GhnDistrict, type GhnProvince, type GhnRawAnswer, type GhnShop, type GhnWard } from "../ghn"
import { vietnamMidnight } from "../ghn/shifts"
import type { Dispatcher } from "undici"
import { ghnClientFor, type GhnOptions } from "../options"

export type GhnCheckStatus = "ok" | "warn" | "fail" | "skip"

export const GHN_CHECK_IDS = ["token", "shop", "addresses", "services", "fee", "leadtime", "shifts", "test_order"] as const
export type GhnCheckId = (typeof GHN_CHECK_IDS)[number]

/** One line of the check: what was checked, its verdict, and in plain words what is wrong and what to do. */
export interface GhnCheck {
  id: GhnCheckId
  /** What was checked, e.g. "Shop 190001". */
  title: string
  status: GhnCheckStatus
  /** What was found. */
  message: string
  /** What to do about it (failures and warnings). */
  fix?: string
  /** Names the verdict, for a translated text (the admin's i18n): `<id>.<outcome>`. */
  key: string
  /** The values the message is built from (for the translated text). */
  values: Record<string, string | number>
  /** GHN's code and text when GHN refused a call. */
  ghn?: { status?: number; code?: string; message: string }
}

export interface GhnCheckReport {
  /** No check failed. */
  ok: boolean
  environment: "production" | "staging" | "custom"
  shop_id: number
  checks: GhnCheck[]
  checked_at: string
  duration_ms: number
}

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
const envName = (env: Env) => (env === "custom" ? "the GHN address set in the options (baseUrl)" : `GHN ${env}`)

/** GHN's own code and text of a failure (never the token, host or URL). */
function ghnOf(error: unknown): NonNullable<GhnCheck["ghn"]> {
  if (error instanceof GhnApiError) {
    return { status: error.status, code: error.code_message || `HTTP ${error.status}`, message: error.ghn_message || error.code_message_value || "no message" }
  }
  if (error instanceof GhnNetworkError) return { code: error.timeout ? "TIMEOUT" : error.errorCode || "NETWORK", message: error.message }
  if (error instanceof GhnError) return { message: error.message }
  return { message: (error as Error)?.message ?? String(error) }
}
const ghnText = (g: NonNullable<GhnCheck["ghn"]>) => (g.code ? `${g.code}: ${g.message}` : g.message)

const fold = (s: string) => s.normalize("NFC").toLowerCase()
const isRefusedToken = (error: unknown) => error instanceof GhnApiError && (error.status === 401 || error.code === 401)
const vnd = (amount: number) => `${amount.toLocaleString("vi-VN")} ₫`
/** The calendar day in Vietnam of GHN's instant (vietnamMidnight is the one UTC+7 rule). */
const vietnamDay = (iso: string) => {
  const at = new Date(iso)
  return Number.isNaN(at.getTime()) ? iso : new Date(vietnamMidnight(at).getTime() + 12 * 3600_000).toISOString().slice(0, 10)
}

/** Runs every check in order; a check whose premise failed is skipped with the reason. */
export async function runGhnCheck(input: GhnCheckInput): Promise<GhnCheckReport> {
  const started = Date.now()
  const { options } = input
  // One attempt per call: a merchant wants GHN's first answer, not a retried one.
  const client = ghnClientFor(options, undefined, { retry: false, onAnswer: input.onAnswer, dispatcher: input.dispatcher })
  const checks: GhnCheck[] = []
  const env = client.environment as Env
  const add = (check: Omit<GhnCheck, "values"> & { values?: GhnCheck["values"] }) => {
    checks.push({ ...check, values: check.values ?? {} })
  }
  const skip = (id: GhnCheckId, title: string, because: string, key: string) =>
    add({ id, title, status: "skip", message: `not checked: ${because}`, key: `skip.${key}` })
  const skipRest = (from: GhnCheckId, because: string, key: string) => {
    for (const id of GHN_CHECK_IDS.slice(GHN_CHECK_IDS.indexOf(from))) {
      if (id !== "test_order") skip(id, TITLES[id], because, key)
      else if (input.createTestOrder && env === "production") add(productionRefusal)
      else if (input.createTestOrder) skip(id, TITLES[id], because, key)
    }
  }
  try {
    // ---------------------------------------------------------------- token and environment
    let shops: GhnShop[]
    try {
      shops = await client.shops.listAll({ maxPages: 10 })
      add({
        id: "token", title: TITLES.token, status: "ok", key: "token.ok", values: { env, count: shops.length },
        message: `${envName(env)} accepts the token; the account has ${shops.length} shop(s)`,
      })
    } catch (error) {
      const ghn = ghnOf(error)
      if (isRefusedToken(error)) {
        const other = env === "production" ? "staging" : "production"
        add({
          id: "token", title: TITLES.token, status: "fail", key: `token.refused_${env}`, values: { env }, ghn,
          message: `this token is refused by ${envName(env)} (${ghnText(ghn)}). Tokens are per environment: a staging token is refused on production and a production token on staging`,
          fix:
            env === "custom"
              ? "use a token of the GHN the options point at (for the sandbox, a token `ghn-sandbox` prints)"
              : `use the token of GHN ${env} (GHN's portal of that environment -> Chủ cửa hàng -> Xem token API), or set environment to "${other}" if this token is one of ${other}; an IP whitelist on the GHN account also gives this refusal`,
        })
        skipRest("shop", "GHN refused the token", "token")
      } else {
        add({
          id: "token", title: TITLES.token, status: "fail", key: "token.unreachable", values: { env }, ghn,
          message: `${envName(env)} did not answer the token check (${ghnText(ghn)})`,
          fix: "check the server's network access to GHN and the environment/baseUrl option, then run the check again",
        })
        skipRest("shop", "GHN did not answer", "unreachable")
      }
      return report()
    }

    // ---------------------------------------------------------------- the shop(s) and their pickup address
    const shopIds = [...new Set([options.shopId, ...Object.values(options.locationShops)])]
    const pickup = new Map<number, GhnShop>()
    for (const id of shopIds) {
      const title = `${TITLES.shop} ${id}`
      const shop = shops.find((s) => s._id === id)
      const values = { shop_id: id, name: shop?.name ?? "", count: shops.length }
      if (!shop) {
        add({
          id: "shop", title, status: "fail", key: "shop.not_found", values,
          message: `shop ${id} is not one of this account's ${shops.length} shop(s) on ${envName(env)}`,
          fix: `set shopId (or locationShops) to one of the account's active shops: ${shops.filter((s) => s.status == null || s.status === 1).map((s) => s._id).join(", ") || "(none: create a shop in GHN's portal)"}`,
        })
      } else if (shop.status != null && shop.status !== 1) {
        add({
          id: "shop", title, status: "fail", key: "shop.inactive", values: { ...values, status: shop.status },
          message: `shop ${id} (${shop.name ?? ""}) is not active (status ${shop.status}): GHN refuses its orders (SHOP_NO_ACTIVE)`,
          fix: "reactivate the shop in GHN's portal or choose an active shop",
        })
      } else if (!shop.address?.trim() || !shop.district_id || !shop.ward_code?.trim()) {
        add({
          id: "shop", title, status: "fail", key: "shop.no_address", values,
          message: `shop ${id} (${shop.name ?? ""}) has no pickup address: Create Order will fail with 'Address convert from fail'`,
          fix: "enter the shop's pickup address (street, ward, district, province) in GHN's portal, under the shop's settings",
        })
      } else {
        pickup.set(id, shop)
        add({
          id: "shop", title, status: "ok", key: "shop.ok", values: { ...values, address: shop.address },
          message: `shop ${id} (${shop.name ?? ""}) is active and picks up at ${shop.address}`,
        })
      }
    }
    const from = pickup.get(options.shopId)
    if (!from) {
      skipRest("addresses", `the default shop ${options.shopId} has no usable pickup address`, "shop")
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
        add({
          id: "addresses", title: TITLES.addresses, status: "fail", key: "addresses.no_receiver",
          values: { count: provinces.length },
          message: input.receiver
            ? `GHN lists no ward ${input.receiver.ward_code} in district ${input.receiver.district_id}`
            : `GHN's address lists (${provinces.length} provinces) gave no district and ward to send a sample parcel to`,
          fix: input.receiver ? "give a receiver district id and ward code from GHN's lists" : "run the check again; if it persists, attach the raw-answer file to a bug report",
        })
        skipRest("services", "no sample receiver", "receiver")
        return report()
      }
      to = picked
      const route = `${fromWard?.WardName ?? from.ward_code} -> ${to.ward.WardName}, ${to.district.DistrictName}${to.province ? `, ${to.province}` : ""}`
      if (!fromWard) {
        add({
          id: "addresses", title: TITLES.addresses, status: "warn", key: "addresses.shop_ward_unlisted",
          values: { count: provinces.length, ward_code: from.ward_code ?? "", district_id: from.district_id!, route },
          message: `GHN lists ${provinces.length} provinces, but not the shop's ward ${from.ward_code} in its district ${from.district_id}`,
          fix: "re-enter the shop's pickup address in GHN's portal so that its ward is one of GHN's current wards",
        })
      } else {
        add({
          id: "addresses", title: TITLES.addresses, status: "ok", key: "addresses.ok", values: { count: provinces.length, route },
          message: `GHN lists ${provinces.length} provinces; sample route: ${route}`,
        })
      }
    } catch (error) {
      const ghn = ghnOf(error)
      add({
        id: "addresses", title: TITLES.addresses, status: "fail", key: "addresses.refused", values: {}, ghn,
        message: `GHN did not give its address lists (${ghnText(ghn)})`,
        fix: "check that the shop is one GHN accepts as ShopId, then run the check again",
      })
      skipRest("services", "no address lists", "addresses")
      return report()
    }
    const route = { from_district_id: from.district_id!, from_ward_code: from.ward_code!, to_district_id: to.district.DistrictID, to_ward_code: to.ward.WardCode }
    const where = `${to.ward.WardName}, ${to.district.DistrictName}`

    // ---------------------------------------------------------------- available services
    let serviceTypeId = LIGHT_GOODS
    try {
      const services = await client.services.available({ from_district: route.from_district_id, to_district: route.to_district_id }, call)
      if (services.length === 0) {
        add({
          id: "services", title: TITLES.services, status: "fail", key: "services.none", values: { where },
          message: `no GHN service on this route (shop ${from._id} to ${where}): checkout gets no GHN rate there and GHN refuses orders (ROUTE_NOT_FOUND_SERVICE)`,
          fix: "check the shop's pickup district in GHN's portal (a locked district has no service), or ask GHN to open the route",
        })
        skipRest("fee", "no service on the route", "services")
        return report()
      }
      if (!services.some((s) => s.service_type_id === LIGHT_GOODS)) serviceTypeId = services[0]!.service_type_id
      const list = services.map((s) => `${s.short_name || "service"} (type ${s.service_type_id})`).join(", ")
      add({ id: "services", title: TITLES.services, status: "ok", key: "services.ok", values: { count: services.length, list, where }, message: `${services.length} GHN service(s) to ${where}: ${list}` })
    } catch (error) {
      const ghn = ghnOf(error)
      add({
        id: "services", title: TITLES.services, status: "fail", key: "services.refused", values: { where }, ghn,
        message: `GHN did not list the services to ${where} (${ghnText(ghn)})`,
        fix: "check the shop's pickup district in GHN's portal, then run the check again",
      })
      skipRest("fee", "no service list", "services")
      return report()
    }

    // ---------------------------------------------------------------- a fee quote and a lead time for a sample parcel
    const parcel = `${SAMPLE_PARCEL.weight} g, ${SAMPLE_PARCEL.length}×${SAMPLE_PARCEL.width}×${SAMPLE_PARCEL.height} cm`
    try {
      const quote = await client.fees.calculate({ ...route, ...SAMPLE_PARCEL, service_type_id: serviceTypeId as 2 | 5, ...(serviceTypeId === 5 ? { items: [{ name: "medusa-ghn-check", quantity: 1, ...SAMPLE_PARCEL }] } : {}) }, call)
      add({
        id: "fee", title: TITLES.fee, status: "ok", key: "fee.ok", values: { parcel, total: quote.total, where },
        message: `a parcel of ${parcel} to ${where} costs ${vnd(quote.total)}`,
      })
    } catch (error) {
      const ghn = ghnOf(error)
      add({
        id: "fee", title: TITLES.fee, status: "fail", key: "fee.refused", values: { parcel, where }, ghn,
        message: `GHN gave no fee for a parcel of ${parcel} to ${where} (${ghnText(ghn)}): checkout would show no GHN rate`,
        fix: "read GHN's code above; attach the raw-answer file when you report it",
      })
    }
    try {
      const lead = await client.fees.leadtime({ ...route, ...SAMPLE_PARCEL, service_type_id: serviceTypeId as 2 | 5 }, call)
      const [first, last] = [vietnamDay(lead.leadtime_order.from_estimate_date), vietnamDay(lead.leadtime_order.to_estimate_date)]
      const between = first === last ? first : `${first} – ${last}`
      add({ id: "leadtime", title: TITLES.leadtime, status: "ok", key: "leadtime.ok", values: { between, where }, message: `a parcel sent today reaches ${where} on ${between} (Vietnam dates)` })
    } catch (error) {
      const ghn = ghnOf(error)
      add({
        id: "leadtime", title: TITLES.leadtime, status: "warn", key: "leadtime.refused", values: { where }, ghn,
        message: `GHN gave no lead time to ${where} (${ghnText(ghn)}): shoppers see no delivery estimate`,
        fix: "orders still work; attach the raw-answer file when you report it",
      })
    }

    // ---------------------------------------------------------------- today's pick shifts
    try {
      const shifts = await client.shifts.list(call)
      if (shifts.length === 0) {
        add({
          id: "shifts", title: TITLES.shifts, status: "warn", key: "shifts.none", values: {},
          message: "GHN lists no pick shift today: orders get GHN's default pickup",
          fix: "nothing to do unless you choose pick shifts (option pickShift)",
        })
      } else {
        const list = shifts.map((s) => s.title).filter(Boolean).join(", ")
        add({ id: "shifts", title: TITLES.shifts, status: "ok", key: "shifts.ok", values: { count: shifts.length, list }, message: `GHN offers ${shifts.length} pick shift(s): ${list}` })
      }
    } catch (error) {
      const ghn = ghnOf(error)
      add({
        id: "shifts", title: TITLES.shifts, status: "warn", key: "shifts.refused", values: {}, ghn,
        message: `GHN did not list today's pick shifts (${ghnText(ghn)}): orders get GHN's default pickup`,
        fix: "nothing blocks orders; attach the raw-answer file when you report it",
      })
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

const TITLES: Record<GhnCheckId, string> = {
  token: "Token and environment",
  shop: "Shop",
  addresses: "Provinces, districts and wards",
  services: "Services on the route",
  fee: "Fee quote",
  leadtime: "Lead time",
  shifts: "Today's pick shifts",
  test_order: "Test order",
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
const productionRefusal: GhnCheck = {
  id: "test_order", title: TITLES.test_order, status: "fail", key: "test_order.production", values: {},
  message: "refused on GHN production: a test order there is a real order that a courier may come to pick up and GHN may bill",
  fix: "run --create-test-order with a staging token and environment \"staging\"; on production the read-only checks above are the check",
}

type Add = (check: Omit<GhnCheck, "values"> & { values?: GhnCheck["values"] }) => void

async function testOrder(
  client: GhnClient,
  env: Env,
  options: GhnOptions,
  from: GhnShop,
  to: { district: { DistrictID: number; DistrictName: string }; ward: GhnWard; province: string },
  serviceTypeId: number,
  add: Add,
) {
  const title = TITLES.test_order
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
    const ghn = ghnOf(error)
    add({
      id: "test_order", title, status: "fail", key: "test_order.create_refused", values: {}, ghn,
      message: `GHN refused the test order (${ghnText(ghn)}): a real order would be refused the same way`,
      fix: "read GHN's code above; attach the raw-answer file when you report it",
    })
    return
  }
  try {
    const [result] = await client.orders.cancel({ order_codes: [code] }, { shopId: from._id })
    if (result && result.result === false) throw new GhnError(result.message || "GHN did not cancel the order", { operation: "orders.cancel" })
    add({ id: "test_order", title, status: "ok", key: "test_order.ok", values: { order_code: code }, message: `GHN created test order ${code} and cancelled it` })
  } catch (error) {
    const ghn = ghnOf(error)
    add({
      id: "test_order", title, status: "fail", key: "test_order.cancel_refused", values: { order_code: code }, ghn,
      message: `GHN created test order ${code} but did not cancel it (${ghnText(ghn)})`,
      fix: `cancel order ${code} in GHN's portal`,
    })
  }
}

/** The symbol a terminal line starts with. */
export const CHECK_SYMBOLS: Record<GhnCheckStatus, string> = { ok: "✓", warn: "!", fail: "✗", skip: "-" }

/** One line per check, as the CLI prints them. */
export function checkLines(report: GhnCheckReport): string[] {
  return report.checks.map((c) => `${CHECK_SYMBOLS[c.status]} ${c.title}: ${c.message}${c.fix ? `\n    -> ${c.fix}` : ""}`)
}
