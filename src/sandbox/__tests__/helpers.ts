/** Test helpers: plain HTTP against an in-process sandbox (never the project's GHN client). */
import * as http from "node:http"
import { fetch } from "undici"
import { startGhnSandbox, type GhnSandbox } from "../index"
import type { GhnSandboxOptions } from "../types"

export const V2 = "/shiip/public-api/v2"

export interface Api {
  sb: GhnSandbox
  call(path: string, o?: { method?: string; token?: string | null; shopId?: number | string | null; body?: unknown; rawBody?: string; headers?: Record<string, string> }): Promise<{ status: number; json: any; text: string; headers: Headers }>
}

export async function startApi(opts: GhnSandboxOptions = {}): Promise<Api> {
  const sb = await startGhnSandbox({ port: 0, quiet: true, ...opts })
  const owner = sb.fixture.owner
  return {
    sb,
    async call(p, o = {}) {
      const headers: Record<string, string> = { ...(o.headers ?? {}) }
      const token = o.token === undefined ? owner.token : o.token
      if (token !== null) headers.Token = token
      const shop = o.shopId === undefined ? owner.shop_ids[0] : o.shopId
      if (shop !== null) headers.ShopId = String(shop)
      let body: string | undefined
      if (o.rawBody !== undefined) body = o.rawBody
      else if (o.body !== undefined) {
        body = JSON.stringify(o.body)
        headers["Content-Type"] ??= "application/json"
      }
      const res = await fetch(sb.url + p, { method: o.method ?? (body !== undefined ? "POST" : "GET"), headers, body })
      const text = await res.text()
      let json: any = null
      try {
        json = text ? JSON.parse(text) : null
      } catch {
        json = null
      }
      return { status: res.status, json, text, headers: res.headers as unknown as Headers }
    },
  }
}

/** A create-order body that resolves against the fixture (HCM receiver by legacy names). */
export function orderBody(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    to_name: "Nguyễn Thị Hoa",
    to_phone: "0912345678",
    to_address: "135 Nam Kỳ Khởi Nghĩa",
    to_ward_name: "Phường Bến Thành",
    to_district_name: "Quận 1",
    to_province_name: "Hồ Chí Minh",
    weight: 1200,
    length: 20,
    width: 15,
    height: 10,
    service_type_id: 2,
    payment_type_id: 1,
    required_note: "KHONGCHOXEMHANG",
    content: "Áo thun",
    cod_amount: 250000,
    insurance_value: 300000,
    ...extra,
  }
}

export interface Receiver {
  url: string
  requests: Array<{ headers: http.IncomingHttpHeaders; body: any; at: number }>
  /** status codes to answer, in order; then 200 */
  plan: number[]
  close(): Promise<void>
  waitFor(n: number, timeoutMs?: number): Promise<void>
}

export async function startReceiver(): Promise<Receiver> {
  const requests: Receiver["requests"] = []
  const plan: number[] = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (c) => chunks.push(c))
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8")
      let body: any = text
      try {
        body = JSON.parse(text)
      } catch {
        /* keep text */
      }
      requests.push({ headers: req.headers, body, at: Date.now() })
      const status = plan.length ? plan.shift()! : 200
      res.writeHead(status, { "content-type": "application/json" })
      res.end(JSON.stringify({ received: status < 300 }))
    })
  })
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()))
  const port = (server.address() as { port: number }).port
  return {
    url: `http://127.0.0.1:${port}/ghn/webhook`,
    requests,
    plan,
    close: () => new Promise<void>((r) => {
      server.close(() => r())
      server.closeAllConnections()
    }),
    async waitFor(n, timeoutMs = 5000) {
      const end = Date.now() + timeoutMs
      while (requests.length < n) {
        if (Date.now() > end) throw new Error(`receiver got ${requests.length} of ${n} requests`)
        await new Promise((r) => setTimeout(r, 10))
      }
    },
  }
}

export function line(req: string, field: string, tag: string): string {
  return `Key: '${req}.${field}' Error:Field validation for '${field}' failed on the '${tag}' tag`
}
