/**
 * What the admin routes' tests share: raw HTTP calls (multipart forms, no session), the GHN
 * sandbox's control API for tickets, SMS and faults, and a fulfilled GHN order.
 */
import { sandbox } from "./sandbox"
import { checkout, createCart, fulfilOrder, SeededStore } from "./store"
import { waitFor } from "./wait"

export type Answer = { status: number; body: any }

/** A request with fetch (multipart bodies included), answered as status + JSON. */
export async function raw(baseUrl: string, method: string, path: string, opts: { headers?: Record<string, string>; json?: unknown; form?: FormData } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) }
  let body: BodyInit | undefined
  if (opts.form) body = opts.form
  else if (opts.json !== undefined) {
    headers["content-type"] = "application/json"
    body = JSON.stringify(opts.json)
  }
  const res = await fetch(baseUrl.replace(/\/$/, "") + path, { method, headers, body, redirect: "manual" })
  const text = await res.text()
  let parsed: any = text
  try {
    parsed = text ? JSON.parse(text) : null
  } catch {}
  return { status: res.status, body: parsed }
}

/** A multipart form of fields and files (name, bytes). */
export function form(fields: Record<string, string>, files: { name: string; bytes: Uint8Array | Buffer; field?: string; type?: string }[] = []) {
  const f = new FormData()
  for (const [k, v] of Object.entries(fields)) f.append(k, v)
  for (const file of files) f.append(file.field ?? "attachments", new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "application/octet-stream" }), file.name)
  return f
}

/** A small PNG (1x1 pixel). */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64"
)

async function control(method: string, path: string, body?: unknown) {
  const res = await fetch(sandbox.url() + path, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`sandbox ${method} ${path} -> ${res.status}: ${text}`)
  return text ? JSON.parse(text) : null
}

export const sandboxSupport = {
  ticket: (id: number) => control("GET", `/_sandbox/tickets/${id}`),
  setTicketStatus: (id: number, status_id: 1 | 2 | 3, reply?: string) => control("POST", `/_sandbox/tickets/${id}/status`, { status_id, ...(reply ? { reply } : {}) }),
  sms: (phone: string) => control("GET", `/_sandbox/sms?phone=${encodeURIComponent(phone)}`) as Promise<any[]>,
  /** The newest unused OTP texted to a phone. */
  lastOtp: async (phone: string) => {
    const list = ((await sandboxSupport.sms(phone)) as any[]).filter((s) => s.otp && !s.used)
    const last = list.sort((a, b) => String(a.created_at).localeCompare(String(b.created_at))).at(-1)
    if (!last) throw new Error(`no OTP was texted to ${phone}`)
    return String(last.otp)
  },
  faults: (faults: Record<string, unknown>[]) => control("POST", "/_sandbox/faults", { faults }),
  clearFaults: () => control("DELETE", "/_sandbox/faults"),
}

/** An order placed and fulfilled with GHN; waits for its shipment record. */
export async function fulfilledGhnOrder(api: any, admin: { headers: Record<string, string> }, store: SeededStore) {
  const cart = await createCart(api, store, [{ variant_id: store.variants.shirt, quantity: 1 }])
  const order = await checkout(api, store, cart.id, store.options.light)
  const fulfillment = await fulfilOrder(api, admin, store, order.id)
  await waitFor(async () => (await api.get(`/admin/ghn/orders/${order.id}/shipments`, admin)).data.shipments.length === 1)
  return { orderId: order.id as string, fulfillmentId: fulfillment.id as string, code: fulfillment.data.order_code as string }
}
