import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { CodReportRow, CodTotals } from "../../lib/cod/cod-report"
import { languageHeaders, sdk } from "./sdk"

/** An order of the COD tab's page with its check (GET /admin/ghn/cod's `orders`). */
export type OrderCodCheckRow = Pick<CodReportRow, "order_id" | "order_display_id" | "order_cod" | "order_cod_due" | "order_cod_difference">

// ---------------------------------------------------------------------------------------------
// Types of the plugin's admin routes (src/api/admin/ghn)

export type LabelSize = "A5" | "80x80" | "52x70"
export const LABEL_SIZES: LabelSize[] = ["A5", "80x80", "52x70"]

export type HistoryEntry = { status: string; type?: string; time: string; reason?: string | null; reason_code?: string | null; source?: string; not_applied?: "unknown_status" | "after_final" | "cancel_after_pickup" | "before_order" }

/** A GHN order made for the order that no fulfilment carries and GHN has not cancelled yet (retried). */
export type UncancelledGhnOrder = { client_order_code: string; order_code: string | null; error: string | null; attempts: number; next_attempt_at: string | null }

export type Shipment = {
  /** The order's number and receiver (GHN page list), through the shipment's link to its order. */
  order_number?: string | null
  receiver?: string | null
  id: string
  fulfillment_id: string
  order_id: string | null
  order_code: string
  client_order_code: string | null
  shop_id: number
  is_return: boolean
  status: string
  status_at: string | null
  history: HistoryEntry[]
  /** GHN callbacks of this order that could not be applied (retried with back-off), with the last reason. */
  failed_callbacks: { count: number; error: string } | null
  /** codRisk run again after the order's phone changed (null: never). */
  cod_risk?: { phone: string | null; refused: boolean; recent_returns: number; days: number; max_returned: number; checked_at: string } | null
  total_fee: number
  fees: Record<string, unknown> | null
  cod_amount: number
  /** The COD the store decided when it created the GHN order. */
  cod_expected: number | null
  is_cod_collected: boolean
  cod_collect_date: string | null
  is_cod_transferred: boolean
  cod_transfer_date: string | null
  /** The capture on delivery: captured | skipped | failed | capturing, with its amount and reason. */
  cod_capture_status: string | null
  cod_captured_amount: number
  cod_capture_error: string | null
  /** The shipping the customer paid at checkout (the order's first parcel). */
  quoted_fee: number | null
  weight: number | null
  converted_weight: number | null
  expected_delivery_time: string | null
  last_synced_at: string | null
  created_at: string
  tracking_url: string
  label_urls: Record<LabelSize, string>
  actions: { cancel: boolean; redeliver: boolean; return: boolean; update: string[] }
}

// The COD report's rows are the server's own type (src/lib/cod/cod-report.ts), not a copy.
export type { CodFilter, CodReportRow, CodTotals } from "../../lib/cod/cod-report"
export { COD_FILTERS } from "../../lib/cod/cod-report"

/** A receiver's history with the store's COD parcels (src/lib/cod/receiver-risk.ts). */
export type { ReceiverHistory } from "../../lib/cod/receiver-risk"
import type { ReceiverHistory } from "../../lib/cod/receiver-risk"
import type { GhnCheck, GhnCheckReport } from "../../lib/ghn-check/texts"

/** A shipment of the "Needs action" queue (GET /admin/ghn/needs-action). */
export type NeedsActionShipment = Shipment & {
  receiver_phone?: string | null
  needs: {
    reason: string | null
    reason_code: string | null
    attempts: number
    since: string | null
    cod_at_stake: number
    /** What a return adds: billed by GHN, or estimated from the return fee ratio until GHN bills it. */
    return_cost: { amount: number; estimated: boolean }
    actions: { redeliver: boolean; return: boolean; update: string[] }
    receiver: ReceiverHistory | null
  }
}
export type QueuePage = { parcels: NeedsActionShipment[]; counts: Record<string, number>; total: number; count: number; limit: number; offset: number }

type Measures = { weight: number | null; length: number | null; width: number | null; height: number | null }
/** A customer's saved address that needs its customer's choice (GET /admin/ghn/address-choices). */
export type AddressChoice = {
  id: string
  address_id: string
  customer: { id: string; email: string | null; name: string }
  address: string
  code: "address_ambiguous" | "address_not_found" | "address_not_priceable"
  part: string
  candidates: string[]
  created_at: string
}

