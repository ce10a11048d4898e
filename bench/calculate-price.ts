/**
 * Benchmark: POST /store/shipping-options/:id/calculate of a real Medusa store (the development
 * store of this repository, medusa-config.ts, on a fresh PostgreSQL database) for the GHN option,
 * cache warm and cold, with the GHN sandbox answering at once and after 50 ms, against baselines
 * of the same store and the same cart; then the GHN fee calls one whole checkout makes.
 *
 *   npm run bench:calculate-price -- [--duration 5] [--rounds 5] [--warmup 1] [--connections 8]
 *                                    [--concurrency 8] [--latency 50] [--checkouts 3]
 *
 * For GHN latency 0 ms and `latency` ms, and for 1 request in flight (latency as a shopper sees it)
 * then `concurrency` in flight (throughput), the rows below are measured for `duration` s each, in
 * `rounds` interleaved slices (row 1, 2, 3, 4, row 1, 2, ...: noise from other jobs on a shared
 * machine falls on every row alike), after `warmup` s each, keep-alive (undici Pool), on the same
 * cart (2 shirts + 1 kettle, Hà Nội -> Quận 1, Hồ Chí Minh):
 *   baseline     a calculated option of a constant-price provider (bench/lib/constant-price-provider.ts)
 *                on the same route: Medusa's work for the route without any provider work. Medusa's
 *                manual provider cannot be used there: its calculatePrice throws (500).
 *   flat list    GET /store/shipping-options?cart_id=: how the storefront gets the flat-rate manual
 *                option's price (with the GHN options listed unpriced), for reference
 *   GHN warm     the GHN option (provider ghn_ghn, quote cache 300 s): every quote a cache hit
 *   GHN cold     the same option on a second GHN provider instance with quoteCacheTtlSeconds: 0
 *                (ghn_nocache, added by bench/lib/store-server.ts): every quote a GHN fee call
 *                (master data and Get Service stay cached, as for any known district)
 * GHN latency is a sandbox fault `{ path: "*", latency_ms }` on every GHN endpoint.
 * Fee calls are counted from the sandbox's request counters (/_sandbox/stats).
 */
import { startGhnSandbox } from "../src/sandbox"
import { CUSTOMER_ADDRESS, createCart, seedGhnStore, storeHeaders, type SeededStore } from "../integration-tests/helpers/store"
import {
  apiClient,
  freshDatabase,
  loadInterleaved,
  loadAverage,
  LOG_DIR,
  migrate,
  ms,
  loadOptions,
  opt,
  ratio,
  say,
  startStore,
  table,
  type Api,
  type Result,
} from "./lib/harness"

const { DURATION_S, WARMUP_S, ROUNDS, CONNECTIONS, CONCURRENCY } = loadOptions()
const LATENCY_MS = opt("latency", 50)
const CHECKOUTS = opt("checkouts", 3)
const FEE = "/shiip/public-api/v2/shipping-order/fee"

type Sandbox = Awaited<ReturnType<typeof startGhnSandbox>>

