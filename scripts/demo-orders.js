#!/usr/bin/env node
// `npm run demo:orders -- 200`: a day's orders on the demo store, each placed through the store API
// as demo:order places one (receivers in Hồ Chí Minh, Hà Nội, Đà Nẵng and Cần Thơ, one in five the
// heavy paint bucket, cash on delivery), several at a time, after the demo's stock is raised by what
// they take. They wait in the GHN page's Ready to ship tab, to be shipped in one run.
const { demoSettings, readState, http, adminToken, assertRunning, fail } = require("./demo-common")
const { RECEIVERS, placeDemoOrder } = require("./demo-place")

const MAX = 5000
const HELP = `npm run demo:orders -- <count> [--concurrency <n>] [--json]

Places <count> orders (default 20, at most ${MAX}) on the running demo store (start it with npm run demo)
through the store API, <n> at a time (default 4): receivers in ${Object.keys(RECEIVERS).join(", ")} in turn,
one order in five the 25 kg paint bucket (GHN heavy goods), cash on delivery. They then wait in
the admin's GHN page, Ready to ship.
`

function parse(argv) {
  const args = [...argv]
  if (args.includes("--help") || args.includes("-h")) return null
  const at = args.indexOf("--concurrency")
  const concurrency = at >= 0 ? Number(args.splice(at, 2)[1]) : 4
  const json = args.includes("--json")
  const rest = args.filter((a) => a !== "--json")
  if (rest.length > 1 || rest.some((a) => a.startsWith("-"))) throw new Error(`unknown option ${rest.find((a) => a.startsWith("-")) ?? rest.join(" ")}\n\n${HELP}`)
  const count = rest.length ? Number(rest[0]) : 20
  if (!Number.isInteger(count) || count < 1 || count > MAX) throw new Error(`<count> must be a whole number from 1 to ${MAX}, got ${rest[0]}`)
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 16) throw new Error(`--concurrency must be a whole number from 1 to 16`)
  return { count, concurrency, json }
}

/** Units of each SKU the orders take (demo-place.js: light = 2 T-shirts and 1 coffee, heavy = 1 paint bucket). */
function unitsNeeded(count) {
  const heavy = Array.from({ length: count }, (_, i) => i % 5 === 4).filter(Boolean).length
  const light = count - heavy
  return { "AO-THUN-M": 2 * light, "CA-PHE-1KG": light, "SON-25KG-TRANG": heavy }
}

/** The demo's stock at its location raised by what the orders take, as a merchant restocks in the admin. */
async function restock(state, headers, needed) {
  for (const [sku, units] of Object.entries(needed)) {
    if (!units) continue
    const { inventory_items: items } = await http("GET", `${state.medusaUrl}/admin/inventory-items?sku=${encodeURIComponent(sku)}&fields=id,sku,*location_levels`, { headers })
    const item = items?.[0]
    const level = item?.location_levels?.find((l) => l.location_id === state.stockLocationId)
    if (!level) throw new Error(`${sku} has no stock level at the demo's location: restart npm run demo`)
    await http("POST", `${state.medusaUrl}/admin/inventory-items/${item.id}/location-levels/${state.stockLocationId}`, { headers, body: { stocked_quantity: Number(level.stocked_quantity) + units } })
  }
}

async function main() {
  const opts = parse(process.argv.slice(2))
  if (!opts) return void process.stdout.write(HELP)
  const log = (line = "") => !opts.json && process.stdout.write(`${line}\n`)
  const state = readState(demoSettings())
  await assertRunning(state)
  const headers = { authorization: `Bearer ${await adminToken(state)}` }
  await restock(state, headers, unitsNeeded(opts.count))
  const receivers = Object.keys(RECEIVERS)
  const started = Date.now()
  const placed = []
  const failures = []
  let next = 0
  const lane = async () => {
    while (next < opts.count) {
      const i = next++
      try {
        const { order } = await placeDemoOrder(state, { heavy: i % 5 === 4, to: receivers[i % receivers.length] })
        placed.push({ order_id: order.id, display_id: order.display_id })
        if (placed.length % Math.max(1, Math.round(opts.count / 10)) === 0) log(`  ${placed.length} of ${opts.count} placed`)
      } catch (error) {
        failures.push(error.message)
      }
    }
  }
  log(`Placing ${opts.count} orders, ${opts.concurrency} at a time…`)
  await Promise.all(Array.from({ length: Math.min(opts.concurrency, opts.count) }, lane))
  const seconds = (Date.now() - started) / 1000
  const { count: ready } = await http("GET", `${state.medusaUrl}/admin/ghn/ready-to-ship?limit=1`, { headers })
  const result = { placed: placed.length, failed: failures.length, seconds: Math.round(seconds * 10) / 10, ready_to_ship: ready, first_failure: failures[0] }
  log("")
  log(`${placed.length} orders placed in ${seconds.toFixed(1)} s${failures.length ? `, ${failures.length} failed (first: ${failures[0]})` : ""}`)
  log(`Ready to ship now lists ${ready} orders: ${state.adminEnabled !== false ? `${state.adminUrl}/ghn → Ready to ship, select all, Create GHN orders` : "GET /admin/ghn/ready-to-ship, POST /admin/ghn/shipping-runs"}`)
  if (opts.json) process.stdout.write(JSON.stringify(result, null, 2) + "\n")
  if (failures.length) process.exitCode = 1
}

main().catch(fail)