/** A variant of the re-weighing report (GET /admin/ghn/reweigh), measures in the catalogue's units. */
export type ReweighVariant = {
  variant_id: string
  product_title: string | null
  title: string | null
  sku: string | null
  parcels: number
  fee_difference: number
  current: Measures
  suggested: Measures
  order_codes: string[]
}
export type ReweighReport = { variants: ReweighVariant[]; unattributed: number; parcels_measured: number; days: number; units: { weight: string; dimension: string } }

export type SwitchResult = { order_code: string; result: boolean; message: string; reason?: string }

export type Ticket = {
  id: string
  ticket_id: number
  order_code: string
  order_id: string | null
  shop_id: number
  category: string
  description: string
  status_id: number
  status: string | null
  waiting_for_reply: boolean
  conversation_count: number
  created_at: string
  updated_at: string
  last_synced_at: string | null
  sync_error?: string
  ghn?: { title: string; type: string | null; description: string | null; created_at: string | null; updated_at: string | null; attachments: unknown[] }
  conversations?: Conversation[]
}

export type Conversation = {
  body?: string | null
  from_email?: string | null
  user_id?: number | null
  created_at?: string | null
  attachments?: { name?: string; content_type?: string; size?: number; attachment_url?: string }[] | null
}

export type Shop = { _id: number; name?: string | null; phone?: string | null; address?: string | null; ward_code?: string | null; district_id?: number | null; client_id?: number | null; status?: number | null }

export type Verdict = { ok: boolean | null; code?: string | null; status?: number | null; message: string; key?: string }
export type Connection = {
  ok: boolean
  custom: boolean
  environment: { name: string; base_url: string }
  token: Verdict
  shop: Verdict & { id: number; name?: string | null; status?: number | null }
  shops_count: number | null
  duration_ms: number
  checked_at: string
}

/** One line of the account check (medusa-ghn-check's checks; src/lib/ghn-check). */
export type AccountCheckLine = GhnCheck
/** The account check of one GHN account of the store (POST /admin/ghn/settings/check). */
export type AccountCheck = Omit<GhnCheckReport, "environment"> & {
  provider_id: string | null
  environment: { name: string; base_url: string }
}

export type Settings = {
  environment: { name: string; base_url: string }
  shop_id: number
  language: string
  webhook: {
    url: string
    header: string
    has_secret: boolean
    secret_masked: string | null
    /** Callbacks with the right secret refused in the last 24 h (GHN does not send them again). */
    refused?: { count: number; reasons: { reason: string; count: number; last_at: string; samples: { received_at: string; detail: string; body: string }[] }[] }
  }
  locations: LocationShop[]
  /** Each registration of the GHN provider (a GHN account or shop). */
  providers: { provider_id: string | null; environment: { name: string; base_url: string }; shop_id: number; webhook_header: string; has_webhook_secret: boolean }[]
  options: Record<string, unknown>
}

/** A stock location's GHN shop and where it comes from: the map saved here, the option `locationShops`, or the default shop. */
export type LocationShop = { id: string; name: string; address: string; shop_id: number; mapped: boolean; source: "stored" | "option" | "default"; ghn_enabled: boolean | null }

/** What POST /admin/ghn/shipping-options would create for a location's zone. */
export type ShippingOptionsPlan = {
  location: { id: string; name: string }
  service_zone: { id: string | null; name: string; fulfillment_set: string; create: boolean }
  provider: { id: string; enable: boolean }
  shipping_profile: { id: string; name?: string }
  options: { name: string; service_type_id: number; is_return: boolean; price_type: string }[]
  duplicates: { id: string; name: string }[]
}

export type Shift = { id: number; title: string; from_time: number; to_time: number; from: string; to: string; today: boolean }

export type WebhookTest = {
  ok: boolean
  url: string
  request: { headers: Record<string, string>; body: Record<string, unknown> }
  response: { status: number | null; body: unknown; error?: string }
  duration_ms: number
}

export type OnboardingResult = {
  outcome: "created" | "added" | "recovered"
  shop_id: number
  client_id?: number | null
  shop: Shop | null
  known_shop_ids?: number[]
  ghn_error?: { code: string | null; message: string }
}

