#!/usr/bin/env node
// `npm run demo:advance -- [order] [status ...]`: moves a GHN order in the demo's sandbox along
// GHN's statuses, as GHN's couriers would. The sandbox sends GHN's webhook to the store for each
// change; the plugin marks the Medusa fulfilment shipped (GHN picked the parcel up) and then
// delivered. The command waits until Medusa shows the new status.
const fs = require("node:fs")
const path = require("node:path")
const { demoSettings, readState, http, adminToken, assertRunning, vnd, fail } = require("./demo-common")

const HAPPY_PATH = ["ready_to_pick", "picking", "picked", "storing", "transporting", "sorting", "delivering", "delivered"]
const ALIASES = { shipped: "picked", pickup: "picked", delivered: "delivered", next: "next" }
const GHN_STATUSES = [
  "ready_to_pick", "picking", "money_collect_picking", "picked", "storing", "transporting", "sorting", "delivering",
  "money_collect_delivering", "delivered", "delivery_fail", "waiting_to_return", "return", "return_transporting",
  "return_sorting", "returning", "return_fail", "returned", "cancel", "exception", "lost", "damage",
]
const DESCRIPTIONS = {
  ready_to_pick: "Chờ lấy hàng (waiting for pickup)",
  picking: "Nhân viên đang lấy hàng (courier picking up)",
  picked: "Lấy hàng thành công (picked up: Medusa marks the fulfilment shipped)",
  storing: "Hàng đang nằm ở kho (at a GHN warehouse)",
  transporting: "Đang luân chuyển hàng (in transit)",
  sorting: "Đang phân loại hàng hóa (sorting)",
  delivering: "Nhân viên đang giao cho người nhận (out for delivery)",
  delivered: "Giao hàng thành công (delivered: Medusa marks the fulfilment delivered)",
  delivery_fail: "Giao hàng không thành công (delivery failed)",
  waiting_to_return: "Đang đợi trả hàng về cho người gửi (waiting to return)",
  return: "Trả hàng (returning to the shop)",
  returned: "Trả hàng thành công (returned to the shop)",
  cancel: "Hủy đơn hàng (cancelled: Medusa cancels the fulfilment)",
  lost: "Hàng bị thất lạc (lost)",
  damage: "Hàng bị hư hỏng (damaged)",
}
const TERMINAL = new Set(["delivered", "returned", "cancel", "lost", "damage"])

const HELP = `npm run demo:advance -- [order] [status ...]

  order    a GHN order code (shown in the admin and by demo:order --fulfil) or a Medusa order id
           (order_...); default: the newest GHN order of the sandbox that is still moving
  status   where to move it, in turn (default: the next step of GHN's happy path):
             ${HAPPY_PATH.join(" > ")}
           A status further along the happy path walks there step by step ("delivered" goes all
           the way); "shipped" means "picked". Other GHN statuses (delivery_fail, return, cancel,
           lost, ...) are applied as given; add reason codes as status:REASON (delivery_fail:GHN-DFC1A4).
           reweigh:GRAMS[:LxWxH] has GHN re-weigh (and re-measure) the parcel at its hub: GHN's
           update_weight and update_fee callbacks follow (the GHN page's Re-weighing tab).
  --no-wait  do not wait for Medusa to show the change

Examples:
  npm run demo:advance                      newest order: one step on
  npm run demo:advance -- GHNSB12345 picked shipped in Medusa
  npm run demo:advance -- GHNSB12345 delivered
  npm run demo:advance -- GHNSB12345 picked delivering delivery_fail:GHN-DFC1A4    the receiver refused
  npm run demo:advance -- GHNSB12345 reweigh:3200:40x30x20                         re-weighed at the hub
`

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