async function main() {
  const started = Date.now()
  say(`calculate-price benchmark: node ${process.version}, ${require("node:os").cpus().length} cores, load average ${loadAverage()}; logs in ${LOG_DIR}`)
  const sandbox = await startGhnSandbox({ port: 0, quiet: true })
  const db = await freshDatabase("calc")
  let store: Awaited<ReturnType<typeof startStore>> | undefined
  try {
    say(`database ${db.name}: migrating…`)
    await migrate(db, sandbox.url)
    say("starting Medusa (medusa-config.ts + providers ghn_nocache and constant_constant)…")
    store = await startStore(db, sandbox.url, { BENCH_NOCACHE_PROVIDER: "1", BENCH_CONSTANT_PROVIDER: "1", BENCH_DOWN_PROVIDER: "1" })
    const api = apiClient(store.url)
    const admin = { headers: { authorization: `Bearer ${await store.adminToken()}` } }
    const seeded = await seedGhnStore(api, admin)
    const extra = await addBenchOptions(api, admin, seeded)
    say(`store ready in ${((Date.now() - started) / 1000).toFixed(0)} s: ${store.url}`)

    const cart = await createCart(api, seeded, [
      { variant_id: seeded.variants.shirt, quantity: 2 },
      { variant_id: seeded.variants.kettle, quantity: 1 },
    ])
    const headers = { ...storeHeaders(seeded).headers, "content-type": "application/json" }
    const calc = (optionId: string) => ({
      method: "POST" as const,
      path: `/store/shipping-options/${optionId}/calculate`,
      headers,
      body: JSON.stringify({ cart_id: cart.id, data: {} }),
      ok: (status: number, text: string) => status === 200 && text.includes('"calculated_amount"'),
    })
    const rows = [
      { name: "baseline: constant-price calculated option", spec: calc(extra.constant) },
      {
        name: "flat-rate manual option via GET /store/shipping-options",
        spec: {
          method: "GET" as const,
          path: `/store/shipping-options?cart_id=${cart.id}`,
          headers,
          ok: (status: number, text: string) => status === 200 && text.includes('"shipping_options"'),
        },
      },
      { name: "GHN, cache warm (same cart)", spec: calc(seeded.options.light) },
      { name: "GHN, cache cold (TTL 0)", spec: calc(extra.nocache) },
      { name: "GHN down: outageFallback, last quote", spec: calc(extra.down) },
    ]

    // The warm row starts warm: one quote of this cart by the cached GHN provider.
    await api.post(`/store/shipping-options/${seeded.options.light}/calculate`, { cart_id: cart.id, data: {} }, storeHeaders(seeded))
    // The fallback row: GHN quotes the cart once for ghn_down (its last quote), then fails it (503 on
    // the first try and both retries): from then on, for its hold, ghn_down answers from the fallback.
    const real = (await api.post(`/store/shipping-options/${extra.down}/calculate`, { cart_id: cart.id, data: {} }, storeHeaders(seeded))).data.shipping_option.amount
    sandbox.control.setFaults([{ path: "/shiip/public-api/v2/shipping-order/fee", failure_rate: 1, failure_status: 503, count: 3 }])
    const fallback = (await api.post(`/store/shipping-options/${extra.down}/calculate`, { cart_id: cart.id, data: {} }, storeHeaders(seeded))).data.shipping_option.amount
    sandbox.control.clearFaults()
    if (fallback !== real) throw new Error(`the fallback quoted ${fallback}, GHN's last quote was ${real}`)

    say(`\nkeep-alive, ${DURATION_S} s per row in ${ROUNDS} interleaved slices (+${WARMUP_S} s warm-up each); 1 request in flight (latency), then ${CONCURRENCY} in flight on ${CONNECTIONS} connections (throughput)`)
    const sections: string[] = []
    for (const latency of [0, LATENCY_MS]) {
      if (latency > 0) sandbox.control.setFaults([{ path: "*", latency_ms: latency }])
      else sandbox.control.clearFaults()
      for (const inFlight of [1, CONCURRENCY]) {
        const measured = await loadInterleaved(
          rows.map((row) => ({ url: store!.url, ...row.spec, connections: Math.min(inFlight, CONNECTIONS), concurrency: inFlight, pid: store!.pid, counter: () => feeCalls(sandbox) })),
          { rounds: ROUNDS, sliceS: DURATION_S / ROUNDS, warmupS: WARMUP_S }
        )
        const results = measured.map((r, i) => ({ name: rows[i].name, r, feePerRequest: (r.counted ?? 0) / (r.completed || 1) }))
        for (const { name, r } of results) {
          say(
            `  GHN +${String(latency).padEnd(3)} ms, ${String(inFlight).padStart(2)} in flight  ${name.padEnd(56)} ${r.rps.toFixed(1).padStart(6)} req/s  p50 ${ms(r.p50).padStart(6)} ms  p99 ${ms(r.p99).padStart(6)} ms  ${r.errors} errors${r.firstError && r.errors ? ` (${r.firstError})` : ""}`
          )
        }
        const base = results[0].r
        sections.push(
          `GHN sandbox latency ${latency} ms, ${inFlight} request(s) in flight (load average after: ${loadAverage()})\n\n` +
            table(
              ["", "req/s", "p50 ms", "p99 ms", "req/s ratio", "p50 ratio", "p99 ratio", "Medusa CPU ms/req", "GHN fee calls/req", "errors"],
              results.map(({ name, r, feePerRequest }) => [
                name,
                r.rps.toFixed(1),
                ms(r.p50),
                ms(r.p99),
                ratio(r.rps, base.rps),
                ratio(r.p50, base.p50),
                ratio(r.p99, base.p99),
                cpuMsPerRequest(r),
                feePerRequest.toFixed(2),
                r.errors,
              ])
            )
        )
      }
    }
    sandbox.control.clearFaults()

    say(`\nGHN fee calls per completed checkout (GHN latency 0 ms; each cart a parcel not quoted before)`)
    const cached = await checkouts(api, seeded, sandbox, seeded.options.light)
    const uncached = await checkouts(api, seeded, sandbox, extra.nocache)

    say("\n" + sections.join("\n\n"))
    say(`\nGHN fee calls per step of a checkout (sum over ${CHECKOUTS} checkouts each, then per checkout)\n`)
    const steps = Object.keys(cached.perStep)
    say(
      table(
        ["step", `ghn_ghn (cache 300 s), ${CHECKOUTS} checkouts`, `ghn_nocache (TTL 0), ${CHECKOUTS} checkouts`],
        [
          ...steps.map((s) => [s, cached.perStep[s], uncached.perStep[s]]),
          ["fee calls per completed checkout", (cached.total / CHECKOUTS).toFixed(2), (uncached.total / CHECKOUTS).toFixed(2)],
        ]
      )
    )
    say(`\nfee calls per checkout with the provider's cache: ${(cached.total / CHECKOUTS).toFixed(2)} (target 1); without it (what Medusa asks for): ${(uncached.total / CHECKOUTS).toFixed(2)}`)
    if (cached.total !== CHECKOUTS) process.exitCode = 1
  } finally {
    await store?.stop()
    await sandbox.close()
    await db.drop().catch((e) => say(`could not drop ${db.name}: ${e.message}`))
  }
  say(`\ndone in ${((Date.now() - started) / 1000).toFixed(0)} s`)
}