/** GHN refused the store's token at checkout in the last 24 hours (the last refusal), else null. */
export type GhnNotices = { refused_token: { at: string; shop_id: number; code: string | null; message: string } | null }

export type Place = { id: number | string; name: string }

// Ready to ship's orders are the server's own type (src/lib/shipping-run/ready-to-ship.ts), not a copy.
export type { ReadyOrder } from "../../lib/shipping-run/ready-to-ship"
import type { ReadyOrder } from "../../lib/shipping-run/ready-to-ship"

export type ShippingRunResult = { order_id: string; display_id: string | null; status: string; ghn_order_code?: string; error?: CodedFailure }
import type { CodedFailure } from "./errors"

/** A scan at the door (src/lib/handover/scan.ts). */
export type ScanEntry = { code: string; at: string; by: string | null; result: "parcel" | "repeat" | "foreign" | "unknown"; order_code: string | null; run_id: string | null }
/** A run's door check as GET /admin/ghn/shipping-runs/:id/scan gives it: the parcels to hand over and the newest check. */
export type HandoverCheck = {
  parcels: { order_code: string; client_order_code: string | null; order_number: string | null; shop_id: number; receiver_name: string | null; cod_amount: number }[]
  scan: {
    id: string
    status: "open" | "completed"
    started_by: string | null
    started_at: string
    completed_by: string | null
    completed_at: string | null
    scans: ScanEntry[]
    scanned: string[]
    missing: string[]
    foreign: { code: string; run_id: string | null }[]
  } | null
}
export type ScanAnswer = { result: ScanEntry; scan: NonNullable<HandoverCheck["scan"]> }
export type ShippingRun = {
  id: string
  status: "queued" | "running" | "completed" | "cancelled"
  total: number
  queued: number
  running: number
  created: number
  failed: number
  cancelled: number
  pick_shift: number | null
  pick_shift_title: string | null
  created_at: string
  finished_at: string | null
  results?: ShippingRunResult[]
}

// ---------------------------------------------------------------------------------------------
// Calls

const json = <T>(path: string, method: "GET" | "POST" = "GET", body?: Record<string, unknown> | FormData, query?: Record<string, unknown>) =>
  sdk.client.fetch<T>(path, { method, body, query, headers: languageHeaders() })

/** A multipart form (ticket create/reply): the browser sets the boundary. */
const multipart = <T>(path: string, form: FormData) =>
  // null drops the SDK's JSON content type, so the browser sets multipart's boundary.
  sdk.client.fetch<T>(path, { method: "POST", body: form, headers: { "content-type": null, ...languageHeaders() } })

