/**
 * Every fixture of real GHN payloads (./fixtures, each with its provenance) replayed through the
 * real client and transport over HTTP: each answer is accepted and typed as the plugin reads it;
 * each failure is classified by what GHN meant.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { createGhnClient, GhnApiError, type GhnClient } from "../index"
import { eventFromWebhook, ghnWebhookSchema } from "../../status/webhook"
import { useRecordingServer, type ScriptedResponse } from "./recording-server"

type Fixture = { provenance: string; operation: string; status?: number; body: unknown; expect: Record<string, unknown>; message?: string }

const dir = join(__dirname, "fixtures")
const load = (sub: string): [string, Fixture][] =>
  readdirSync(join(dir, sub))
    .filter((f) => f.endsWith(".json"))
    .map((f) => [f, JSON.parse(readFileSync(join(dir, sub, f), "utf8")) as Fixture])

const srv = useRecordingServer()
let ghn: GhnClient
beforeEach(() => {
  ghn = createGhnClient({ environment: srv.url, token: "FixtureToken-1", shopId: 885, timeoutMs: 2000, retry: { retries: 1, minDelayMs: 1, maxDelayMs: 2 } })
})
afterEach(() => ghn.close())

const order = { to_name: "A", to_phone: "0912345678", to_address: "x", to_district_name: "Quận 1", content: "áo", weight: 500, client_order_code: "FX-1" }
const calls: Record<string, (c: GhnClient) => Promise<unknown>> = {
  "orders.create": (c) => c.orders.create(order),
  "orders.info": (c) => c.orders.info("FFFNL9HH"),
  "orders.cancel": (c) => c.orders.cancel({ order_codes: ["FFFNL9HH"] }),
  "fees.leadtime": (c) => c.fees.leadtime({ to_district_id: 1442, to_ward_code: "20109" }),
  "fees.calculate": (c) => c.fees.calculate({ weight: 500, to_district_id: 1442, to_ward_code: "20109" }),
  "services.available": (c) => c.services.available({ from_district: 1442, to_district: 1443 }),
  "masterData.provinces": (c) => c.masterData.provinces(),
  "masterData.districts": (c) => c.masterData.districts(202),
  "masterData.wards": (c) => c.masterData.wards(1442),
  "shifts.list": (c) => c.shifts.list(),
  "shops.list": (c) => c.shops.list(),
}

/** The value at a dot path ("items.0.quantity"); "$unset" when absent. */
function at(value: unknown, path: string): unknown {
  let v: unknown = value
  for (const key of path.split(".")) {
    if (v === null || v === undefined || typeof v !== "object") return "$unset"
    v = key === "length" && Array.isArray(v) ? v.length : (v as Record<string, unknown>)[key]
  }
  return v === undefined ? "$unset" : v
}

const answer = (f: Fixture): ScriptedResponse => ({ status: f.status ?? 200, json: f.body })

describe("real GHN answers are accepted and typed", () => {
  const fixtures = load("responses")
  it("covers every fixture with a call", () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(15)
    for (const [, f] of fixtures) expect([f.operation, typeof calls[f.operation]]).toEqual([f.operation, "function"])
  })
  it.each(fixtures)("%s", async (_, f) => {
    expect(f.provenance).toBeTruthy()
    srv.enqueue(answer(f))
    const result = await calls[f.operation](ghn)
    for (const [path, expected] of Object.entries(f.expect)) expect([path, at(result, path)]).toEqual([path, expected])
  })
})

describe("real GHN failures are classified by what GHN meant", () => {
  it.each(load("errors"))("%s", async (_, f) => {
    expect(f.provenance).toBeTruthy()
    srv.setFallback(answer(f))
    let error: unknown
    try {
      await calls[f.operation](ghn)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(GhnApiError)
    for (const [field, expected] of Object.entries(f.expect)) expect([field, (error as Record<string, unknown>)[field]]).toEqual([field, expected])
    if (f.message) expect((error as Error).message).toContain(f.message)
    // A busy answer is retried like a 429; nothing else is.
    expect(srv.requests).toHaveLength((error as GhnApiError).retryable ? 2 : 1)
    expect((error as Error).message).not.toContain("FixtureToken-1")
  })
})

describe("real GHN callbacks are accepted and read", () => {
  it.each(load("callbacks"))("%s", (_, f) => {
    expect(f.provenance).toBeTruthy()
    const parsed = ghnWebhookSchema.safeParse(f.body)
    expect(parsed.error?.issues ?? []).toEqual([])
    const event = eventFromWebhook(parsed.data!)
    for (const [field, expected] of Object.entries(f.expect)) expect([field, at(event, field)]).toEqual([field, expected])
  })
})
