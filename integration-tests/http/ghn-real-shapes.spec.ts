import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { medusaIntegrationTestRunner } from "../helpers/medusa-runner"
import { freshGhnStore } from "../helpers/fresh-store"
import { sandbox } from "../helpers/sandbox"
import { checkout, createCart, explained, fulfilOrder, SeededStore } from "../helpers/store"
import { waitFor } from "../helpers/wait"


const SECRET = "dev-webhook-secret-change-me"
const HEADER = "x-ghn-webhook-secret"
const FIXTURES = join(__dirname, "../../src/lib/ghn/__tests__/fixtures/callbacks")
const callback = (name: string) => (JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), "utf8")) as { body: Record<string, unknown> }).body

/** Vietnam's wall clock of an instant (UTC+7), as GHN writes a time with no offset. */
const vietnamWallClock = (ms: number) => new Date(ms + 7 * 3600_000).toISOString().replace("Z", "")

/**
 * The callback shapes real GHN sends (src/lib/ghn/__tests__/fixtures/callbacks, each with its
 * provenance), posted to /hooks/ghn for a real parcel: each is stored and applied; a COD transfer
 * date of Go's zero time leaves the COD not transferred (as the admin and the COD report show
 * it); a Time without an offset is Vietnam's time, ordered against `Z` and `+07:00` times.
 */
medusaIntegrationTestRunner({
  inApp: true,
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = explained(rawApi)
    let admin: { headers: Record<string, string> }
    let store: SeededStore

    beforeEach(async () => {
      ({ admin, store } = await freshGhnStore(api, getContainer()))
      // Only the callbacks posted here reach the store (the sandbox's own would be newer).
      await sandbox.webhook(null)
    })

    const post = (body: unknown) => api.post("/hooks/ghn", body, { headers: { [HEADER]: SECRET } })
    const shipmentsOf = async (orderId: string) => (await api.get(`/admin/ghn/orders/${orderId}/shipments`, admin)).data.shipments as any[]

    it("has a fixture for each shape this test posts", () => {
      const names = readdirSync(FIXTURES).filter((f) => f.endsWith(".json")).map((f) => f.replace(/\.json$/, "")).sort()
      expect(names).toEqual(["cod-transferred", "delivered-cod-zero-transfer", "ghn-doc-create", "switch-status-capitalised", "time-plus-seven", "time-without-offset"])
    })

    it("stores and applies every real callback shape; a zero COD transfer date is no transfer; a time without offset is Vietnam's", async () => {
      const cart = await createCart(api, store, [{ variant_id: store.variants.shirt, quantity: 1 }])
      const order = await checkout(api, store, cart.id, store.options.light)
      const fulfillment = await fulfilOrder(api, admin, store, order.id)
      const code = fulfillment.data.order_code as string
      await waitFor(async () => (await shipmentsOf(order.id)).length === 1)
      const cod = String(order.total)

      // GHN times within the last minutes, after the order was made, one minute apart.
      const base = Date.now() - 7 * 60_000
      const t = (minute: number) => base + minute * 60_000
      const iso = (minute: number) => new Date(t(minute)).toISOString()
      const as = (name: string, extra: Record<string, unknown>) => ({ ...callback(name), OrderCode: code, ClientOrderCode: "", ...extra })

      expect((await post(as("ghn-doc-create", { Time: iso(0), CODAmount: Number(cod) }))).status).toBe(200)
      expect((await post(as("switch-status-capitalised", { Time: iso(1), CODAmount: cod }))).status).toBe(200)
      // Arrives before an older one: a +07:00 time at minute 3, then a time with no offset at minute 2.
      expect((await post(as("time-plus-seven", { Time: `${vietnamWallClock(t(3))}+07:00`, CODAmount: cod }))).status).toBe(200)
      const late = await post(as("time-without-offset", { Time: vietnamWallClock(t(2)), CODAmount: cod }))
      expect(late.status).toBe(200)
      expect(late.data.duplicate).toBeUndefined()

      const ghn = getContainer().resolve("ghn") as any
      const applied = async (n: number) => {
        const events = await ghn.listGhnWebhookEvents({ order_code: code })
        return events.length === n && events.every((e: any) => e.processed_at)
      }
      await waitFor(() => applied(4))
      let [shipment] = await shipmentsOf(order.id)
      // The no-offset time is minute 2 in UTC, before the +07:00 one: history only, the status stays.
      expect(shipment.status).toBe("transporting")
      expect(shipment.history.map((h: any) => [h.status, h.type, h.time])).toEqual([
        ["ready_to_pick", "create", iso(0)],
        ["picking", "switch_status", iso(1)],
        ["storing", "switch_status", iso(2)],
        ["transporting", "switch_status", iso(3)],
      ])

      // Delivered, with CODTransferDate = Go's zero time, Fee as [] and numbers as text.
      expect((await post(as("delivered-cod-zero-transfer", { Time: iso(4), CODAmount: cod }))).status).toBe(200)
      await waitFor(() => applied(5))
      ;[shipment] = await shipmentsOf(order.id)
      expect(shipment).toMatchObject({ status: "delivered", is_cod_collected: true, is_cod_transferred: false, cod_transfer_date: null, total_fee: 71400, converted_weight: 1200 })
      const stored = (await ghn.listGhnWebhookEvents({ order_code: code })).find((e: any) => e.status === "delivered")
      expect(stored.event).toMatchObject({ cod_transferred: false, cod_transfer_date: null })
      expect(stored.raw_body).toContain("0001-01-01T00:00:00Z")
      const report = async (filter: string) => ((await api.get(`/admin/ghn/cod?filter=${filter}`, admin)).data.parcels as any[]).find((p) => p.order_code === code)
      expect(await report("untransferred")).toMatchObject({ cod_collected: order.total, cod_transferred: 0, cod_transfer_date: null })

      // GHN's real transfer (Type cod, a real CODTransferDate) marks it.
      expect((await post(as("cod-transferred", { Time: iso(5), CODAmount: cod, CODTransferDate: iso(5) }))).status).toBe(200)
      await waitFor(() => applied(6))
      ;[shipment] = await shipmentsOf(order.id)
      expect(shipment).toMatchObject({ is_cod_transferred: true, cod_transfer_date: iso(5) })
      expect(await report("all")).toMatchObject({ cod_transferred: order.total, cod_transfer_date: iso(5) })
      expect(await report("untransferred")).toBeUndefined()
    })

    it("refuses a time with no offset only when Vietnam's reading of it is in the future", async () => {
      const cart = await createCart(api, store, [{ variant_id: store.variants.shirt, quantity: 1 }])
      const order = await checkout(api, store, cart.id, store.options.light)
      const code = (await fulfilOrder(api, admin, store, order.id)).data.order_code as string
      // Now in Vietnam, written without an offset: accepted (read as UTC it would be 7 hours ahead).
      expect((await post({ ...callback("time-without-offset"), OrderCode: code, Time: vietnamWallClock(Date.now()) })).status).toBe(200)
      const ahead = await post({ ...callback("time-without-offset"), OrderCode: code, Time: vietnamWallClock(Date.now() + 3600_000) }).catch((e) => e.response)
      expect(ahead.status).toBe(400)
      expect(ahead.data.message).toMatch(/Time: must not be in the future.*Vietnam/)
    })
  },
})