export const api = {
  orderShipments: (orderId: string) =>
    json<{ shipments: Shipment[]; uncancelled?: UncancelledGhnOrder[]; receiver?: ReceiverHistory | null }>(`/admin/ghn/orders/${orderId}/shipments`),
  trustReceiver: (phone: string, trusted: boolean) => json<{ receiver: ReceiverHistory }>(`/admin/ghn/receivers/${encodeURIComponent(phone)}/trust`, "POST", { trusted }),
  forgetReceiver: (phone: string) => sdk.client.fetch<{ phone: string; outcomes: number }>(`/admin/ghn/receivers/${encodeURIComponent(phone)}`, { method: "DELETE", headers: languageHeaders() }),
  shipments: (query: Record<string, unknown>) => json<{ shipments: Shipment[]; count: number; limit: number; offset: number }>("/admin/ghn/shipments", "GET", undefined, query),
  cod: (query: Record<string, unknown>) => json<{ parcels: CodReportRow[]; orders: OrderCodCheckRow[]; count: number; totals: CodTotals; limit: number; offset: number }>("/admin/ghn/cod", "GET", undefined, query),
  reweigh: (query: Record<string, unknown>) => json<ReweighReport>("/admin/ghn/reweigh", "GET", undefined, query),
  applyMeasures: (variantId: string, measures: Record<string, number>) =>
    json<{ variant_id: string; before: Measures; after: Measures }>(`/admin/ghn/reweigh/${encodeURIComponent(variantId)}`, "POST", measures),
  needsAction: (query: Record<string, unknown>) => json<QueuePage>("/admin/ghn/needs-action", "GET", undefined, query),
  notices: () => json<GhnNotices>("/admin/ghn/notices"),
  addressChoices: (query: Record<string, unknown>) =>
    json<{ choices: AddressChoice[]; count: number; limit: number; offset: number }>("/admin/ghn/address-choices", "GET", undefined, query),
  resolveSavedAddresses: () => json<{ resolved: number; needs_choice: number; skipped: number; changed: number }>("/admin/ghn/address-choices/resolve", "POST"),
  refresh: (code: string) => json<{ shipment: Shipment }>(`/admin/ghn/shipments/${encodeURIComponent(code)}/refresh`, "POST"),
  update: (code: string, body: Record<string, unknown>) => json<{ shipment: Shipment }>(`/admin/ghn/shipments/${encodeURIComponent(code)}`, "POST", body),
  redeliver: (codes: string[]) => json<{ results: SwitchResult[] }>("/admin/ghn/redeliver", "POST", { order_codes: codes }),
  returnToSender: (codes: string[]) => json<{ results: SwitchResult[] }>("/admin/ghn/return", "POST", { order_codes: codes }),
  labels: (codes: string[], size: LabelSize) => json<{ labels: { shop_id: number; order_codes: string[]; url: string }[] }>("/admin/ghn/labels", "POST", { order_codes: codes, size }),
  cancelFulfillment: (orderId: string, fulfillmentId: string) => sdk.admin.order.cancelFulfillment(orderId, fulfillmentId, {}, languageHeaders()),

  tickets: (query: Record<string, unknown>) => json<{ tickets: Ticket[]; count: number }>("/admin/ghn/tickets", "GET", undefined, query),
  ticket: (id: number) => json<{ ticket: Ticket }>(`/admin/ghn/tickets/${id}`),
  createTicket: (form: FormData) => multipart<{ ticket: Ticket }>("/admin/ghn/tickets", form),
  replyTicket: (id: number, form: FormData) => multipart<{ entry: Conversation; ticket: Ticket }>(`/admin/ghn/tickets/${id}/reply`, form),

  settings: () => json<{ settings: Settings }>("/admin/ghn/settings"),
  connection: () => json<{ connection: Connection }>("/admin/ghn/settings/connection"),
  providerConnection: (providerId: string) => json<{ connection: Connection }>(`/admin/ghn/settings/connection?provider_id=${encodeURIComponent(providerId)}`),
  checkConnection: (body: Record<string, unknown>) => json<{ connection: Connection }>("/admin/ghn/settings/connection", "POST", body),
  checkAccount: (body: { provider_id?: string; create_test_order?: boolean }) => json<{ ok: boolean; accounts: AccountCheck[] }>("/admin/ghn/settings/check", "POST", body),
  webhookSecret: () => json<{ header: string; secret: string }>("/admin/ghn/settings/webhook-secret"),
  webhookTest: () => json<{ test: WebhookTest }>("/admin/ghn/settings/webhook-test", "POST", {}),
  shops: () => json<{ shops: Shop[]; count: number; default_shop_id: number }>("/admin/ghn/shops"),
  createShop: (body: Record<string, unknown>) => json<{ shop_id: number; shop: Shop | null }>("/admin/ghn/shops", "POST", body),
  saveLocationShops: (locations: { location_id: string; shop_id: number | null }[]) => json<{ locations: LocationShop[] }>("/admin/ghn/location-shops", "POST", { locations }),
  createLocationShop: (locationId: string) => json<{ shop_id: number; shop: Shop | null; locations: LocationShop[] }>("/admin/ghn/location-shops/create-shop", "POST", { location_id: locationId }),
  shippingOptionsPlan: (query: { location_id: string; service_zone_id?: string }) => json<{ plan: ShippingOptionsPlan }>("/admin/ghn/shipping-options/plan", "GET", undefined, query),
  createShippingOptions: (body: { location_id: string; service_zone_id?: string }) =>
    json<{ plan: ShippingOptionsPlan; shipping_options: { id: string; name: string; service_zone_id: string }[] }>("/admin/ghn/shipping-options", "POST", body),
  otp: (phone: string) => json<{ phone: string; ttl: number; expires_at: string }>("/admin/ghn/affiliate/otp", "POST", { phone }),
  createShopByOtp: (body: Record<string, unknown>) => json<OnboardingResult>("/admin/ghn/affiliate/create-shop", "POST", body),
  addStaffByOtp: (body: Record<string, unknown>) => json<OnboardingResult>("/admin/ghn/affiliate/add-staff", "POST", body),
  findShop: (body: Record<string, unknown>) => json<{ shop: Shop | null }>("/admin/ghn/affiliate/find-shop", "POST", body),
  shifts: () => json<{ shifts: Shift[]; today: Shift[]; date: string; pick_shift_option: string }>("/admin/ghn/shifts"),
  readyToShip: (query: Record<string, unknown>) =>
    json<{ orders: ReadyOrder[]; count: number; auto_ship: { when: "placed" | "paid"; delay_minutes: number; locations: string[] | null } | null }>("/admin/ghn/ready-to-ship", "GET", undefined, query),
  holdOrders: (orderIds: string[], hold: boolean) => json<{ held?: number; released?: number }>("/admin/ghn/ready-to-ship/hold", "POST", { order_ids: orderIds, hold }),
  startRun: (body: Record<string, unknown>) => json<{ shipping_run: Pick<ShippingRun, "id" | "status" | "total"> }>("/admin/ghn/shipping-runs", "POST", body),
  runs: (query: Record<string, unknown>) => json<{ shipping_runs: ShippingRun[]; count: number }>("/admin/ghn/shipping-runs", "GET", undefined, query),
  run: (id: string) => json<{ shipping_run: ShippingRun }>(`/admin/ghn/shipping-runs/${encodeURIComponent(id)}`),
  cancelRun: (id: string) => json<{ shipping_run: ShippingRun }>(`/admin/ghn/shipping-runs/${encodeURIComponent(id)}/cancel`, "POST", {}),
  retryRun: (id: string) => json<{ shipping_run: ShippingRun; retried: number }>(`/admin/ghn/shipping-runs/${encodeURIComponent(id)}/retry`, "POST", {}),
  runLabels: (id: string, size: LabelSize) =>
    json<{ labels: { shop_id: number; order_codes: string[]; url: string }[]; parcels: number }>(`/admin/ghn/shipping-runs/${encodeURIComponent(id)}/labels`, "GET", undefined, { size }),
  runScan: (id: string) => json<HandoverCheck>(`/admin/ghn/shipping-runs/${encodeURIComponent(id)}/scan`),
  scanCode: (id: string, code: string) => json<ScanAnswer>(`/admin/ghn/shipping-runs/${encodeURIComponent(id)}/scan`, "POST", { code }),
  completeScan: (id: string) => json<{ scan: NonNullable<HandoverCheck["scan"]> }>(`/admin/ghn/shipping-runs/${encodeURIComponent(id)}/scan/complete`, "POST", {}),
  provinces: () => json<{ provinces: Place[] }>("/admin/ghn/addresses/provinces"),
  districts: (provinceId: number) => json<{ districts: Place[] }>("/admin/ghn/addresses/districts", "GET", undefined, { province_id: provinceId }),
  wards: (districtId: number) => json<{ wards: Place[] }>("/admin/ghn/addresses/wards", "GET", undefined, { district_id: districtId }),
}

