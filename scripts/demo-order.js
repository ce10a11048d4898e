#!/usr/bin/env node
// `npm run demo:order`: a customer orders from the demo store through the store API, as a
// storefront would: cart with the publishable key, a Vietnamese address in Hồ Chí Minh, the GHN
// option with its live quote, cash on delivery (Medusa's system payment provider), completion.
//
//   npm run demo:order                 a T-shirt and coffee, GHN light goods
//   npm run demo:order -- --heavy      a 25 kg paint bucket, GHN heavy goods
//   npm run demo:order -- --fulfil     then fulfils it through the admin API (GHN order + label)
//   npm run demo:order -- --json       prints the result as JSON (for scripts and tests)
//   npm run demo:order -- --to hanoi   a receiver in Hà Nội (hcm, hanoi, danang, cantho)
const { demoSettings, readState, http, adminToken, assertRunning, vnd, fail } = require("./demo-common")
const { RECEIVERS, placeDemoOrder } = require("./demo-place")

const HELP = `npm run demo:order [-- --heavy] [-- --fulfil] [-- --json] [-- --to hcm|hanoi|danang|cantho]

Places an order on the running demo store (start it with npm run demo) through the store API:
cart, address in Hồ Chí Minh, GHN shipping with its live quote, cash on delivery, completion.

  --heavy    order the 25 kg paint bucket with GHN heavy goods (service type 5)
  --fulfil   also fulfil it through the admin API: GHN creates its order, the label appears
  --json     print the result as JSON
  --to       where the receiver lives: hcm (default), hanoi, danang or cantho
`

async function main() {
  const argv = process.argv.slice(2)
  const toAt = argv.indexOf("--to")
  const to = toAt >= 0 ? argv.splice(toAt, 2)[1] : "hcm"
  for (const a of argv) if (!["--heavy", "--fulfil", "--fulfill", "--json", "--help", "-h"].includes(a)) throw new Error(`unknown option ${a}\n\n${HELP}`)
  if (argv.includes("--help") || argv.includes("-h")) return void process.stdout.write(HELP)
  if (!RECEIVERS[to]) throw new Error(`--to ${to ?? "(nothing)"}: not one of ${Object.keys(RECEIVERS).join(", ")}`)
  const heavy = argv.includes("--heavy")
  const fulfil = argv.includes("--fulfil") || argv.includes("--fulfill")
  const json = argv.includes("--json")
  const log = (line = "") => !json && process.stdout.write(`${line}\n`)

  const settings = demoSettings()
  const state = readState(settings)
  await assertRunning(state)
  const { order, quoted } = await placeDemoOrder(state, { heavy, to, log })
  log(`  ${quoted.name}: GHN quotes ${vnd(quoted.amount)}`)
  const shipping = order.shipping_methods?.[0]
  const result = {
    order_id: order.id,
    display_id: order.display_id,
    total: order.total,
    shipping_option: quoted.name,
    quote: quoted.amount,
    shipping_total: order.shipping_total ?? shipping?.amount,
    payment: "cash on delivery (pp_system_default)",
    admin_url: `${state.adminUrl}/orders/${order.id}`,
  }
  log("")
  log(`Order #${order.display_id} placed: ${order.id}`)
  log(`  total ${vnd(order.total)} (shipping ${vnd(result.shipping_total)}, GHN quote ${vnd(quoted.amount)}), paid cash on delivery`)
  if (state.adminEnabled !== false) log(`  admin: ${result.admin_url}`)

  if (fulfil) {
    const token = await adminToken(state)
    const admin = { authorization: `Bearer ${token}` }
    const { order: full } = await http(
      "GET",
      `${state.medusaUrl}/admin/orders/${order.id}?fields=id,*items`,
      { headers: admin }
    )
    await http("POST", `${state.medusaUrl}/admin/orders/${order.id}/fulfillments`, {
      headers: admin,
      body: { location_id: state.stockLocationId, items: full.items.map((i) => ({ id: i.id, quantity: i.quantity })) },
    })
    const { order: after } = await http(
      "GET",
      `${state.medusaUrl}/admin/orders/${order.id}?fields=id,fulfillments.id,fulfillments.data,fulfillments.labels.*`,
      { headers: admin }
    )
    const f = after.fulfillments?.[after.fulfillments.length - 1]
    const label = f?.labels?.[0]
    result.fulfillment_id = f?.id
    result.ghn_order_code = f?.data?.order_code ?? label?.tracking_number
    result.label_url = label?.label_url?.startsWith("/") ? `${state.medusaUrl}${label.label_url}` : label?.label_url
    result.tracking_url = label?.tracking_url
    log("")
    log(`Fulfilled: GHN order ${result.ghn_order_code} (fee ${vnd(f?.data?.total_fee ?? 0)})`)
    log(`  label: ${result.label_url}  (opens in the admin, logged in)`)
    log(`  next:  npm run demo:advance -- ${result.ghn_order_code}`)
  } else {
    log(`  next:  fulfil it in the admin (Fulfill items), or npm run demo:order -- --fulfil next time`)
  }
  if (json) process.stdout.write(JSON.stringify(result, null, 2) + "\n")
}

main().catch(fail)
