#!/usr/bin/env node
// Sample parcels for the demo's first start, so that the GHN page's Needs action queue, the
// receivers' COD history, the Re-weighing report and the Insights tab are not empty on first open;
// then a handful of orders left ready to ship (the Ready to ship tab), one with an address GHN
// cannot resolve.
// Each is a real order placed through the store API and fulfilled through the admin API
// (demo-order.js), then moved by the GHN sandbox as GHN would (demo-advance.js, the sandbox's
// re-weighing and COD transfer controls); the store applies GHN's webhooks as it does any. Then,
// so that the Insights tab shows weeks rather than one day, each parcel's dates in the plugin's
// table are moved back by its `daysAgo` (all of them alike: its lateness and COD age are its own),
// and the late one gets a promise GHN missed. Run by demo.js once per data folder.
const path = require("node:path")
const { spawn } = require("node:child_process")
const { Client } = require("pg")
const { demoSettings, readState, http, adminToken } = require("./demo-common")
const { RECEIVERS, placeDemoOrder } = require("./demo-place")

const SAMPLES = [
  { what: "a failed delivery the receiver refused (Needs action)", daysAgo: 1, moves: ["shipped", "delivering", "delivery_fail:GHN-DFC1A4"] },
  { what: "a parcel held at a GHN warehouse (Needs action)", daysAgo: 2, to: "hanoi", moves: ["shipped", "storing"] },
  { what: "a COD parcel refused and returned (the receiver's history)", daysAgo: 9, moves: ["shipped", "delivering", "delivery_fail:GHN-DFC1A4", "return", "returning", "returned"] },
  { what: "a COD parcel delivered (the receiver's history)", daysAgo: 3, moves: ["delivered"] },
  { what: "a heavy parcel GHN re-weighed (Re-weighing)", daysAgo: 0, heavy: true, moves: ["shipped"], reweigh: { weight: 30000, length: 61, width: 42, height: 33 } },
  { what: "a COD parcel delivered in Hà Nội, its cash at GHN for 6 days (Insights)", daysAgo: 6, to: "hanoi", moves: ["delivered"] },
  { what: "a COD parcel delivered in Đà Nẵng two days late (Insights)", daysAgo: 12, to: "danang", moves: ["delivered"], lateDays: 2 },
  { what: "a COD parcel delivered in Cần Thơ, its cash at GHN for 17 days (Insights)", daysAgo: 17, to: "cantho", moves: ["delivered"] },
  { what: "a COD parcel delivered in Hà Nội on the second try, its cash transferred (Insights)", daysAgo: 15, to: "hanoi", moves: ["shipped", "delivering", "delivery_fail:GHN-DFC1A2", "delivering", "delivered"], transfer: true },
  { what: "a COD parcel delivered in Đà Nẵng, its cash transferred (Insights)", daysAgo: 20, to: "danang", moves: ["delivered"], transfer: true },
  { what: "a parcel cancelled before pickup (Insights)", daysAgo: 5, to: "cantho", moves: ["cancel"] },
]

/** Orders left ready to ship: placed, not fulfilled. */
const READY = [
  { what: "an order ready to ship to Hồ Chí Minh (Ready to ship)", to: "hcm" },
  { what: "an order ready to ship to Hà Nội (Ready to ship)", to: "hanoi" },
  { what: "an order ready to ship to Đà Nẵng (Ready to ship)", to: "danang" },
  { what: "an order ready to ship to Cần Thơ (Ready to ship)", to: "cantho" },
  { what: "a heavy order ready to ship (Ready to ship)", to: "hcm", heavy: true },
  // A Hà Nội ward typed into a Hồ Chí Minh address after checkout: GHN cannot deliver it, the tab says why.
  { what: "an order whose address GHN cannot resolve (Ready to ship, with its problem)", to: "hcm", address: { address_2: "Phường Hàng Trống" } },
]

