/**
 * The lines of medusa-ghn-check and their words, in one place: each line's title, and per verdict
 * (`key`) what was found and what to do, as English templates with `{{name}}` placeholders filled
 * from the line's `values`. The CLI prints them as they are; the admin shows the same keys through src/admin/i18n
 * (en.json carries these very texts, vi.json their translation: a unit test keeps them together).
 * No Medusa or Node imports: the admin bundles this file.
 */

export type GhnCheckEnvironment = "production" | "staging" | "custom"

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
  /** Names the verdict and its texts (GHN_CHECK_TEXTS; the admin's i18n `accountCheck.result/fix.<key>`). */
  key: GhnCheckKey
  /** The values the message is built from (for the translated text). */
  values: Record<string, string | number>
  /** GHN's code and text when GHN refused a call. */
  ghn?: GhnCheckGhn
}

export interface GhnCheckReport {
  /** No check failed. */
  ok: boolean
  environment: GhnCheckEnvironment
  shop_id: number
  checks: GhnCheck[]
  checked_at: string
  duration_ms: number
}

/** The line titles, by check id (`{{shop_id}}`: the shop a shop line is about). */
export const GHN_CHECK_TITLES = {
  token: "Token and environment",
  shop: "Shop {{shop_id}}",
  addresses: "Provinces, districts and wards",
  services: "Services on the route",
  fee: "Fee quote",
  leadtime: "Lead time",
  shifts: "Today's pick shifts",
  test_order: "Test order",
} as const

/** `{{env_name}}`: the GHN the options point at, named for a merchant. */
export const GHN_CHECK_ENV_NAMES: Record<GhnCheckEnvironment, string> = {
  production: "GHN production",
  staging: "GHN staging",
  custom: "the GHN address set in the options (baseUrl)",
}

const PER_ENVIRONMENT = "Tokens are per environment: a staging token is refused on production and a production token on staging"
const ATTACH = "attach the raw-answer file when you report it"