async function main() {
  const argv = process.argv.slice(2)
  if (argv.includes("--help") || argv.includes("-h")) return void process.stdout.write(HELP)
  const wait = !argv.includes("--no-wait")
  const words = argv.filter((a) => !a.startsWith("--"))
  const settings = demoSettings()
  const state = readState(settings)
  await assertRunning(state)
  const sandbox = (method, path, body) => http(method, `${state.sandboxUrl}${path}`, { body })

  // Which order: a GHN code, a Medusa order id, or the newest one that still moves.
  let code
  let targets = words
  const isStatus = (w) => GHN_STATUSES.includes(w.split(":")[0]) || w.split(":")[0] in ALIASES || w.startsWith("reweigh:")
  if (words.length && !isStatus(words[0])) {
    code = words[0]
    targets = words.slice(1)
  }
  let token
  const admin = async () => ({ authorization: `Bearer ${(token ??= await adminToken(state))}` })
  if (code && code.startsWith("order_")) {
    const res = await http("GET", `${state.medusaUrl}/admin/ghn/orders/${code}/shipments`, { headers: await admin() })
    const list = (res.shipments ?? []).filter((s) => !s.is_return)
    if (!list.length) throw new Error(`order ${code} has no GHN shipment yet: fulfil it first (admin: Fulfill items)`)
    code = list[list.length - 1].order_code
  }
  if (!code) {
    const res = await sandbox("GET", "/_sandbox/orders")
    const orders = (Array.isArray(res) ? res : res.orders ?? []).filter((o) => !TERMINAL.has(o.status))
    orders.sort((a, b) => String(b.created_date).localeCompare(String(a.created_date)))
    if (!orders.length) throw new Error("the sandbox has no GHN order that is still moving: place one (npm run demo:order) and fulfil it in the admin")
    code = orders[0].order_code
  }

  let order = await sandbox("GET", `/_sandbox/orders/${encodeURIComponent(code)}`).catch((error) => {
    if (error.status === 404) throw new Error(`the sandbox has no GHN order ${code}`)
    throw error
  })
  console.log(`GHN order ${code}: ${order.status}${order.client_order_code ? ` (client order code ${order.client_order_code})` : ""}`)

  // The moves: explicit ones, or the next happy-path step.
  if (!targets.length) targets = ["next"]
  const moves = []
  let current = order.status
  for (const raw of targets) {
    if (raw.startsWith("reweigh:")) {
      const [, grams, box] = raw.split(":")
      const [length, width, height] = (box ?? "").split("x").map(Number)
      if (!Number(grams) || (box && ![length, width, height].every((n) => n > 0))) throw new Error(`${raw}: write reweigh:GRAMS or reweigh:GRAMS:LxWxH (cm), e.g. reweigh:3200:40x30x20`)
      moves.push({ reweigh: { weight: Number(grams), ...(box ? { length, width, height } : {}) } })
      continue
    }
    const [name, reason] = raw.split(":")
    const wanted = ALIASES[name] ?? name
    const at = HAPPY_PATH.indexOf(current)
    if (wanted === "next") {
      if (TERMINAL.has(current)) throw new Error(`GHN order ${code} is ${current} already: GHN does not move it any more`)
      if (at < 0) throw new Error(`${code} is ${current}, not on GHN's happy path: name the status to move it to (see --help)`)
      moves.push({ status: HAPPY_PATH[at + 1] })
      current = HAPPY_PATH[at + 1]
      continue
    }
    const to = HAPPY_PATH.indexOf(wanted)
    if (at >= 0 && to > at + 1) {
      for (const s of HAPPY_PATH.slice(at + 1, to + 1)) moves.push({ status: s })
    } else {
      moves.push({ status: wanted, reason_code: reason })
    }
    current = wanted
  }

  // Where the store's log stands now: the shopper's notifications of these moves are written after it.
  const medusaLog = path.join(settings.logsDir, "medusa.log")
  const logFrom = fs.existsSync(medusaLog) ? fs.statSync(medusaLog).size : 0

  for (const move of moves) {
    if (move.reweigh) {
      const res = await sandbox("POST", `/_sandbox/orders/${encodeURIComponent(code)}/weight`, move.reweigh).catch((error) => {
        throw new Error(`the sandbox refused to re-weigh: ${error.body?.error ?? error.message}`)
      })
      const o = res.order ?? res
      console.log(`  re-weighed at GHN's hub: ${o.weight} g${o.length ? `, ${o.length} × ${o.width} × ${o.height} cm` : ""} (update_weight, update_fee)`)
      order = o.order_code ? o : order
      continue
    }
    const res = await sandbox("POST", `/_sandbox/orders/${encodeURIComponent(code)}/status`, move).catch((error) => {
      throw new Error(`the sandbox refused ${move.status}: ${error.body?.error ?? error.message}`)
    })
    const reason = ["delivery_fail", "return_fail", "cancel", "lost", "damage", "exception"].includes(res.status) ? res.order?.reason || "" : ""
    const description = DESCRIPTIONS[res.status] || ""
    console.log(`  ${res.from} → ${res.status}${description ? `  ${description}` : ""}${move.reason_code || reason ? `  [${[move.reason_code, reason].filter(Boolean).join(" ")}]` : ""}`)
    order = res.order ?? order
  }

  // GHN's webhooks reach the store; the plugin applies them asynchronously.
  const flushed = await sandbox("GET", `/_sandbox/webhooks?wait=1&timeout_ms=15000&order_code=${encodeURIComponent(code)}`).catch(() => null)
  const last = flushed?.deliveries?.filter((d) => d.order_code === code).slice(-1)[0]
  if (last) {
    const attempt = last.attempts?.[last.attempts.length - 1]
    console.log(`  webhook ${last.state}${attempt?.status ? ` (store answered ${attempt.status})` : ""} -> ${last.url ?? "no URL"}`)
  }
  if (!wait) return
  const final = current
  let shipment
  let fulfillment
  const deadline = Date.now() + 20_000
  while (Date.now() < deadline) {
    try {
      shipment = (await http("GET", `${state.medusaUrl}/admin/ghn/shipments/${encodeURIComponent(code)}`, { headers: await admin() })).shipment
    } catch (error) {
      if (error.status === 404) {
        console.log(`  Medusa has no GHN shipment ${code} (not created by this store): nothing to watch`)
        return
      }
      throw error
    }
    if (shipment?.order_id) {
      const { order: o } = await http(
        "GET",
        `${state.medusaUrl}/admin/orders/${shipment.order_id}?fields=id,display_id,fulfillments.id,fulfillments.shipped_at,fulfillments.delivered_at,fulfillments.canceled_at`,
        { headers: await admin() }
      )
      fulfillment = (o.fulfillments ?? []).find((f) => f.id === shipment.fulfillment_id)
      fulfillment && (fulfillment.display_id = o.display_id)
    }
    const expectShipped = HAPPY_PATH.indexOf(final) >= HAPPY_PATH.indexOf("picked")
    const settled =
      shipment.status === final &&
      (!fulfillment || final !== "delivered" || fulfillment.delivered_at) &&
      (!fulfillment || !expectShipped || fulfillment.shipped_at)
    if (settled) break
    await sleep(300)
  }
  const where = fulfillment ? `order #${fulfillment.display_id}, fulfilment ${fulfillment.id}` : `fulfilment ${shipment?.fulfillment_id}`
  const medusaState = fulfillment
    ? fulfillment.canceled_at
      ? "canceled"
      : fulfillment.delivered_at
        ? `delivered (${fulfillment.delivered_at})`
        : fulfillment.shipped_at
          ? `shipped (${fulfillment.shipped_at})`
          : "not shipped yet"
    : "unknown"
  console.log(`Medusa (${where}): GHN status ${shipment?.status ?? "?"}, fulfilment ${medusaState}`)
  if (shipment?.status !== final) {
    console.log(`  (Medusa has not applied ${final} yet: see .demo/logs/medusa.log)`)
    process.exitCode = 1
  } else if (!TERMINAL.has(final) && HAPPY_PATH.includes(final)) {
    console.log(`  next: npm run demo:advance -- ${code}${final === "delivering" ? "  (delivered)" : ""}`)
  }
  if (order.cod_amount) console.log(`  COD to collect: ${vnd(order.cod_amount)}`)
  await showNotifications(medusaLog, logFrom, code)
}

/**
 * The shopper's notifications the moves caused, as Medusa's local notification provider wrote them
 * to the store's log (a store sends them through its email provider instead).
 */
async function showNotifications(logFile, from, code) {
  const pattern = /Attempting to send a notification to: '([^']*)' on the channel: '([^']*)' with template: '([^']*)' and data: '(.*)'\s*$/
  const found = () => {
    if (!fs.existsSync(logFile)) return []
    const fd = fs.openSync(logFile, "r")
    const size = fs.fstatSync(fd).size
    const buffer = Buffer.alloc(Math.max(0, size - from))
    fs.readSync(fd, buffer, 0, buffer.length, from)
    fs.closeSync(fd)
    return buffer
      .toString("utf8")
      .split("\n")
      .map((line) => pattern.exec(line))
      .filter((m) => m && m[4].includes(code))
  }
  let lines = found()
  for (let i = 0; i < 10 && !lines.length; i++) {
    await sleep(300)
    lines = found()
  }
  for (const [, to, channel, template, json] of lines) {
    let subject = template
    try {
      subject = JSON.parse(json).subject ?? template
    } catch {}
    console.log(`  shopper notified (${channel} to ${to}, ${template}): ${subject}`)
  }
}

main().catch(fail)
