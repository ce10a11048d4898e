/**
 * Benchmark: what the codRisk option adds to a checkout. The receiver's history is read once, when
 * the cart is completed (Medusa's completeCartWorkflow validate hook; the shipping quote never
 * reads it), so the measured request is POST /store/carts/:id/complete of a cash-on-delivery cart
 * shipped with GHN, on the development store (medusa-config.ts) on a fresh PostgreSQL database:
 *
 *   baseline   codRisk off: the store as before the option
 *   1k         codRisk on (maxReturned 3), 1,000 outcomes kept, the shopper's phone among them
 *   100k       the same, 100,000 outcomes kept (20,000 receivers)
 *
 *   npm run bench:receiver-risk -- [--checkouts 30]
 *
 * The phases alternate (baseline, 1k, 100k, baseline, ...) in `rounds` slices so that noise from
 * other jobs falls on each alike; each checkout's cart is prepared (items, GHN shipping method,
 * payment session) before its completion is timed.
 */
import { startGhnSandbox } from "../src/sandbox"
import { CUSTOMER_ADDRESS, createCart, seedGhnStore, storeHeaders, type SeededStore } from "../integration-tests/helpers/store"
import { apiClient, freshDatabase, loadAverage, LOG_DIR, migrate, ms, opt, quantile, say, sqlClient, startStore, table } from "./lib/harness"

const CHECKOUTS = opt("checkouts", 30)
const ROUNDS = opt("rounds", 3)

type Api = ReturnType<typeof apiClient>

/** A COD cart of the customer, ready to complete; the time its completion takes, in ms. */
async function timedCheckout(api: Api, seeded: SeededStore): Promise<number> {
  const headers = storeHeaders(seeded)
  const cart = await createCart(api, seeded, [{ variant_id: seeded.variants.shirt, quantity: 1 }], CUSTOMER_ADDRESS)
  await api.post(`/store/carts/${cart.id}/shipping-methods`, { option_id: seeded.options.light, data: {} }, headers)
  const collection = (await api.post("/store/payment-collections", { cart_id: cart.id }, headers)).data.payment_collection
  await api.post(`/store/payment-collections/${collection.id}/payment-sessions`, { provider_id: "pp_system_default" }, headers)
  const started = process.hrtime.bigint()
  const { data } = await api.post(`/store/carts/${cart.id}/complete`, {}, headers)
  const took = Number(process.hrtime.bigint() - started) / 1e6
  if (data.type !== "order") throw new Error(`checkout refused: ${JSON.stringify(data).slice(0, 300)}`)
  return took
}

async function main() {
  say(`receiver-risk benchmark: node ${process.version}, ${require("node:os").cpus().length} cores, load average ${loadAverage()}; logs in ${LOG_DIR}`)
  const sandbox = await startGhnSandbox({ port: 0, quiet: true })
  const db = await freshDatabase("risk")
  const sql = await sqlClient(db)
  const stores: Awaited<ReturnType<typeof startStore>>[] = []
  try {
    await migrate(db, sandbox.url)
    // Two stores on one database: the option off and on (one process each, started once).
    const off = await startStore(db, sandbox.url)
    const on = await startStore(db, sandbox.url, { GHN_COD_RISK: "3" })
    stores.push(off, on)
    const seeded = await seedGhnStore(apiClient(off.url), { headers: { authorization: `Bearer ${await off.adminToken()}` } })
    const phone = CUSTOMER_ADDRESS.phone

    /** Outcomes kept: `n` in all, two of them the shopper's (returned; under maxReturned 3, so checkouts pass). */
    const fill = async (n: number) => {
      await sql.query("delete from ghn_receiver_outcome")
      await sql.query(
        `insert into ghn_receiver_outcome (id, phone, order_code, order_id, outcome, cod_amount, failed_attempts, at)
         select 'ghnrcv_bench_' || g, case when g <= 2 then $2 else '09' || lpad(((g % 20000) + 1)::text, 8, '0') end,
                'GBENCH' || g, null, (array['delivered','delivered','delivered','returned','refused'])[1 + g % 5], 300000, g % 3,
                now() - (g % 365) * interval '1 day'
           from generate_series(1, $1::int) g`,
        [n, phone]
      )
      await sql.query("analyze ghn_receiver_outcome")
    }

    const phases = [
      { name: "baseline: codRisk off", api: apiClient(off.url), rows: 0 },
      { name: "codRisk on, 1k outcomes", api: apiClient(on.url), rows: 1_000 },
      { name: "codRisk on, 100k outcomes", api: apiClient(on.url), rows: 100_000 },
    ]
    const times = phases.map(() => [] as number[])
    // Warm-up: one checkout per store.
    await timedCheckout(phases[0].api, seeded)
    await timedCheckout(phases[1].api, seeded)
    const perSlice = Math.ceil(CHECKOUTS / ROUNDS)
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, phase] of phases.entries()) {
        await fill(phase.rows)
        for (let k = 0; k < perSlice; k++) times[i].push(await timedCheckout(phase.api, seeded))
      }
    }
    const base = quantile([...times[0]].sort((a, b) => a - b), 0.5)
    const rows = phases.map((phase, i) => {
      const sorted = [...times[i]].sort((a, b) => a - b)
      const p50 = quantile(sorted, 0.5)
      return [phase.name, sorted.length, ms(p50), ms(quantile(sorted, 0.9)), (p50 / base).toFixed(2)]
    })
    say(`\nPOST /store/carts/:id/complete (COD, GHN light goods), ${ROUNDS} interleaved rounds (load average after: ${loadAverage()})\n`)
    say(table(["", "checkouts", "p50 ms", "p90 ms", "p50 ratio"], rows))
    const plan = await sql.query(
      `explain select count(*) from ghn_receiver_outcome where phone = any($1) and deleted_at is null`,
      [[phone]]
    )
    say(`\nthe lookup's plan at 100k outcomes:\n${plan.rows.map((r: Record<string, string>) => "  " + Object.values(r)[0]).join("\n")}`)
  } finally {
    for (const s of stores) await s.stop().catch(() => undefined)
    await sql.end().catch(() => undefined)
    await db.drop().catch(() => undefined)
    await sandbox.close()
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
