/** The control API: in-process (SandboxControl) and HTTP under /_sandbox/ (no Token). */
import type { Ctx, Sandbox } from "./sandbox"
import { applyStatus, emit, feeObject, feeTotal, HAPPY_PATH, moveRefusal, orderControlView, STATUSES } from "./orders"
import { calculateFee } from "./fee"
import { smsView } from "./otp"
import { supportMove, ticketView } from "./routes-tickets"
import type { Fault, SandboxControl, SandboxFixture, SetStatusResult, SmsRecord, WebhookDelivery } from "./types"
import { parseJsonBody } from "./validation"
import { isoSeconds, normalizePhone } from "./text"

export class ControlError extends Error {
  constructor(readonly status: number, message: string) {
    super(message)
  }
}

export function createControl(sb: Sandbox): SandboxControl {
  const control: SandboxControl = {
    fixture(): SandboxFixture {
      return structuredClone(sb.fixture)
    },

    setOrderStatus(orderCode, status, reasonCode, opts): SetStatusResult {
      const o = sb.orderByCode.get(orderCode)
      if (!o) throw new ControlError(404, `order ${orderCode} not found`)
      const force = opts?.force ?? false
      if (!force && !(STATUSES as readonly string[]).includes(status)) {
        throw new ControlError(400, `unknown status ${status}; pass force: true to set it anyway`)
      }
      const refusal = moveRefusal(o.status, status)
      if (!force && refusal) throw new ControlError(409, `${o.status} -> ${status} refused: ${refusal}; pass force: true to override`)
      const from = o.status
      applyStatus(sb, o, status, { reasonCode, reason: opts?.reason, by: "control" })
      return { order_code: orderCode, from, status }
    },

    getOrder(orderCode) {
      const o = sb.orderByCode.get(orderCode)
      return o ? orderControlView(o) : null
    },

    listOrders() {
      return sb.state.orders.map(orderControlView)
    },

    copyOrder(orderCode, copies) {
      const template = sb.orderByCode.get(orderCode)
      if (!template) throw new ControlError(404, `order ${orderCode} not found`)
      let added = 0
      for (const copy of copies) {
        if (sb.orderByCode.has(copy.order_code)) continue
        const o = { ...structuredClone(template), order_code: copy.order_code, client_order_code: "", status: copy.status }
        sb.state.orders.push(o)
        sb.orderByCode.set(o.order_code, o)
        added++
      }
      return added
    },

    updateOrderWeight(orderCode, change) {
      const o = sb.orderByCode.get(orderCode)
      if (!o) throw new ControlError(404, `order ${orderCode} not found`)
      const weight = change.weight ?? o.weight
      const length = change.length ?? o.length
      const width = change.width ?? o.width
      const height = change.height ?? o.height
      const r = calculateFee({
        from: o.from.location, to: o.to.location, serviceTypeId: o.service_type_id, weight, length, width, height,
        items: o.service_type_id === 5 ? o.items : [], insuranceValue: o.insurance_value, codValue: o.cod_amount,
        codFailedAmount: o.cod_failed_amount, coupon: o.coupon,
      })
      // a re-weighed parcel keeps its service even across the 20 kg boundary: the price follows the weight
      const fee = r.ok ? r.fee : null
      const before = o.total_fee
      o.weight = weight
      o.length = length
      o.width = width
      o.height = height
      if (fee) {
        o.converted_weight = fee.converted_weight
        o.calculate_weight = fee.calculate_weight
        o.fee = feeObject(fee, o.fee)
        o.total_fee = feeTotal(o.fee)
      }
      o.updated_date = isoSeconds(sb.now())
      emit(sb, o, "update_weight", "Cập nhật khối lượng")
      if (o.total_fee !== before) emit(sb, o, "update_fee", "Cập nhật phí vận chuyển")
      sb.markDirty()
      return orderControlView(o)
    },

    transferCod(orderCodes) {
      const orders = orderCodes?.length
        ? orderCodes.map((code) => {
            const o = sb.orderByCode.get(code)
            if (!o) throw new ControlError(404, `order ${code} not found`)
            if (!o.is_cod_collected) throw new ControlError(409, `order ${code} has no collected COD to transfer (status ${o.status}, cod_amount ${o.cod_amount})`)
            return o
          })
        : sb.state.orders.filter((o) => o.is_cod_collected && !o.is_cod_transferred)
      const when = isoSeconds(sb.now())
      const transferred = []
      for (const o of orders) {
        if (o.is_cod_transferred) continue
        o.is_cod_transferred = true
        o.cod_transfer_date = when
        o.updated_date = when
        // GHN's newer callback type for COD news (see ghn-notes: Type "cod").
        emit(sb, o, "cod", "Đã chuyển tiền COD cho shop")
        transferred.push(orderControlView(o))
      }
      sb.markDirty()
      return transferred
    },

    sms(phone?: string): SmsRecord[] {
      const p = phone ? normalizePhone(phone) ?? phone : null
      return sb.state.sms.filter((s) => !p || s.phone === p).map((s) => ({ ...s }))
    },

    lastOtp(phone: string): string | null {
      const p = normalizePhone(phone) ?? phone
      const list = sb.state.sms.filter((s) => s.phone === p)
      return list.length ? list[list.length - 1].otp : null
    },

    webhooks(filter): WebhookDelivery[] {
      return sb.webhooks.deliveries.filter((d) => !filter?.order_code || d.order_code === filter.order_code)
    },

    flushWebhooks(timeoutMs = 10000) {
      return sb.webhooks.flush(timeoutMs)
    },

    setWebhook(url, headers) {
      sb.webhooks.configure(url, headers)
    },

    setTicketStatus(ticketId, statusId, reply, privateNote) {
      const t = sb.state.tickets.find((x) => x.id === ticketId)
      if (!t) throw new ControlError(404, `ticket ${ticketId} not found`)
      if (![1, 2, 3].includes(statusId)) throw new ControlError(400, "status_id must be 1, 2 or 3")
      supportMove(sb, t, statusId, reply, privateNote)
      return ticketView(t, true)
    },

    getTicket(ticketId) {
      const t = sb.state.tickets.find((x) => x.id === ticketId)
      return t ? ticketView(t, true) : null
    },

    setFaults(faults, opts) {
      try {
        return sb.setFaults(faults, opts?.append ?? false).map((f) => ({ ...f }))
      } catch (e) {
        throw new ControlError(400, (e as Error).message)
      }
    },

    setIpWhitelist(account, ips) {
      const acc = typeof account === "number" ? sb.accountById.get(account) : sb.accountByToken.get(account)
      if (!acc) throw new ControlError(404, `no account ${typeof account === "number" ? `with client_id ${account}` : "with that token"}`)
      if (ips !== null && (!Array.isArray(ips) || !ips.every((ip) => typeof ip === "string" && ip.trim() !== ""))) {
        throw new ControlError(400, "ips must be a list of IP addresses, or null to remove the whitelist")
      }
      if (ips === null) sb.ipWhitelists.delete(acc.client_id)
      else sb.ipWhitelists.set(acc.client_id, ips.map((ip) => ip.trim()))
      return Object.fromEntries(sb.ipWhitelists)
    },

    faults(): Fault[] {
      return sb.faults.map((f) => ({ ...f }))
    },

    clearFaults() {
      sb.faults = []
    },

    reset() {
      sb.reset()
    },

    requestTimes(path: string) {
      return [...(sb.requestTimes.get(path) ?? [])]
    },

    stats() {
      const requests = Object.fromEntries([...sb.requestCounts.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)))
      return { requests, total: Object.values(requests).reduce((a, b) => a + b, 0) }
    },

    now() {
      return sb.now()
    },

    advanceClock(ms: number) {
      return sb.advanceClock(ms)
    },

    setClock(ms: number) {
      return sb.setClock(ms)
    },

    save() {
      return sb.save()
    },
  }

  // --auto-advance: one step along the happy path for every order still on it
  sb.onAutoAdvance = () => {
    for (const o of sb.state.orders) {
      if (!o.auto_advance) continue
      const i = HAPPY_PATH.indexOf(o.status)
      if (i < 0 || i === HAPPY_PATH.length - 1) {
        o.auto_advance = false
        continue
      }
      applyStatus(sb, o, HAPPY_PATH[i + 1], { by: "auto" })
    }
  }
  return control
}

