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

const HELP = `npm run demo:order [-- --heavy] [-- --fulfil] [-- --json] [-- --to hcm|hanoi|danang|cantho]

Places an order on the running demo store (start it with npm run demo) through the store API:
cart, address in Hồ Chí Minh, GHN shipping with its live quote, cash on delivery, completion.

  --heavy    order the 25 kg paint bucket with GHN heavy goods (service type 5)
  --fulfil   also fulfil it through the admin API: GHN creates its order, the label appears
  --json     print the result as JSON
  --to       where the receiver lives: hcm (default), hanoi, danang or cantho
`

/** A receiver the GHN sandbox (and GHN) knows: Phường Bến Thành, Quận 1, Hồ Chí Minh. */
const HCM = {
  first_name: "Bình",
  last_name: "Trần Thị",
  address_1: "135 Nam Kỳ Khởi Nghĩa",
  address_2: "Phường Bến Thành",
  city: "Quận 1",
  province: "Hồ Chí Minh",
  postal_code: "700000",
  country_code: "vn",
  phone: "0912345678",
}

/** Receivers in other provinces (`--to`), at addresses GHN knows, so the sample parcels spread over the map. */
const RECEIVERS = {
  hcm: HCM,
  hanoi: { ...HCM, first_name: "Lan", last_name: "Nguyễn Thị", address_1: "24 Tràng Tiền", address_2: "Phường Tràng Tiền", city: "Quận Hoàn Kiếm", province: "Hà Nội", postal_code: "100000", phone: "0987654321" },
  danang: { ...HCM, first_name: "Minh", last_name: "Lê Văn", address_1: "12 Bạch Đằng", address_2: "Phường Thạch Thang", city: "Quận Hải Châu", province: "Đà Nẵng", postal_code: "550000", phone: "0905123456" },
  cantho: { ...HCM, first_name: "Hùng", last_name: "Phạm Quốc", address_1: "8 Mậu Thân", address_2: "Phường An Hòa", city: "Quận Ninh Kiều", province: "Cần Thơ", postal_code: "900000", phone: "0939123456" },
}

async function main() {
  const argv = process.argv.slice(2)
  const toAt = argv.indexOf("--to")
  const to = toAt >= 0 ? argv.splice(toAt, 2)[1] : "hcm"
  for (const a of argv) if (!["--heavy", "--fulfil", "--fulfill", "--json", "--help", "-h"].includes(a)) throw new Error(`unknown option ${a}\n\n${HELP}`)
  if (argv.includes("--help") || argv.includes("-h")) return void process.stdout.write(HELP)
  const CUSTOMER = RECEIVERS[to]
  if (!CUSTOMER) throw new Error(`--to ${to ?? "(nothing)"}: not one of ${Object.keys(RECEIVERS).join(", ")}`)
  const heavy = argv.includes("--heavy")
  const fulfil = argv.includes("--fulfil") || argv.includes("--fulfill")
  const json = argv.includes("--json")
  const log = (line = "") => !json && process.stdout.write(`${line}\n`)

  const settings = demoSettings()
  const state = readState(settings)
  await assertRunning(state)
  const store = { "x-publishable-api-key": state.publishableKey }
  const api = (method, path, body) => http(method, `${state.medusaUrl}${path}`, { body, headers: store })

  const items = heavy
    ? [{ variant_id: state.variants["SON-25KG-TRANG"], quantity: 1 }]
    : [
        { variant_id: state.variants["AO-THUN-M"], quantity: 2 },
        { variant_id: state.variants["CA-PHE-1KG"], quantity: 1 },
      ]
  if (items.some((i) => !i.variant_id)) throw new Error("the demo's products are missing from .demo/demo.json: restart npm run demo")
  const optionId = heavy ? state.shippingOptions.ghnHeavy : state.shippingOptions.ghnLight

  log(`Customer ${CUSTOMER.last_name} ${CUSTOMER.first_name}, ${CUSTOMER.address_1}, ${CUSTOMER.address_2}, ${CUSTOMER.city}, ${CUSTOMER.province}`)
  const { cart } = await api("POST", "/store/carts", {
    region_id: state.regionId,
    sales_channel_id: state.salesChannelId,
    email: "binh.tran@example.vn",
    shipping_address: CUSTOMER,
    billing_address: CUSTOMER,
    items,
  })
  log(`  cart ${cart.id}: ${cart.items.map((i) => `${i.quantity} × ${i.product_title ?? i.title}`).join(", ")} = ${vnd(cart.item_total)}`)

  // The storefront lists the options for the cart, then asks for the live GHN quote.
  const { shipping_options: available } = await api("GET", `/store/shipping-options?cart_id=${encodeURIComponent(cart.id)}`)
  const option = available.find((o) => o.id === optionId)
  if (!option) throw new Error(`the GHN option ${optionId} is not offered for this cart (offered: ${available.map((o) => o.name).join(", ")})`)
  const { shipping_option: quoted } = await api("POST", `/store/shipping-options/${optionId}/calculate`, { cart_id: cart.id, data: {} })
  log(`  ${quoted.name}: GHN quotes ${vnd(quoted.amount)}`)

  await api("POST", `/store/carts/${cart.id}/shipping-methods`, { option_id: optionId, data: {} })
  const { payment_collection: collection } = await api("POST", "/store/payment-collections", { cart_id: cart.id })
  await api("POST", `/store/payment-collections/${collection.id}/payment-sessions`, { provider_id: "pp_system_default" })
  const completed = await api("POST", `/store/carts/${cart.id}/complete`, {})
  if (completed.type !== "order") throw new Error(`the cart did not complete: ${JSON.stringify(completed.error ?? completed)}`)
  const order = completed.order
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
