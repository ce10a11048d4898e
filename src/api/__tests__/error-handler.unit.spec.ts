import { MedusaError } from "@medusajs/framework/utils"
import { ghnAwareErrorHandler } from "../middlewares"

/** What the handler answers a call to `path` with `headers`, for `error`. */
function answer(error: unknown, path: string, headers: Record<string, string> = {}) {
  const logged: unknown[] = []
  const out: { status?: number; body?: any; passed?: boolean } = {}
  const res: any = {
    headersSent: false,
    setHeader: () => undefined,
    vary: () => undefined,
    status(code: number) {
      out.status = code
      return this
    },
    json(body: unknown) {
      out.body = body
      return this
    },
  }
  const req: any = { path, get: (name: string) => headers[name.toLowerCase()], scope: { resolve: () => ({ error: (e: unknown) => logged.push(e), info: (m: string) => logged.push(m) }) } }
  ghnAwareErrorHandler(error, req, res, () => (out.passed = true))
  return { ...out, logged }
}

describe("a plugin admin route's refusal the catalogue has no words for", () => {
  const refused = new MedusaError(MedusaError.Types.NOT_ALLOWED, "Order is locked by another writer")

  it("reaches a Vietnamese screen said by its status, with its code, Medusa's English kept as data", () => {
    const { status, body, logged } = answer(refused, "/admin/ghn/orders/order_1/shipments", { "x-medusa-locale": "vi" })
    expect(status).toBe(400)
    expect(body).toEqual({
      type: "not_allowed",
      code: "not_allowed",
      message: "Không thực hiện được yêu cầu này (mã not_allowed).",
      params: { status: 400, type: "not_allowed", code: "not_allowed", detail: "Order is locked by another writer" },
    })
    expect(logged).toEqual(["Order is locked by another writer"])
  })

  it("an unexpected failure is a 500 said in Vietnamese, logged whole", () => {
    const crash = new Error("Cannot read properties of undefined (reading 'id')")
    const { status, body, logged } = answer(crash, "/admin/ghn/insights", { "x-medusa-locale": "vi-VN" })
    expect(status).toBe(500)
    expect(body.message).toMatch(/^Máy chủ gặp lỗi khi thực hiện yêu cầu/)
    expect(logged).toEqual([crash])
  })

  it("is Medusa's own answer in English, without a language, and on Medusa's own routes", () => {
    for (const [path, headers] of [
      ["/admin/ghn/orders/order_1/shipments", { "x-medusa-locale": "en" }],
      ["/admin/ghn/orders/order_1/shipments", {}],
      ["/admin/orders/order_1", { "x-medusa-locale": "vi" }],
    ] as const) {
      // Passed on to Medusa's handler (its own logging and body), which this fake response has no scope for.
      expect(() => answer(refused, path, headers)).not.toThrow(/Không/)
    }
  })
})
