/**
 * Ready to ship's location and date filters, through Medusa's HTTP API: orders shipped from two
 * stock locations, placed on both sides of a moment; each filter alone and together, its count, a
 * run over "all that match" a filter, and a bad value refused.
 */
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "../helpers/medusa-runner"
import { freshGhnStore } from "../helpers/fresh-store"
import { sandbox } from "../helpers/sandbox"
import { checkout, createCart, explained, failure, WAREHOUSE_ADDRESS, type SeededStore } from "../helpers/store"
import { waitFor } from "../helpers/wait"


medusaIntegrationTestRunner({
  inApp: true,
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = explained(rawApi)
    let admin: { headers: Record<string, string> }
    let store: SeededStore

    beforeEach(async () => {
      ;({ admin, store } = await freshGhnStore(api, getContainer()))
    })

    async function placeOrder(optionId: string) {
      const cart = await createCart(api, store, [{ variant_id: store.variants.shirt, quantity: 1 }])
      const order = (await checkout(api, store, cart.id, optionId)) as any
      // Listed once Medusa's order.placed has reached the plugin's index of open orders.
      await waitFor(async () => (await ids("")).ids.includes(order.id))
      return order.id as string
    }

    /** Sets when orders were placed: Medusa's created_at and the plugin's index of open orders (what the date filters read). */
    async function placedAt(orderIds: string[], at: (i: number) => Date) {
      const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION) as any
      for (const [i, id] of orderIds.entries()) {
        await pg.raw(`update "order" set created_at = ? where id = ?`, [at(i), id])
        await pg.raw(`update ghn_ready_order set placed_at = ? where order_id = ?`, [at(i), id])
      }
    }

    const ids = async (query: string) => {
      const { data } = await api.get(`/admin/ghn/ready-to-ship?limit=200${query}`, admin)
      return { ids: (data.orders as any[]).map((o) => o.id).sort(), count: data.count as number, orders: data.orders as any[] }
    }
    const sorted = (list: string[]) => [...list].sort()

    it("filters by stock location and by the date placed, alone and together, and runs over all that match", async () => {
      // A second warehouse with its own GHN options, selling through the same channel.
      const second = (await api.post("/admin/stock-locations", { name: "Kho Hà Đông", address: WAREHOUSE_ADDRESS }, admin)).data.stock_location
      await api.post(`/admin/stock-locations/${second.id}/sales-channels`, { add: [store.salesChannelId] }, admin)
      const { plan, shipping_options: created } = (await api.post("/admin/ghn/shipping-options", { location_id: second.id }, admin)).data
      const lightName = plan.options.find((o: any) => o.service_type_id === 2 && !o.is_return).name
      const secondLight = created.find((o: any) => o.name === lightName).id

      const early = [await placeOrder(store.options.light), await placeOrder(secondLight)]
      const late = [await placeOrder(store.options.light), await placeOrder(store.options.light), await placeOrder(secondLight)]
      // The moment: each early order placed a minute apart before it, each late one after it, all
      // of them today in Vietnam's calendar (UTC+7).
      const vnMidnight = Math.floor((Date.now() + 7 * 3600_000) / 86_400_000) * 86_400_000 - 7 * 3600_000
      const moment = new Date(Math.max(Date.now() - 10 * 60_000, vnMidnight + 5 * 60_000))
      await placedAt(early, (i) => new Date(moment.getTime() - (early.length - i) * 60_000))
      await placedAt(late, (i) => new Date(moment.getTime() + (i + 1) * 60_000))
      const first = [early[0], late[0], late[1]]
      const fromSecond = [early[1], late[2]]

      const all = await ids("")
      expect(all.count).toBe(5)
      for (const o of all.orders) expect(o.location_id).toBe(fromSecond.includes(o.id) ? second.id : store.locationId)
      expect(all.orders.find((o) => o.id === early[1]).location_name).toBe("Kho Hà Đông")

      expect(await ids(`&location_id=${store.locationId}`)).toMatchObject({ ids: sorted(first), count: 3 })
      expect(await ids(`&location_id=${second.id}`)).toMatchObject({ ids: sorted(fromSecond), count: 2 })
      expect(await ids(`&placed_from=${moment.toISOString()}`)).toMatchObject({ ids: sorted(late), count: 3 })
      expect(await ids(`&placed_to=${moment.toISOString()}`)).toMatchObject({ ids: sorted(early), count: 2 })
      expect(await ids(`&placed_from=${moment.toISOString()}&location_id=${second.id}`)).toMatchObject({ ids: [late[2]], count: 1 })
      expect(await ids(`&placed_to=${moment.toISOString()}&location_id=${store.locationId}`)).toMatchObject({ ids: [early[0]], count: 1 })
      // A day's range in Vietnam's calendar (UTC+7), as the admin sends it: today holds them all.
      const today = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10)
      expect((await ids(`&placed_from=${today}T00:00:00%2B07:00&placed_to=${today}T23:59:59.999%2B07:00`)).count).toBe(5)
      expect((await ids("&placed_to=2000-01-01")).count).toBe(0)
      expect(await ids("&location_id=sloc_unknown")).toMatchObject({ ids: [], count: 0 })
      // The oldest first: paging follows the time placed.
      const page = await api.get("/admin/ghn/ready-to-ship?limit=2&offset=1", admin)
      expect(page.data.orders.map((o: any) => o.id)).toEqual(all.orders.slice(1, 3).map((o) => o.id))

      // "All that match": a run over the second warehouse's late orders ships exactly those.
      const { data } = await api.post("/admin/ghn/shipping-runs", { filter: { location_id: second.id, placed_from: moment.toISOString() } }, admin)
      expect(data.shipping_run.total).toBe(1)
      let run: any
      await waitFor(async () => {
        run = (await api.get(`/admin/ghn/shipping-runs/${data.shipping_run.id}`, admin)).data.shipping_run
        return run.status === "completed"
      }, 120_000)
      expect(run.results.map((r: any) => [r.order_id, r.status])).toEqual([[late[2], "created"]])
      expect(await sandbox.orders()).toHaveLength(1)
      expect(await ids("")).toMatchObject({ ids: sorted([...first, early[1]]), count: 4 })

      for (const [query, message] of [
        ["&placed_from=yesterday", /date.*placed_from|placed_from.*date/],
        ["&placed_to=2026-13-45", /date.*placed_to|placed_to.*date/],
        ["&location_id=", /location_id/],
      ] as const) {
        const error = await failure(api.get(`/admin/ghn/ready-to-ship?limit=20${query}`, admin))
        expect({ query, status: error.status }).toEqual({ query, status: 400 })
        expect(error.message).toMatch(message)
      }
    })
  },
})
