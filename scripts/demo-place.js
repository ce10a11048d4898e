// A customer's order on the demo store through the store API, as a storefront places it: cart with
// the publishable key, a Vietnamese address, the GHN option with its live quote, cash on delivery
// (Medusa's system payment provider), completion. Shared by demo:order, demo:orders and the demo's
// sample orders.
const { http, vnd } = require("./demo-common")

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

/**
 * Places one order (`heavy`: the 25 kg paint bucket with GHN heavy goods; else a T-shirt and coffee
 * with light goods) for the receiver `to`. `log` is told each step. Answers the order, its quote
 * and the option's name.
 */
async function placeDemoOrder(state, { heavy = false, to = "hcm", log = () => {} } = {}) {
  const customer = RECEIVERS[to]
  if (!customer) throw new Error(`--to ${to ?? "(nothing)"}: not one of ${Object.keys(RECEIVERS).join(", ")}`)
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

  log(`Customer ${customer.last_name} ${customer.first_name}, ${customer.address_1}, ${customer.address_2}, ${customer.city}, ${customer.province}`)
  const { cart } = await api("POST", "/store/carts", {
    region_id: state.regionId,
    sales_channel_id: state.salesChannelId,
    email: "binh.tran@example.vn",
    shipping_address: customer,
    billing_address: customer,
    items,
  })
  log(`  cart ${cart.id}: ${cart.items.map((i) => `${i.quantity} × ${i.product_title ?? i.title}`).join(", ")} = ${vnd(cart.item_total)}`)

  // The storefront lists the options for the cart, then asks for the live GHN quote.
  const { shipping_options: available } = await api("GET", `/store/shipping-options?cart_id=${encodeURIComponent(cart.id)}`)
  if (!available.some((o) => o.id === optionId)) throw new Error(`the GHN option ${optionId} is not offered for this cart (offered: ${available.map((o) => o.name).join(", ")})`)
  const { shipping_option: quoted } = await api("POST", `/store/shipping-options/${optionId}/calculate`, { cart_id: cart.id, data: {} })

  await api("POST", `/store/carts/${cart.id}/shipping-methods`, { option_id: optionId, data: {} })
  const { payment_collection: collection } = await api("POST", "/store/payment-collections", { cart_id: cart.id })
  await api("POST", `/store/payment-collections/${collection.id}/payment-sessions`, { provider_id: "pp_system_default" })
  const completed = await api("POST", `/store/carts/${cart.id}/complete`, {})
  if (completed.type !== "order") throw new Error(`the cart did not complete: ${JSON.stringify(completed.error ?? completed)}`)
  return { order: completed.order, quoted }
}

module.exports = { RECEIVERS, placeDemoOrder }