function run(script, args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(__dirname, script), ...args], { env: process.env, stdio: ["ignore", "pipe", "pipe"] })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (c) => (stdout += c))
    child.stderr.on("data", (c) => (stderr += c))
    child.on("exit", (code) => resolve({ code, stdout, stderr }))
  })
}

async function main() {
  const settings = demoSettings()
  const state = readState(settings)
  const made = []
  for (const sample of SAMPLES) {
    const ordered = await run("demo-order.js", ["--fulfil", "--json", ...(sample.heavy ? ["--heavy"] : []), ...(sample.to ? ["--to", sample.to] : [])])
    if (ordered.code !== 0) throw new Error(`${sample.what}: demo:order failed: ${ordered.stderr.trim()}`)
    const { ghn_order_code: code, display_id, order_id } = JSON.parse(ordered.stdout)
    const moved = await run("demo-advance.js", [code, ...sample.moves])
    if (moved.code !== 0) throw new Error(`${sample.what}: demo:advance ${code} failed: ${moved.stderr.trim()}`)
    if (sample.reweigh) {
      await http("POST", `${state.sandboxUrl}/_sandbox/orders/${encodeURIComponent(code)}/weight`, { body: sample.reweigh })
      const headers = { authorization: `Bearer ${await adminToken(state)}` }
      const deadline = Date.now() + 20_000
      while (Date.now() < deadline) {
        const { shipment } = await http("GET", `${state.medusaUrl}/admin/ghn/shipments/${encodeURIComponent(code)}`, { headers })
        if (shipment?.weight === sample.reweigh.weight) break
        await new Promise((r) => setTimeout(r, 300))
      }
    }
    if (sample.transfer) await http("POST", `${state.sandboxUrl}/_sandbox/cod-transfers`, { body: { order_codes: [code] } })
    made.push({ what: sample.what, order_code: code, order_id, display_id })
  }
  await waitForCallbacks(state, made)
  await backdate(state, made)
  const headers = { authorization: `Bearer ${await adminToken(state)}` }
  for (const sample of READY) {
    const { order } = await placeDemoOrder(state, { heavy: sample.heavy, to: sample.to })
    if (sample.address) {
      await http("POST", `${state.medusaUrl}/admin/orders/${order.id}`, { headers, body: { shipping_address: { ...RECEIVERS[sample.to], ...sample.address } } })
    }
    made.push({ what: sample.what, order_code: null, order_id: order.id, display_id: order.display_id })
  }
  process.stdout.write(JSON.stringify(made))
}

/** Until the store has applied every callback the sandbox sent (the COD transfers come last). */
async function waitForCallbacks(state, made) {
  const headers = { authorization: `Bearer ${await adminToken(state)}` }
  const deadline = Date.now() + 30_000
  for (const [i, sample] of SAMPLES.entries()) {
    if (!sample.transfer) continue
    while (Date.now() < deadline) {
      const { shipment } = await http("GET", `${state.medusaUrl}/admin/ghn/shipments/${encodeURIComponent(made[i].order_code)}`, { headers })
      if (shipment?.is_cod_transferred) break
      await new Promise((r) => setTimeout(r, 300))
    }
  }
}

/** Each parcel's dates moved back by its sample's `daysAgo`; the late one promised `lateDays` before it arrived. */
async function backdate(state, made) {
  const client = new Client({ connectionString: state.database.url })
  await client.connect()
  try {
    for (const [i, sample] of SAMPLES.entries()) {
      const back = `${sample.daysAgo} days`
      await client.query(
        `update ghn_shipment set created_at = created_at - $2::interval, status_at = status_at - $2::interval,
                cod_collect_date = cod_collect_date - $2::interval, cod_transfer_date = cod_transfer_date - $2::interval,
                expected_delivery_time = case when $3::int > 0 then status_at - $2::interval - make_interval(days => $3::int)
                                              else expected_delivery_time - $2::interval end
          where order_code = $1`,
        [made[i].order_code, back, sample.lateDays ?? 0]
      )
    }
  } finally {
    await client.end()
  }
}

main().catch((error) => {
  process.stderr.write(`${error.message}\n`)
  process.exit(1)
})