// ---------------------------------------------------------------------------------------------
// Query keys and hooks

export const keys = {
  all: ["ghn"] as const,
  orderShipments: (orderId: string) => ["ghn", "order-shipments", orderId] as const,
  shipments: (query: Record<string, unknown>) => ["ghn", "shipments", query] as const,
  cod: (query: Record<string, unknown>) => ["ghn", "cod", query] as const,
  needsAction: (query: Record<string, unknown>) => ["ghn", "needs-action", query] as const,
  notices: ["ghn", "notices"] as const,
  reweigh: (query: Record<string, unknown>) => ["ghn", "reweigh", query] as const,
  addressChoices: (query: Record<string, unknown>) => ["ghn", "address-choices", query] as const,
  tickets: (query: Record<string, unknown>) => ["ghn", "tickets", query] as const,
  ticket: (id: number) => ["ghn", "ticket", id] as const,
  settings: ["ghn", "settings"] as const,
  connection: ["ghn", "connection"] as const,
  shops: ["ghn", "shops"] as const,
  shifts: ["ghn", "shifts"] as const,
  stockLocations: ["ghn", "stock-locations"] as const,
  readyToShip: (query: Record<string, unknown>) => ["ghn", "ready-to-ship", query] as const,
  runs: (query: Record<string, unknown>) => ["ghn", "shipping-runs", query] as const,
  run: (id: string) => ["ghn", "shipping-run", id] as const,
  scan: (id: string) => ["ghn", "shipping-run-scan", id] as const,
}

