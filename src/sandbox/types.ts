/** Public and internal types of the GHN sandbox. */
import type { Location } from "./masterdata"

export interface GhnSandboxOptions {
  /** TCP port; default 5410; 0 = a random free port */
  port?: number
  /** default 127.0.0.1 */
  host?: string
  /** status webhook URL (can be changed at runtime) */
  webhookUrl?: string
  /** headers sent with every webhook call */
  webhookHeaders?: Record<string, string>
  /** added latency for every GHN endpoint (not the control API), ms */
  latencyMs?: number
  /** JSON file that keeps orders, tickets, shops, SMS and OTPs across restarts */
  statePath?: string
  /** move new orders one step along the happy path every N seconds */
  autoAdvanceSeconds?: number
  /** injectable clock (ms since epoch); the control clock offset is added to it */
  now?: () => number
  /** no log lines */
  quiet?: boolean
  /** webhook retry policy: attempts (default 6), first delay (default 500 ms), cap (default 30 s) */
  webhookRetry?: { attempts?: number; baseDelayMs?: number; maxDelayMs?: number }
  /** webhook request timeout, ms (default 5000) */
  webhookTimeoutMs?: number
  /** seed of the fault RNG (default 42) */
  faultSeed?: number
}

export type Permission = "order" | "order_detail" | "ticket" | "edit_cod"
export const ALL_PERMISSIONS: Permission[] = ["order", "order_detail", "ticket", "edit_cod"]
/** Permission set GHN gives a staff member added through the affiliate flow. */
export const DEFAULT_MEMBER_PERMISSIONS: Permission[] = ["order", "order_detail", "ticket"]

export interface Account {
  client_id: number
  name: string
  phone: string
  email: string
  token: string
  active: boolean
}

export interface Member {
  client_id: number
  permissions: Permission[]
}

export interface Shop {
  _id: number
  name: string
  phone: string
  address: string
  ward_code: string
  district_id: number
  client_id: number
  status: number
  bank_account_id: number
  created_at: string
  members: Member[]
}

export interface OrderItem {
  name: string
  code: string
  quantity: number
  price: number
  length: number
  width: number
  height: number
  weight: number
  category?: unknown
}

export interface OrderFee {
  main_service: number
  insurance: number
  cod_fee: number
  station_do: number
  station_pu: number
  return: number
  r2s: number
  return_again: number
  coupon: number
  document_return: number
  double_check: number
  double_check_deliver: number
  pick_remote_areas_fee: number
  deliver_remote_areas_fee: number
  pick_remote_areas_fee_return: number
  deliver_remote_areas_fee_return: number
  cod_failed_fee: number
  change_to_address_fee: number
  change_return_address_fee: number
}

export interface HistoryEntry {
  status: string
  updated_date: string
  reason_code: string
  reason: string
  by: "create" | "control" | "client" | "auto"
}

export interface AddressBlock {
  name: string
  phone: string
  address: string
  ward_name: string
  district_name: string
  province_name: string
  ward_code: string
  district_id: number
  is_new_address: boolean
  location: Location
}

export interface Order {
  order_code: string
  client_order_code: string
  sort_code: string
  status: string
  shop_id: number
  client_id: number
  created_by: number
  from: AddressBlock
  from_hotline: string
  to: AddressBlock
  return: AddressBlock
  weight: number
  length: number
  width: number
  height: number
  converted_weight: number
  calculate_weight: number
  service_type_id: number
  service_id: number
  payment_type_id: number
  cod_amount: number
  cod_failed_amount: number
  cod_collect_date: string | null
  cod_transfer_date: string | null
  is_cod_collected: boolean
  is_cod_transferred: boolean
  insurance_value: number
  order_value: number
  required_note: string
  content: string
  note: string
  coupon: string
  pick_station_id: number
  deliver_station_id: number
  pick_shift: number[]
  pickup_shift: { from_time: string; to_time: string } | Record<string, never>
  pickup_time: number
  document_return: boolean
  double_check: boolean
  items: OrderItem[]
  fee: OrderFee
  total_fee: number
  leadtime: string
  created_date: string
  updated_date: string
  reason_code: string
  reason: string
  history: HistoryEntry[]
  update_log: Array<{ at: string; applied: string[]; refused: string[] }>
  auto_advance: boolean
  shipper_name: string
  shipper_phone: string
  warehouse: string
  pod_url: string
}

export interface Conversation {
  id: number
  body: string
  from_email: string
  user_id: number
  created_at: string
  updated_at: string
  attachments: Attachment[]
  cc_emails: string[]
  bcc_emails: string[]
  private: boolean
  incoming: boolean
}

export interface Attachment {
  id: number
  name: string
  content_type: string
  size: number
  attachment_url: string
}

export interface Ticket {
  id: number
  type: string
  order_code: string
  description: string
  status_id: number
  client_id: number
  shop_id: number
  created_at: string
  updated_at: string
  created_by: number
  conversations: Conversation[]
  attachments: Attachment[]
}