const cpuMsPerRequest = (r: Result) => (Number.isFinite(r.cpu) && r.cpu > 0 && r.requests ? ((r.cpu * 1000) / r.requests).toFixed(1) : "-")

const feeCalls = (sandbox: Sandbox) => Number(sandbox.control.stats().requests[FEE] ?? 0)

/** The two options only the benchmark needs, in the seeded store's zone and profile. */
async function addBenchOptions(api: Api, admin: { headers: Record<string, string> }, seeded: SeededStore) {
  await api.post(`/admin/stock-locations/${seeded.locationId}/fulfillment-providers`, { add: ["ghn_nocache", "constant_constant", "ghn_down"] }, admin)
  const light = (await api.get(`/admin/shipping-options/${seeded.options.light}?fields=id,service_zone_id,shipping_profile_id`, admin)).data.shipping_option
  const option = async (name: string, provider_id: string, data: Record<string, unknown>) =>
    (
      await api.post(
        "/admin/shipping-options",
        {
          name,
          service_zone_id: light.service_zone_id,
          shipping_profile_id: light.shipping_profile_id,
          provider_id,
          price_type: "calculated",
          prices: [],
          data,
          type: { label: name, description: name, code: name.toLowerCase().replace(/\W+/g, "-") },
        },
        admin
      )
    ).data.shipping_option.id as string
  return {
    nocache: await option("GHN Hàng nhẹ (no cache)", "ghn_nocache", { id: "ghn-light", service_type_id: 2 }),
    constant: await option("Bench constant price", "constant_constant", { id: "constant" }),
    down: await option("GHN Hàng nhẹ (GHN down)", "ghn_down", { id: "ghn-light", service_type_id: 2 }),
  }
}

/**
 * `count` checkouts as a storefront makes them, counting the sandbox's fee requests after each
 * step. Each cart has a parcel no earlier quote had (3 + n shirts), so the cache starts cold.
 */
let parcelSeq = 0
async function checkouts(api: Api, seeded: SeededStore, sandbox: Sandbox, optionId: string) {
  const h = storeHeaders(seeded)
  const perStep: Record<string, number> = {}
  let total = 0
  for (let n = 0; n < CHECKOUTS; n++) {
    let last = feeCalls(sandbox)
    const step = async <T>(name: string, fn: () => Promise<T>) => {
      const value = await fn()
      const now = feeCalls(sandbox)
      perStep[name] = (perStep[name] ?? 0) + (now - last)
      total += now - last
      last = now
      return value
    }
    const quantity = 3 + parcelSeq++
    const cart = await step("1. create cart (POST /store/carts, items + address)", async () =>
      (await api.post("/store/carts", { region_id: seeded.regionId, email: "khach@example.vn", shipping_address: CUSTOMER_ADDRESS, billing_address: CUSTOMER_ADDRESS, items: [{ variant_id: seeded.variants.shirt, quantity }] }, h)).data.cart
    )
    await step("2. list options (GET /store/shipping-options?cart_id)", () => api.get(`/store/shipping-options?cart_id=${cart.id}`, h))
    await step("3. calculate (POST /store/shipping-options/:id/calculate)", () => api.post(`/store/shipping-options/${optionId}/calculate`, { cart_id: cart.id, data: {} }, h))
    await step("4. add shipping method (POST /store/carts/:id/shipping-methods)", () => api.post(`/store/carts/${cart.id}/shipping-methods`, { option_id: optionId, data: {} }, h))
    const collection = await step("5. payment collection (POST /store/payment-collections)", async () =>
      (await api.post("/store/payment-collections", { cart_id: cart.id }, h)).data.payment_collection
    )
    await step("6. payment session (POST .../payment-sessions, pp_system_default)", () =>
      api.post(`/store/payment-collections/${collection.id}/payment-sessions`, { provider_id: "pp_system_default" }, h)
    )
    const done = await step("7. complete (POST /store/carts/:id/complete)", async () => (await api.post(`/store/carts/${cart.id}/complete`, {}, h)).data)
    if (done.type !== "order") throw new Error(`cart did not complete: ${JSON.stringify(done.error ?? done)}`)
  }
  say(`  ${optionId}: ${total} fee calls in ${CHECKOUTS} checkouts`)
  return { perStep, total }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
