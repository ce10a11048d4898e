/**
 * The GHN data module on its own, against PostgreSQL (its migrations, Medusa's module loader and
 * transaction decorators, no HTTP): the Create Order intent's atomic moves, above all that no crash
 * leaves an intent `created` without its GHN order code; callbacks stored once, handed over parsed,
 * marked; receivers' histories; shipping runs' moves; the location -> shop map.
 */
import path from "node:path"
import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/knex"
import type { Context } from "@medusajs/framework/types"
import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import type GhnModuleService from "../../src/modules/ghn/service"
import { OrdersInOtherRunError } from "../../src/modules/ghn/errors"
import { IntentMoveError } from "../../src/lib/parcel/create-intent"
import { MAX_CALLBACK_ATTEMPTS } from "../../src/lib/status/webhook"


const MODULE = path.join(__dirname, "../../src/modules/ghn")

type Intent = Awaited<ReturnType<GhnModuleService["reserveIntent"]>>

moduleIntegrationTestRunner<GhnModuleService>({
  moduleName: "ghn",
  resolve: MODULE,
  pathToMigrations: path.join(MODULE, "migrations"),
  moduleOptions: { token: "module-test-token", shopId: 11, webhookSecret: "module-test-secret-16" },
  testSuite: ({ service, MikroOrmWrapper }) => {
    /** A statement outside the module (the test's own connection), autocommitted. */
    const sql = async <T = Record<string, unknown>>(text: string, bindings: unknown[] = []): Promise<T[]> => {
      const knex = (MikroOrmWrapper.forkManager() as SqlEntityManager).getKnex()
      return (await knex.raw(text, bindings as never[])).rows as T[]
    }
    const intentRow = async (id: string) => (await sql<{ status: string; order_code: string | null; body: unknown }>("select status, order_code, body from ghn_create_intent where id = ?", [id]))[0]
    const reserve = (orderNumber: string, kind: "outbound" | "return" = "outbound", fulfillmentId = `ful_${orderNumber}_${kind}_${Math.random()}`) =>
      service.reserveIntent({
        kind,
        provider_id: "ghn_ghn",
        order_id: `order_${orderNumber}`,
        order_number: orderNumber,
        fulfillment_id: fulfillmentId,
        location_id: null,
        items: [{ id: "item_1", quantity: 1 }],
        shop_id: 11,
        body: { to_name: "A receiver" },
        cod_amount: 0,
      })

    describe("Create Order intents", () => {
      it("reserves the order's next sequence per kind, with its readable code and body", async () => {
        const first = await reserve("1042")
        const second = await reserve("1042")
        const returned = await reserve("1042", "return")
        expect([first, second, returned].map((i) => [i.client_order_code, i.sequence, i.status])).toEqual([
          ["1042-1", 1, "pending"],
          ["1042-2", 2, "pending"],
          ["1042-R1", 1, "pending"],
        ])
        expect(first.body).toEqual({ to_name: "A receiver" })
      })

      it("moves pending -> created with GHN's order code in one write, dropping the body", async () => {
        const intent = await reserve("2001")
        await service.moveIntent(intent, "created", { order_code: "GHNA1", fulfillment_id: intent.fulfillment_id })
        expect(await intentRow(intent.id)).toEqual({ status: "created", order_code: "GHNA1", body: null })
      })

      it("moves to orphan keeping the body, then cancelled; abandoned is an end", async () => {
        const orphan = await reserve("2002")
        await service.moveIntent(orphan, "orphan", { error: "timeout" })
        expect(await intentRow(orphan.id)).toMatchObject({ status: "orphan", body: { to_name: "A receiver" } })
        expect((await service.orphanIntentsOf([orphan.order_id])).map((o) => [o.id, o.error])).toEqual([[orphan.id, "timeout"]])
        await service.moveIntent({ ...orphan, status: "orphan" }, "cancelled", { note: "cancelled at GHN" })
        expect(await intentRow(orphan.id)).toMatchObject({ status: "cancelled", body: null })
        expect(await service.orphanIntentsOf([orphan.order_id])).toEqual([])

        const abandoned = await reserve("2003")
        await service.moveIntent(abandoned, "abandoned", { note: "GHN refused it" })
        await expect(service.moveIntent({ ...abandoned, status: "abandoned" }, "created", { order_code: "GHNA3" })).rejects.toThrow(IntentMoveError)
        expect(await intentRow(abandoned.id)).toEqual({ status: "abandoned", order_code: null, body: null })
      })

      it("changes nothing on an illegal move or when another process moved it first (compare-and-set)", async () => {
        const intent = await reserve("2004")
        await service.moveIntent(intent, "created", { order_code: "GHNA4" })
        const [before] = await sql("select * from ghn_create_intent where id = ?", [intent.id])
        // Read as pending by a second process: its move loses, naming the status it found.
        await expect(service.moveIntent(intent, "orphan", { error: "late" })).rejects.toThrow('cannot move from "created" to "orphan"')
        await expect(service.moveIntent({ ...intent, status: "created" }, "pending")).rejects.toThrow(IntentMoveError)
        expect((await sql("select * from ghn_create_intent where id = ?", [intent.id]))[0]).toEqual(before)
      })

      it("joins a caller's transaction: rolled back with it", async () => {
        const intent = await reserve("2005")
        const base = (service as unknown as { baseRepository_: { transaction(task: (m: unknown) => Promise<unknown>): Promise<unknown> } }).baseRepository_
        await expect(
          base.transaction(async (transactionManager) => {
            await service.moveIntent(intent, "created", { order_code: "GHNA5" }, { transactionManager } as Context)
            expect(await intentRow(intent.id)).toMatchObject({ status: "pending" })
            throw new Error("the workflow failed")
          })
        ).rejects.toThrow("the workflow failed")
        expect(await intentRow(intent.id)).toEqual({ status: "pending", order_code: null, body: { to_name: "A receiver" } })
      })

      describe("killed between two writes", () => {
        // Every update of an intent after the `allowed`-th fails, as a process killed there would never write it.
        const killAfter = async (allowed: number) => {
          await sql("create table if not exists kill_switch (writes int not null)")
          await sql("delete from kill_switch")
          await sql("insert into kill_switch values (?)", [-allowed])
          await sql(`create or replace function kill_after_writes() returns trigger language plpgsql as $$
            begin
              update kill_switch set writes = writes + 1;
              if (select writes from kill_switch) > 0 then raise exception 'killed between two writes'; end if;
              return new;
            end $$`)
          await sql("drop trigger if exists kill_after_writes on ghn_create_intent")
          await sql("create trigger kill_after_writes before update on ghn_create_intent for each row execute function kill_after_writes()")
        }
        /** What a crash may leave: never an intent created without the code of the order GHN holds. */
        const crashSafe = (row: { status: string; order_code: string | null }) => !(row.status === "created" && !row.order_code)
        /** The move as two statements (the status, then the code): the version this module must never return to. */
        const twoWriteMove = async (intent: Intent, orderCode: string) => {
          await sql("update ghn_create_intent set status = 'created', body = null where id = ? and status = 'pending'", [intent.id])
          await sql("update ghn_create_intent set order_code = ? where id = ?", [orderCode, intent.id])
        }

        it("the harness catches a move written in two statements", async () => {
          const intent = await reserve("3001")
          await killAfter(1)
          await expect(twoWriteMove(intent, "GHNK1")).rejects.toThrow("killed between two writes")
          const row = await intentRow(intent.id)
          expect(row).toMatchObject({ status: "created", order_code: null })
          expect(crashSafe(row)).toBe(false)
        })

        it("moveIntent writes the status and the code together: after one write it is whole, killed in it nothing moved", async () => {
          const whole = await reserve("3002")
          await killAfter(1)
          await service.moveIntent(whole, "created", { order_code: "GHNK2" })
          expect(await intentRow(whole.id)).toEqual({ status: "created", order_code: "GHNK2", body: null })

          const killed = await reserve("3003")
          await killAfter(0)
          await expect(service.moveIntent(killed, "created", { order_code: "GHNK3" })).rejects.toThrow("killed between two writes")
          const row = await intentRow(killed.id)
          expect(row).toMatchObject({ status: "pending", order_code: null })
          expect(crashSafe(row)).toBe(true)
        })
      })
    })

    describe("callbacks", () => {
      const callback = (n: number, status: string, minute: number) => ({
        dedupe_key: `GHNC1|switch_status|${status}|${n}`,
        order_code: "GHNC1",
        type: "switch_status",
        status,
        event_time: new Date(Date.UTC(2026, 10, 20, 8, minute)),
        event: { type: "switch_status", status, time: new Date(Date.UTC(2026, 10, 20, 8, minute)).toISOString(), source: "webhook" as const },
        raw_body: "{}",
      })

      it("stores each callback once and tells a repeat, and whether its order code is a parcel of the store", async () => {
        const first = await service.storeCallback(callback(1, "picked", 5))
        expect(first).toMatchObject({ duplicate: false, known: false, processed: false })
        expect(await service.storeCallback(callback(1, "picked", 5))).toEqual({ id: first.id, duplicate: true, known: false, processed: false })
        await service.createGhnShipments({ fulfillment_id: "ful_c1", order_code: "GHNC1", shop_id: 11 })
        expect(await service.storeCallback(callback(2, "storing", 6))).toMatchObject({ duplicate: false, known: true })
      })

      it("answers each callback of a burst (stored together) on its own: stored, a repeat in the same burst, an unknown code, another account's", async () => {
        await service.createGhnShipments([
          { fulfillment_id: "ful_b1", order_code: "GHNC1", shop_id: 11 },
          { fulfillment_id: "ful_b2", order_code: "GHNB2", shop_id: 11, provider_id: "ghn_ghn-north" },
        ])
        const earlier = await service.storeCallback(callback(9, "picked", 1))
        const north = { ...callback(1, "storing", 2), order_code: "GHNB2", dedupe_key: "GHNB2|storing" }
        const unknown = { ...callback(1, "storing", 2), order_code: "GHNNONE", dedupe_key: "GHNNONE|storing" }
        // Headers that authenticate the plugin's own account, not ghn-north's.
        const refusals = { registered: ["ghn_ghn-north"], refused: ["ghn_ghn-north"], own: false }
        const burst = await Promise.all([
          service.storeCallback(callback(1, "picking", 2), refusals),
          service.storeCallback(callback(2, "picked", 3), refusals),
          service.storeCallback(callback(2, "picked", 3), refusals),
          service.storeCallback(callback(9, "picked", 1), refusals),
          service.storeCallback(north, refusals),
          service.storeCallback(unknown, refusals),
        ])
        expect(burst.map(({ id, ...rest }) => ({ ...rest, stored: id.startsWith("ghnevt") }))).toEqual([
          { duplicate: false, known: true, processed: false, stored: true },
          { duplicate: false, known: true, processed: false, stored: true },
          // The same callback twice in one burst: the second is a repeat of the first.
          { duplicate: true, known: true, processed: true, stored: false },
          { duplicate: true, known: true, processed: false, stored: true },
          { duplicate: false, known: true, processed: false, refused: true, stored: false },
          { duplicate: false, known: false, processed: false, stored: true },
        ])
        expect(burst[3].id).toBe(earlier.id)
        const stored = await sql<{ dedupe_key: string; unknown_order: boolean }>("select dedupe_key, unknown_order from ghn_webhook_event")
        expect(stored.sort((a, b) => (a.dedupe_key < b.dedupe_key ? -1 : 1))).toEqual([
          { dedupe_key: callback(1, "picking", 2).dedupe_key, unknown_order: false },
          { dedupe_key: callback(2, "picked", 3).dedupe_key, unknown_order: false },
          { dedupe_key: callback(9, "picked", 1).dedupe_key, unknown_order: false },
          { dedupe_key: "GHNNONE|storing", unknown_order: true },
        ].sort((a, b) => (a.dedupe_key < b.dedupe_key ? -1 : 1)))
      })

      it("hands the pending ones over oldest first in GHN time, parsed, and marks them applied, pending again, failed", async () => {
        const late = await service.storeCallback(callback(1, "storing", 9))
        const early = await service.storeCallback(callback(2, "picked", 1))
        // One stored before callbacks were kept parsed, and one no callback GHN can send.
        await service.createGhnWebhookEvents([
          { dedupe_key: "old", order_code: "GHNC1", type: "switch_status", status: "picking", event_time: new Date(Date.UTC(2026, 10, 20, 7)), received_at: new Date(), raw_body: "{}",
            body: { Type: "switch_status", Status: "picking", OrderCode: "GHNC1", Time: "2026-11-20T07:00:00.000Z" } },
          { dedupe_key: "odd", order_code: "GHNC1", type: "weird", status: null, event_time: new Date(Date.UTC(2026, 10, 20, 6)), received_at: new Date(), raw_body: "{}", body: { hello: 1 } },
        ])
        const pending = await service.parsePendingCallbacks("GHNC1")
        expect(pending.map((p) => p.event.status)).toEqual(["picking", "picked", "storing"])
        const [old] = await sql<{ event: { status: string }; body: unknown }>("select event, body from ghn_webhook_event where dedupe_key = 'old'")
        expect(old).toMatchObject({ event: { status: "picking" }, body: null })
        const [odd] = await sql<{ attempts: number; error: string }>("select attempts, error from ghn_webhook_event where dedupe_key = 'odd'")
        expect(odd.attempts).toBe(MAX_CALLBACK_ATTEMPTS)
        expect(odd.error).toMatch(/^not a callback GHN can send/)

        await service.markCallbacksApplied([early.id, late.id])
        expect((await service.parsePendingCallbacks("GHNC1")).map((p) => p.event.status)).toEqual(["picking"])
        await service.markCallbacksPending([late.id])
        expect((await service.parsePendingCallbacks("GHNC1")).map((p) => p.event.status)).toEqual(["picking", "storing"])

        await service.markCallbacksFailed("GHNC1", "no shipment yet", () => 60_000)
        const failed = await service.failedCallbacksOf(["GHNC1", "GHNNONE"])
        // The set-aside one and the two pending ones, the last reason the admin reads.
        expect(failed.get("GHNC1")?.count).toBe(3)
        expect(failed.has("GHNNONE")).toBe(false)
        const [retried] = await sql<{ attempts: number; next_attempt_at: string }>("select attempts, next_attempt_at from ghn_webhook_event where id = ?", [late.id])
        expect(retried.attempts).toBe(1)
        expect(new Date(retried.next_attempt_at).getTime()).toBeGreaterThan(Date.now())
        expect(await service.lastCallbackReceivedAt()).toBeInstanceOf(Date)
      })
    })

    describe("receivers", () => {
      const outcome = (order_code: string, outcome: "delivered" | "returned" | "refused", daysAgo: number, failed_attempts = 0) => ({
        phone: "0912345678",
        order_code,
        order_id: null,
        outcome,
        cod_amount: 100_000,
        failed_attempts,
        at: new Date(Date.now() - daysAgo * 86_400_000),
      })

      it("keeps one outcome per parcel and counts a receiver's history within codRisk's window", async () => {
        expect(await service.recordReceiverOutcome(outcome("R1", "delivered", 1))).toMatch(/^ghnrcv_/)
        expect(await service.recordReceiverOutcome(outcome("R1", "returned", 1))).toBeNull()
        await service.recordReceiverOutcome(outcome("R2", "returned", 10, 2))
        await service.recordReceiverOutcome(outcome("R3", "refused", 400, 1))
        const histories = await service.receiverHistories(["0912345678", "0900000000"], { maxReturned: 2, days: 180 })
        expect(histories.get("0912345678")).toEqual({ phone: "0912345678", delivered: 1, returned: 1, refused: 1, failed_attempts: 3, recent_returns: 1, trusted: false, days: 180 })
        expect(histories.get("0900000000")).toMatchObject({ delivered: 0, recent_returns: 0, trusted: false })
        expect((await service.receiverHistories(["0912345678"])).get("0912345678")).toMatchObject({ recent_returns: 2, days: null })

        await service.createGhnTrustedReceivers({ phone: "0912345678" })
        expect(await service.receiverCodRisk("0912345678", { maxReturned: 1, days: 180 })).toMatchObject({ refused: false, history: { trusted: true } })
        expect((await service.receiverOutcomes("0912345678")).map((o) => o.order_code)).toEqual(["R1", "R2", "R3"])

        expect(await service.clearReceiver("0912345678")).toEqual({ outcomes: 3, trusted: true })
        expect((await service.receiverHistories(["0912345678"])).get("0912345678")).toMatchObject({ delivered: 0, trusted: false })
      })
    })

    describe("shipping runs", () => {
      const order = (id: string) => ({ order_id: id, display_id: id, provider_id: "ghn_ghn" })

      it("keeps an order in one live run, leases, claims, settles, completes, and cancels a run with its queued orders", async () => {
        const run = await service.shippingRuns.create({ created_by: null, pick_shift: null, pick_shift_title: null, filter: null, orders: [order("o1"), order("o2")] })
        const refused = service.shippingRuns.create({ created_by: null, pick_shift: null, pick_shift_title: null, filter: null, orders: [order("o2"), order("o3")] })
        await expect(refused).rejects.toThrow(OrdersInOtherRunError)
        await expect(refused).rejects.toMatchObject({ orders: [{ order_id: "o2", run_id: run.id }] })

        expect(await service.shippingRuns.lease(run.id, "worker-a")).toBe(true)
        expect(await service.shippingRuns.lease(run.id, "worker-b")).toBe(false)
        const first = await service.shippingRuns.claimNext(run.id, "worker-a")
        expect(first).toMatchObject({ status: "running", attempts: 1 })
        await service.shippingRuns.settle(first!.id, { status: "created", fulfillment_id: "ful_1", ghn_order_code: "GHNR1" })
        const second = await service.shippingRuns.claimNext(run.id, "worker-a")
        expect([first!.order_id, second!.order_id].sort()).toEqual(["o1", "o2"])
        await service.shippingRuns.settle(second!.id, { status: "failed", error_code: "GHN", error: "refused" })
        expect(await service.shippingRuns.claimNext(run.id, "worker-a")).toBeUndefined()
        expect(await service.shippingRuns.completeIfDone(run.id)).toBe(true)
        expect(Object.fromEntries(await service.shippingRuns.counts([run.id]))[run.id]).toMatchObject({ created: 1, failed: 1 })

        expect(await service.shippingRuns.retry(run.id)).toBe(1)
        expect(await service.shippingRuns.cancel(run.id)).toEqual({ cancelled: 1 })
        expect(Object.fromEntries((await service.shippingRuns.orders(run.id)).map((o) => [o.id, o.status]))).toEqual({ [first!.id]: "created", [second!.id]: "cancelled" })
        expect(await service.shippingRuns.cancel(run.id)).toBeNull()
      })
    })

    describe("the stock location -> GHN shop map", () => {
      it("sets, changes and clears a location's shop, for the plugin's own account only", async () => {
        await service.setLocationShops([{ location_id: "sloc_1", shop_id: 21 }, { location_id: "sloc_2", shop_id: 22 }])
        await service.setLocationShops([{ location_id: "sloc_1", shop_id: 31 }, { location_id: "sloc_2", shop_id: null }])
        expect(await service.storedLocationShops()).toEqual({ sloc_1: 31 })
        expect(await service.shopIdForLocation(service.options, "sloc_1")).toBe(31)
        expect(await service.shopIdForLocation(service.options, "sloc_2")).toBe(11)
        expect(await service.storedLocationShops({ ...service.options, token: "another-account" })).toEqual({})
      })
    })
  },
})