export interface SmsRecord {
  id: number
  phone: string
  text: string
  otp: string
  purpose: "affiliate" | "update_cod"
  created_at: string
  /** ms on the sandbox clock */
  expires_at: number
  used: boolean
  /** client_id of the account that asked for it */
  requested_by: number
  /** order code for update_cod */
  order_code?: string
}

export interface PrintToken {
  token: string
  order_codes: string[]
  item_index: number[]
  shop_id: number
  created_at: number
  expires_at: number
}

export interface SandboxState {
  version: 1
  shops: Shop[]
  orders: Order[]
  tickets: Ticket[]
  sms: SmsRecord[]
  printTokens: PrintToken[]
  counters: { order: number; ticket: number; shop: number; sms: number; conversation: number; attachment: number }
  clockOffsetMs: number
}

export interface Fault {
  id: number
  /** exact path, or a prefix ending with "*", or "*" */
  path: string
  method?: string
  latency_ms?: number
  failure_rate?: number
  failure_status?: number
  failure_message?: string
  timeout?: boolean
  /** the connection is closed at once, with no answer (a host going down, a refused connection) */
  reset?: boolean
  drop_after_commit?: boolean
  /** affiliateCreate: the shop is created, adding the caller as staff fails;
   *  affiliateCreateWithShop: the caller is added, granting permissions fails */
  partial_failure?: boolean
  /** Get OTP: SMS dispatch fails (SERVER_ERROR_COMMON) */
  sms_fail?: boolean
  /** number of requests it still applies to; absent = unlimited */
  count?: number
}

export interface WebhookAttempt {
  at: string
  status: number | null
  body: string
  error: string | null
  duration_ms: number
}

export interface WebhookDelivery {
  id: number
  order_code: string
  type: string
  url: string | null
  headers: Record<string, string>
  body: Record<string, unknown>
  state: "pending" | "delivered" | "failed" | "skipped"
  attempts: WebhookAttempt[]
  created_at: string
}

export interface FixtureAccount {
  token: string
  client_id: number
  phone: string
  name: string
  shop_ids: number[]
}

export interface SandboxFixture {
  owner: FixtureAccount & { inactive_shop_id: number }
  partner: FixtureAccount
  staff: FixtureAccount & { permissions: Permission[] }
  customer: FixtureAccount
  disabled: { token: string; client_id: number }
  route: {
    from_district_id: number
    from_ward_code: string
    to_district_id: number
    to_ward_code: string
    service_type_id: number
    service_type_ids: number[]
    services: Array<{ service_id: number; short_name: string; service_type_id: number }>
  }
  /** addresses that resolve in the sandbox master data, both models */
  addresses: Record<string, {
    address: string
    legacy: { ward_name: string; district_name: string; province_name: string; ward_code: string; district_id: number; province_id: number }
    new: { ward_name: string; province_name: string; ward_id: number; province_id: number }
  }>
}

export interface SetStatusResult {
  order_code: string
  from: string
  status: string
}

/** In-process twin of the /_sandbox control API. */
export interface SandboxControl {
  fixture(): SandboxFixture
  setOrderStatus(orderCode: string, status: string, reasonCode?: string, opts?: { reason?: string; force?: boolean }): SetStatusResult
  getOrder(orderCode: string): Record<string, unknown> | null
  listOrders(): Array<Record<string, unknown>>
  /**
   * Load tests (in-process only): copies of an order under other codes, each in the status given,
   * as if GHN had made them; nothing is called back. Returns how many were added.
   */
  copyOrder(orderCode: string, copies: Array<{ order_code: string; status: string }>): number
  updateOrderWeight(orderCode: string, change: { weight?: number; length?: number; width?: number; height?: number }): Record<string, unknown>
  /** GHN pays the shop the COD it collected: the given orders, or every collected one not paid yet. */
  transferCod(orderCodes?: string[]): Record<string, unknown>[]
  sms(phone?: string): SmsRecord[]
  lastOtp(phone: string): string | null
  webhooks(filter?: { order_code?: string }): WebhookDelivery[]
  flushWebhooks(timeoutMs?: number): Promise<boolean>
  setWebhook(url: string | null, headers?: Record<string, string>): void
  setTicketStatus(ticketId: number, statusId: number, reply?: string, privateNote?: string): Record<string, unknown>
  getTicket(ticketId: number): Record<string, unknown> | null
  setFaults(faults: Array<Partial<Fault>> | Partial<Fault>, opts?: { append?: boolean }): Fault[]
  /**
   * The IP whitelist of an account (by client_id or token): a GHN call from an address not on the
   * list answers 401. `null` (or no list) lets every address in. Returns every account's list.
   */
  setIpWhitelist(account: number | string, ips: string[] | null): Record<string, string[]>
  faults(): Fault[]
  clearFaults(): void
  reset(): void
  /** GHN API requests per path since start or the last reset */
  stats(): { requests: Record<string, number>; total: number }
  /** When each GHN API request to `path` arrived (real clock, ms), oldest first, since start or reset. */
  requestTimes(path: string): number[]
  now(): number
  advanceClock(ms: number): number
  setClock(ms: number): number
  save(): Promise<void>
}