/** Per verdict: what was found (`message`) and what to do (`fix`, on failures and warnings). */
export const GHN_CHECK_TEXTS = {
  "token.ok": { message: "{{env_name}} accepts the token; the account has {{count}} shop(s)" },
  "token.refused_custom": {
    message: `this token is refused by the GHN address set in the options (baseUrl) ({{ghn}}). ${PER_ENVIRONMENT}`,
    fix: "use a token of the GHN the options point at (for the sandbox, a token `ghn-sandbox` prints)",
  },
  "token.refused_production": {
    message: `this token is refused by GHN production ({{ghn}}). ${PER_ENVIRONMENT}`,
    fix: 'use the token of GHN production (GHN\'s portal of that environment -> Chủ cửa hàng -> Xem token API), or set environment to "staging" if this token is one of staging; an IP whitelist on the GHN account also gives this refusal',
  },
  "token.refused_staging": {
    message: `this token is refused by GHN staging ({{ghn}}). ${PER_ENVIRONMENT}`,
    fix: 'use the token of GHN staging (GHN\'s portal of that environment -> Chủ cửa hàng -> Xem token API), or set environment to "production" if this token is one of production; an IP whitelist on the GHN account also gives this refusal',
  },
  "token.unreachable": {
    message: "{{env_name}} did not answer the token check ({{ghn}})",
    fix: "check the server's network access to GHN and the environment/baseUrl option, then run the check again",
  },

  "shop.ok": { message: "shop {{shop_id}} ({{name}}) is active and picks up at {{address}}" },
  "shop.not_found": {
    message: "shop {{shop_id}} is not one of this account's {{count}} shop(s) on {{env_name}}",
    fix: "set shopId (or locationShops) to one of the account's active shops: {{active}}",
  },
  "shop.no_active_shop": {
    message: "shop {{shop_id}} is not one of this account's {{count}} shop(s) on {{env_name}}, and the account has no active shop",
    fix: "create a shop in GHN's portal, then set shopId (or locationShops) to it",
  },
  "shop.inactive": {
    message: "shop {{shop_id}} ({{name}}) is not active (status {{status}}): GHN refuses its orders (SHOP_NO_ACTIVE)",
    fix: "reactivate the shop in GHN's portal or choose an active shop",
  },
  "shop.no_address": {
    message: "shop {{shop_id}} ({{name}}) has no pickup address: Create Order will fail with 'Address convert from fail'",
    fix: "enter the shop's pickup address (street, ward, district, province) in GHN's portal, under the shop's settings",
  },

  "addresses.ok": { message: "GHN lists {{count}} provinces; sample route: {{route}}" },
  "addresses.shop_ward_unlisted": {
    message: "GHN lists {{count}} provinces, but not the shop's ward {{ward_code}} in its district {{district_id}}",
    fix: "re-enter the shop's pickup address in GHN's portal so that its ward is one of GHN's current wards",
  },
  "addresses.receiver_unlisted": {
    message: "GHN lists no ward {{ward_code}} in district {{district_id}}",
    fix: "give a receiver district id and ward code from GHN's lists",
  },
  "addresses.no_receiver": {
    message: "GHN's address lists ({{count}} provinces) gave no district and ward to send a sample parcel to",
    fix: "run the check again; if it persists, attach the raw-answer file to a bug report",
  },
  "addresses.refused": {
    message: "GHN did not give its address lists ({{ghn}})",
    fix: "check that the shop is one GHN accepts as ShopId, then run the check again",
  },

  "services.ok": { message: "{{count}} GHN service(s) to {{where}}: {{list}}" },
  "services.none": {
    message: "no GHN service on this route (shop {{shop_id}} to {{where}}): checkout gets no GHN rate there and GHN refuses orders (ROUTE_NOT_FOUND_SERVICE)",
    fix: "check the shop's pickup district in GHN's portal (a locked district has no service), or ask GHN to open the route",
  },
  "services.refused": {
    message: "GHN did not list the services to {{where}} ({{ghn}})",
    fix: "check the shop's pickup district in GHN's portal, then run the check again",
  },

  "fee.ok": { message: "a parcel of {{parcel}} to {{where}} costs {{total}} ₫" },
  "fee.refused": {
    message: "GHN gave no fee for a parcel of {{parcel}} to {{where}} ({{ghn}}): checkout would show no GHN rate",
    fix: `read GHN's code above; ${ATTACH}`,
  },

  "leadtime.ok": { message: "a parcel sent today reaches {{where}} on {{between}} (Vietnam dates)" },
  "leadtime.refused": {
    message: "GHN gave no lead time to {{where}} ({{ghn}}): shoppers see no delivery estimate",
    fix: `orders still work; ${ATTACH}`,
  },

  "shifts.ok": { message: "GHN offers {{count}} pick shift(s): {{list}}" },
  "shifts.none": {
    message: "GHN lists no pick shift today: orders get GHN's default pickup",
    fix: "nothing to do unless you choose pick shifts (option pickShift)",
  },
  "shifts.refused": {
    message: "GHN did not list today's pick shifts ({{ghn}}): orders get GHN's default pickup",
    fix: `nothing blocks orders; ${ATTACH}`,
  },

  "test_order.ok": { message: "GHN created test order {{order_code}} and cancelled it" },
  "test_order.production": {
    message: "refused on GHN production: a test order there is a real order that a courier may come to pick up and GHN may bill",
    fix: 'make the test order with a staging token and environment "staging"; on production the read-only checks above are the check',
  },
  "test_order.create_refused": {
    message: "GHN refused the test order ({{ghn}}): a real order would be refused the same way",
    fix: `read GHN's code above; ${ATTACH}`,
  },
  "test_order.cancel_refused": {
    message: "GHN created test order {{order_code}} but did not cancel it ({{ghn}})",
    fix: "cancel order {{order_code}} in GHN's portal",
  },

  // A check whose premise failed: why it was not run.
  "skip.token": { message: "not checked: GHN refused the token" },
  "skip.unreachable": { message: "not checked: GHN did not answer" },
  "skip.shop": { message: "not checked: the default shop {{default_shop_id}} has no usable pickup address" },
  "skip.receiver": { message: "not checked: no sample receiver" },
  "skip.addresses": { message: "not checked: no address lists" },
  "skip.no_service": { message: "not checked: no service on the route" },
  "skip.service_list": { message: "not checked: no service list" },
} as const satisfies Record<string, { message: string; fix?: string }>

export type GhnCheckKey = keyof typeof GHN_CHECK_TEXTS
export type GhnCheckValues = Record<string, string | number>

/** GHN's own code and text of a refused call, as a line shows it. */
export type GhnCheckGhn = { status?: number; code?: string; message: string }
export const ghnCheckGhnText = (g: GhnCheckGhn) => (g.code ? `${g.code}: ${g.message}` : g.message)

/**
 * The values a line's texts are filled with: its own, GHN's words as `{{ghn}}`, the fee as
 * Vietnamese money, and the environment's name (`envNames`: English here, translated in the admin).
 */
export function ghnCheckTextValues(
  line: { values: GhnCheckValues; ghn?: GhnCheckGhn },
  envNames: Record<GhnCheckEnvironment, string> = GHN_CHECK_ENV_NAMES,
): GhnCheckValues {
  const { values } = line
  return {
    ...values,
    ...(typeof values.total === "number" ? { total: values.total.toLocaleString("vi-VN") } : {}),
    ...(typeof values.env === "string" && values.env in envNames ? { env_name: envNames[values.env as GhnCheckEnvironment] } : {}),
    ghn: line.ghn ? ghnCheckGhnText(line.ghn) : "",
  }
}

/** A template with its `{{name}}` placeholders filled (as i18next does in the admin). */
export function fillGhnCheckText(template: string, values: GhnCheckValues): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (all, name: string) => (name in values ? String(values[name]) : all))
}

/** The placeholders a template names (the unit test holds vi and en to the same ones). */
export const ghnCheckPlaceholders = (template: string) => [...template.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!).sort()
