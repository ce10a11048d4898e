/**
 * Bounded load test: a flood of the storefront's address routes (the plugin's /store/ghn/*) of a
 * real Medusa store (medusa-config.ts on a fresh PostgreSQL database) with the GHN sandbox on
 * loopback, as a guesser or a scraper would send it, against a baseline route in the same run.
 *
 *   npm run bench:store-routes -- [--duration 20] [--concurrency 16] [--connections 16]
 *
 * Rows, each `duration` s with `concurrency` requests in flight (keep-alive), in this order:
 *   baseline        GET /store/ghn/provinces (a list held: Medusa's and the plugin's own work)
 *   unknown ids     districts?province_id=, wards?district_id=, new-wards?province_id= with ids GHN
 *                   does not list, a new one every request
 *   known ids       the same routes over every id GHN does list (every legacy district's wards:
 *                   lists not held yet, what costs GHN calls)
 * Shown per row: answers by status (zero 5xx expected), p50/p99 against the baseline, and the GHN
 * master-data calls the sandbox counted, against the bound the store allows (a burst of
 * STORE_GHN_BURST, then STORE_GHN_PER_MINUTE a minute; src/lib/runtime/store-master-data.ts).
 */
import { Pool } from "undici"
import { startGhnSandbox } from "../src/sandbox"
import { STORE_GHN_BURST, STORE_GHN_PER_MINUTE } from "../src/lib/runtime/store-master-data"
import { seedGhnStore, storeHeaders } from "../integration-tests/helpers/store"
import { apiClient, freshDatabase, loadAverage, LOG_DIR, migrate, ms, opt, quantile, ratio, say, sleep, startStore, table } from "./lib/harness"

const DURATION_S = opt("duration", 20)
const CONCURRENCY = opt("concurrency", 16)
const CONNECTIONS = opt("connections", 16)
const MASTER_DATA = [
  "/shiip/public-api/master-data/province",
  "/shiip/public-api/master-data/district",
  "/shiip/public-api/master-data/ward",
  "/shiip/public-api/v3/master-data/province/all",
  "/shiip/public-api/v3/master-data/ward/all-by-province-id",
]

type Row = { name: string; path: (i: number) => string }
type Measured = { name: string; statuses: Record<number, number>; p50: number; p99: number; rps: number; ghnCalls: number; seconds: number }

/** `concurrency` requests in flight for `seconds`, each path from `path(n)`; statuses and latencies of every answer. */
async function flood(url: string, headers: Record<string, string>, row: Row, seconds: number, ghnCalls: () => number): Promise<Measured> {
  const pool = new Pool(url, { connections: CONNECTIONS, pipelining: 1, keepAliveTimeout: 60_000 })
  const statuses: Record<number, number> = {}
  const lat: number[] = []
  let n = 0
  let stop = false
  const calls0 = ghnCalls()
  const start = process.hrtime.bigint()
  const worker = async () => {
    while (!stop) {
      const t0 = process.hrtime.bigint()
      let status = 0
      try {
        const res = await pool.request({ path: row.path(n++), method: "GET", headers })
        await res.body.text()
        status = res.statusCode
      } catch {
        status = -1
      }
      statuses[status] = (statuses[status] ?? 0) + 1
      lat.push(Number(process.hrtime.bigint() - t0) / 1e6)
    }
  }
  const workers = Array.from({ length: CONCURRENCY }, worker)
  await sleep(seconds * 1000)
  stop = true
  await Promise.all(workers)
  const elapsed = Number(process.hrtime.bigint() - start) / 1e9
  await pool.close()
  const sorted = lat.sort((a, b) => a - b)
  return { name: row.name, statuses, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), rps: sorted.length / elapsed, ghnCalls: ghnCalls() - calls0, seconds: elapsed }
}