export const useReadyToShip = (query: Record<string, unknown>) =>
  useQuery({ queryKey: keys.readyToShip(query), queryFn: () => api.readyToShip(query), placeholderData: (previous) => previous })

export const useShippingRuns = (query: Record<string, unknown>) => useQuery({ queryKey: keys.runs(query), queryFn: () => api.runs(query), refetchInterval: 5_000 })

/** A run, polled every 1.5 s until it ends (the admin's live progress). */
export const useShippingRun = (id: string | null) =>
  useQuery({
    queryKey: keys.run(id ?? ""),
    queryFn: () => api.run(id!),
    enabled: !!id,
    refetchInterval: (q) => (q.state.data && ["completed", "cancelled"].includes(q.state.data.shipping_run.status) && !q.state.data.shipping_run.running ? false : 1_500),
  })

export const useOrderShipments = (orderId: string) =>
  useQuery({ queryKey: keys.orderShipments(orderId), queryFn: () => api.orderShipments(orderId), enabled: !!orderId })

export const useShipments = (query: Record<string, unknown>) =>
  useQuery({ queryKey: keys.shipments(query), queryFn: () => api.shipments(query), placeholderData: (previous) => previous })

export const useCodReport = (query: Record<string, unknown>) =>
  useQuery({ queryKey: keys.cod(query), queryFn: () => api.cod(query), placeholderData: (previous) => previous })

export const useNeedsAction = (query: Record<string, unknown>) =>
  useQuery({ queryKey: keys.needsAction(query), queryFn: () => api.needsAction(query), placeholderData: (previous) => previous })

/** What the GHN page warns about (GET /admin/ghn/notices), read again every minute. */
export const useGhnNotices = () => useQuery({ queryKey: keys.notices, queryFn: () => api.notices(), refetchInterval: 60_000 })

export const useReweigh = (query: Record<string, unknown>) => useQuery({ queryKey: keys.reweigh(query), queryFn: () => api.reweigh(query) })

export const useAddressChoices = (query: Record<string, unknown>) =>
  useQuery({ queryKey: keys.addressChoices(query), queryFn: () => api.addressChoices(query), placeholderData: (previous) => previous })

export const useTickets = (query: Record<string, unknown>, enabled = true) =>
  useQuery({ queryKey: keys.tickets(query), queryFn: () => api.tickets(query), enabled })

export const useTicket = (id: number | null) =>
  useQuery({ queryKey: keys.ticket(id ?? 0), queryFn: () => api.ticket(id!), enabled: !!id, staleTime: 0 })

export const useSettings = () => useQuery({ queryKey: keys.settings, queryFn: api.settings })
export const useConnection = () => useQuery({ queryKey: keys.connection, queryFn: api.connection, staleTime: 0, retry: false })
export const useShops = () => useQuery({ queryKey: keys.shops, queryFn: api.shops, retry: false })
export const useShifts = () => useQuery({ queryKey: keys.shifts, queryFn: api.shifts, retry: false })

/** The store's stock locations (Medusa's admin API), for the tabs' location filters. */
export const useStockLocations = () =>
  useQuery({
    queryKey: keys.stockLocations,
    queryFn: () => sdk.client.fetch<{ stock_locations: { id: string; name: string }[] }>("/admin/stock-locations", { query: { limit: 100, fields: "id,name" } }),
  })

/** Invalidates the plugin's queries and Medusa's order queries (the core fulfilment section). */
export function useInvalidate() {
  const client = useQueryClient()
  return async (orderId?: string | null) => {
    await Promise.all([
      client.invalidateQueries({ queryKey: keys.all }),
      orderId ? client.invalidateQueries({ queryKey: ["orders"] }) : Promise.resolve(),
    ])
  }
}

export { useMutation }

/** The text of a failed call: Medusa's `message` (GHN's code and text are part of it). */
export function errorText(error: unknown): string {
  if (!error) return ""
  const e = error as { message?: string; status?: number }
  return e.message || String(error)
}
