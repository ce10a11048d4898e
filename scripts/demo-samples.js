#!/usr/bin/env node
// Sample parcels for the demo's first start, so that the GHN page's Needs action queue, the
// receivers' COD history and the Re-weighing report are not empty on first open. Each is a real
// order placed through the store API and fulfilled through the admin API (demo-order.js), then
// moved by the GHN sandbox as GHN would (demo-advance.js, and the sandbox's re-weighing control);
// the store applies GHN's webhooks as it does any. Run by demo.js once per data folder.
const path = require("node:path")
const { spawn } = require("node:child_process")
const { demoSettings, readState, http, adminToken } = require("./demo-common")

const SAMPLES = [
  { what: "a failed delivery the receiver refused (Needs action)", moves: ["shipped", "delivering", "delivery_fail:GHN-DFC1A4"] },
  { what: "a parcel held at a GHN warehouse (Needs action)", moves: ["shipped", "storing"] },
  { what: "a COD parcel refused and returned (the receiver's history)", moves: ["shipped", "delivering", "delivery_fail:GHN-DFC1A4", "return", "returning", "returned"] },
  { what: "a COD parcel delivered (the receiver's history)", moves: ["delivered"] },
  { what: "a heavy parcel GHN re-weighed (Re-weighing)", heavy: true, moves: ["shipped"], reweigh: { weight: 30000, length: 61, width: 42, height: 33 } },
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
    const ordered = await run("demo-order.js", ["--fulfil", "--json", ...(sample.heavy ? ["--heavy"] : [])])
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
    made.push({ what: sample.what, order_code: code, order_id, display_id })
  }
  process.stdout.write(JSON.stringify(made))
}

main().catch((error) => {
  process.stderr.write(`${error.message}\n`)
  process.exit(1)
})