export function registerControlRoutes(sb: Sandbox, control: SandboxControl): void {
  const C = "/_sandbox"
  const body = (ctx: Ctx): Record<string, unknown> => {
    const b = ctx.body.length ? parseJsonBody(ctx.body) : {}
    return b && typeof b === "object" && !Array.isArray(b) ? (b as Record<string, unknown>) : { list: b }
  }
  const wrap = (fn: (ctx: Ctx) => unknown | Promise<unknown>) => async (ctx: Ctx) => {
    try {
      const json = await fn(ctx)
      return { json, status: 200 }
    } catch (e) {
      if (e instanceof ControlError) return { json: { error: e.message }, status: e.status }
      const env = (e as { body?: { message?: string } }).body
      return { json: { error: env?.message ?? (e as Error).message }, status: 400 }
    }
  }

  sb.route("GET", `${C}/health`, wrap(() => ({ ok: true, url: sb.url, now: isoSeconds(sb.now()) })))
  sb.route("GET", `${C}/fixture`, wrap(() => control.fixture()))
  sb.route("GET", `${C}/stats`, wrap(() => {
    return {
      ...control.stats(),
      orders: sb.state.orders.length,
      tickets: sb.state.tickets.length,
      webhooks_pending: sb.webhooks.pendingCount(),
    }
  }))
  sb.route("GET", `${C}/request-times`, wrap((ctx) => {
    const path = ctx.query.get("path")
    if (!path) throw new ControlError(400, "path is required: the GHN API path whose request times to list")
    return { path, times: control.requestTimes(path) }
  }))
  sb.route("GET", `${C}/orders`, wrap(() => control.listOrders()))
  sb.routePattern("GET", /^\/_sandbox\/orders\/([^/]+)$/, wrap((ctx) => {
    const o = control.getOrder(ctx.params[0])
    if (!o) throw new ControlError(404, `order ${ctx.params[0]} not found`)
    return o
  }))
  sb.routePattern("POST", /^\/_sandbox\/orders\/([^/]+)\/status$/, wrap((ctx) => {
    const b = body(ctx)
    if (typeof b.status !== "string" || !b.status) throw new ControlError(400, "status is required")
    const r = control.setOrderStatus(ctx.params[0], b.status, typeof b.reason_code === "string" ? b.reason_code : undefined, {
      reason: typeof b.reason === "string" ? b.reason : undefined,
      force: b.force === true,
    })
    return { ...r, order: control.getOrder(ctx.params[0]) }
  }))
  sb.routePattern("POST", /^\/_sandbox\/orders\/([^/]+)\/weight$/, wrap((ctx) => {
    const b = body(ctx)
    const n = (k: string) => (typeof b[k] === "number" ? (b[k] as number) : undefined)
    return control.updateOrderWeight(ctx.params[0], { weight: n("weight"), length: n("length"), width: n("width"), height: n("height") })
  }))
  sb.route("POST", `${C}/cod-transfers`, wrap((ctx) => {
    const b = body(ctx)
    const codes = b.order_codes
    if (codes !== undefined && (!Array.isArray(codes) || !codes.every((c) => typeof c === "string"))) throw new ControlError(400, "order_codes must be a list of order codes")
    const transferred = control.transferCod(codes as string[] | undefined)
    return { transferred: transferred.length, orders: transferred }
  }))
  sb.route("GET", `${C}/sms`, wrap((ctx) => control.sms(ctx.query.get("phone") ?? undefined).map(smsView)))
  sb.route("GET", `${C}/violations`, wrap(() => ({ violations: sb.violations })))
  sb.route("DELETE", `${C}/violations`, wrap(() => {
    sb.violations = []
    return { violations: [] }
  }))
  sb.route("GET", `${C}/webhooks`, wrap(async (ctx) => {
    const wait = ctx.query.get("wait")
    let flushed: boolean | undefined
    if (wait && wait !== "0") flushed = await control.flushWebhooks(Number(ctx.query.get("timeout_ms") ?? 10000))
    const list = control.webhooks({ order_code: ctx.query.get("order_code") ?? undefined })
    // "webhooks" is an alias of "deliveries"
    return { url: sb.webhooks.url, pending: sb.webhooks.pendingCount(), ...(flushed !== undefined ? { flushed } : {}), deliveries: list, webhooks: list }
  }))
  sb.route("POST", `${C}/webhook`, wrap((ctx) => {
    const b = body(ctx)
    const url = typeof b.url === "string" ? b.url : null
    const headers = b.headers && typeof b.headers === "object" ? (b.headers as Record<string, string>) : undefined
    control.setWebhook(url, headers ?? {})
    return { url: sb.webhooks.url, headers: sb.webhooks.headers }
  }))
  sb.routePattern("GET", /^\/_sandbox\/tickets\/(\d+)$/, wrap((ctx) => {
    const t = control.getTicket(Number(ctx.params[0]))
    if (!t) throw new ControlError(404, `ticket ${ctx.params[0]} not found`)
    return t
  }))
  sb.routePattern("POST", /^\/_sandbox\/tickets\/(\d+)\/status$/, wrap((ctx) => {
    const b = body(ctx)
    const statusId = Number(b.status_id ?? b.status)
    return control.setTicketStatus(Number(ctx.params[0]), statusId, typeof b.reply === "string" ? b.reply : undefined,
      typeof b.private_note === "string" ? b.private_note : undefined)
  }))
  sb.route("GET", `${C}/faults`, wrap(() => control.faults()))
  sb.route("DELETE", `${C}/faults`, wrap(() => {
    control.clearFaults()
    return []
  }))
  sb.route("POST", `${C}/faults`, wrap((ctx) => {
    const b = body(ctx)
    let list: unknown = b
    if (Array.isArray(b.list)) list = b.list
    else if (Array.isArray(b.faults)) list = b.faults
    if (typeof b.seed === "number") sb.reseedFaults(b.seed)
    if (Array.isArray(list) && list.length === 0) {
      control.clearFaults()
      return []
    }
    if (!Array.isArray(list) && b.clear === true) {
      control.clearFaults()
      return []
    }
    return control.setFaults(list as Array<Partial<Fault>>, { append: b.append === true })
  }))
  sb.route("GET", `${C}/ip-whitelist`, wrap(() => Object.fromEntries(sb.ipWhitelists)))
  sb.route("POST", `${C}/ip-whitelist`, wrap((ctx) => {
    const b = body(ctx)
    const account = typeof b.client_id === "number" ? b.client_id : typeof b.token === "string" ? b.token : null
    if (account === null) throw new ControlError(400, "client_id (a number) or token is required")
    return control.setIpWhitelist(account, (b.ips ?? null) as string[] | null)
  }))
  sb.route("POST", `${C}/reset`, wrap(() => {
    control.reset()
    return { ok: true }
  }))
  sb.route("GET", `${C}/clock`, wrap(() => ({ now: control.now(), iso: isoSeconds(control.now()), offset_ms: sb.state.clockOffsetMs })))
  sb.route("POST", `${C}/clock`, wrap((ctx) => {
    const b = body(ctx)
    if (typeof b.now_ms === "number") control.setClock(b.now_ms)
    else if (typeof b.advance_ms === "number") control.advanceClock(b.advance_ms)
    else throw new ControlError(400, "advance_ms or now_ms is required")
    return { now: control.now(), iso: isoSeconds(control.now()), offset_ms: sb.state.clockOffsetMs }
  }))
  sb.routePattern("GET", /^\/_sandbox\/pod\/([^/]+)$/, (ctx) => ({
    raw: true as const,
    status: sb.orderByCode.has(ctx.params[0]) ? 200 : 404,
    contentType: "image/svg+xml",
    body: `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="80"><text x="10" y="45" font-family="Arial">POD ${ctx.params[0]}</text></svg>`,
  }))
}