async function main() {
  const started = Date.now()
  say(`store-routes flood: node ${process.version}, ${require("node:os").cpus().length} cores, load average ${loadAverage()}; logs in ${LOG_DIR}`)
  const sandbox = await startGhnSandbox({ port: 0, quiet: true })
  const ghnCalls = () => {
    const { requests } = sandbox.control.stats()
    return MASTER_DATA.reduce((sum, path) => sum + (requests[path] ?? 0), 0)
  }
  const db = await freshDatabase("flood")
  let store: Awaited<ReturnType<typeof startStore>> | undefined
  try {
    await migrate(db, sandbox.url)
    store = await startStore(db, sandbox.url)
    const api = apiClient(store.url)
    const admin = { headers: { authorization: `Bearer ${await store.adminToken()}` } }
    const seeded = await seedGhnStore(api, admin)
    const headers = storeHeaders(seeded).headers
    say(`store ready in ${((Date.now() - started) / 1000).toFixed(0)} s: ${store.url}`)

    // What a storefront reads first: the province lists (the baseline's list, held from now on).
    const provinces = ((await api.get("/store/ghn/provinces", { headers })).data.provinces as { id: number }[]).map((p) => p.id)
    const newProvinces = ((await api.get("/store/ghn/new-provinces", { headers })).data.provinces as { id: number }[]).map((p) => p.id)
    // The sandbox's districts, read from the sandbox itself (the store has not listed them yet).
    const districts: number[] = []
    for (const id of provinces) {
      const res = await fetch(`${sandbox.url}/shiip/public-api/master-data/district`, {
        method: "POST",
        headers: { "content-type": "application/json", token: sandbox.fixture.owner.token },
        body: JSON.stringify({ province_id: id }),
      })
      districts.push(...(((await res.json()) as { data: { DistrictID: number }[] }).data ?? []).map((d) => d.DistrictID))
    }
    say(`master data: ${provinces.length} provinces, ${districts.length} districts (legacy), ${newProvinces.length} provinces (new model)`)

    const UNKNOWN = 5_000_000
    const rows: Row[] = [
      { name: "baseline: GET /store/ghn/provinces (held)", path: () => "/store/ghn/provinces" },
      {
        name: "unknown ids (districts, wards, new-wards)",
        path: (i) => [`/store/ghn/districts?province_id=${UNKNOWN + i}`, `/store/ghn/wards?district_id=${UNKNOWN + i}`, `/store/ghn/new-wards?province_id=${UNKNOWN + i}`][i % 3],
      },
      {
        name: "known ids (every district's wards, provinces' districts)",
        path: (i) => (i % 4 === 3 ? `/store/ghn/districts?province_id=${provinces[i % provinces.length]}` : `/store/ghn/wards?district_id=${districts[i % districts.length]}`),
      },
      { name: "baseline again", path: () => "/store/ghn/provinces" },
    ]
    const measured: Measured[] = []
    for (const row of rows) {
      const m = await flood(store.url, headers, row, DURATION_S, ghnCalls)
      say(`  ${row.name.padEnd(58)} ${m.rps.toFixed(0).padStart(6)} req/s  p50 ${ms(m.p50).padStart(6)} ms  p99 ${ms(m.p99).padStart(6)} ms  ${JSON.stringify(m.statuses)}  GHN calls ${m.ghnCalls}`)
      measured.push(m)
    }
    const base = measured[0]
    const bound = (m: Measured) => Math.floor(STORE_GHN_BURST + (STORE_GHN_PER_MINUTE * m.seconds) / 60)
    const fiveHundreds = (m: Measured) => Object.entries(m.statuses).reduce((n, [s, c]) => n + (Number(s) >= 500 || Number(s) < 0 ? c : 0), 0)
    say(`\n${CONCURRENCY} requests in flight on ${CONNECTIONS} connections, ${DURATION_S} s a row (load average after: ${loadAverage()})\n`)
    say(
      table(
        ["", "requests", "req/s", "p50 ms", "p99 ms", "p99 / baseline", "answers", "5xx", "GHN master-data calls", "bound (burst + rate x time)"],
        measured.map((m) => [
          m.name,
          Object.values(m.statuses).reduce((a, b) => a + b, 0),
          m.rps.toFixed(0),
          ms(m.p50),
          ms(m.p99),
          ratio(m.p99, base.p99),
          Object.entries(m.statuses).map(([s, c]) => `${s}: ${c}`).join(", "),
          fiveHundreds(m),
          m.ghnCalls,
          bound(m),
        ])
      )
    )
    const total = measured.reduce((n, m) => n + m.ghnCalls, 0)
    const totalSeconds = measured.reduce((n, m) => n + m.seconds, 0)
    say(`\nGHN master-data calls over the whole flood: ${total} in ${totalSeconds.toFixed(0)} s (bound ${Math.floor(STORE_GHN_BURST + (STORE_GHN_PER_MINUTE * totalSeconds) / 60)})`)
    // Unknown ids cost at most the lists they are checked against, once (the provinces' district lists).
    say(`unknown ids: ${measured[1].ghnCalls} GHN calls (the index of districts, loaded once: at most ${provinces.length}), none for an unknown id`)
    if (measured.some((m) => fiveHundreds(m) > 0) || measured[1].ghnCalls > provinces.length || total > STORE_GHN_BURST + (STORE_GHN_PER_MINUTE * totalSeconds) / 60) process.exitCode = 1
  } finally {
    await store?.stop()
    await sandbox.close()
    await db.drop().catch((e) => say(`could not drop ${db.name}: ${e.message}`))
  }
  say(`\ndone in ${((Date.now() - started) / 1000).toFixed(0)} s`)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
