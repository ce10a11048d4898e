/**
 * A storefront's checkout step, as small as it gets: the GHN address fields, the GHN quote with
 * its delivery estimate, and the order. Medusa is reached through @medusajs/js-sdk, the kit's
 * client through the SDK's client.fetch. The page's query: api, key, cart, option, model, locale,
 * saved (show the cart's address as saved), address (a customer's saved address, JSON); or track=1 with email and number: a guest's order
 * tracking, refreshed every half second.
 */
import Medusa from "@medusajs/js-sdk"
import { useMemo, useState } from "react"
import { createRoot } from "react-dom/client"
import { createGhnStoreClient, GhnAddressFields as AddressFields, ghnErrorMessage, modelOfSaved, SavedAddress, savedAddressChoiceOf, ShopperLocale } from "../../../src/storefront"
import { GhnAddressFields, GhnDeliveryEstimate, GhnOrderTracking, GhnSavedAddressChoice } from "../../../src/storefront/react"

const query = new URLSearchParams(location.search)
const locale = (query.get("locale") ?? "vi") as ShopperLocale
const model = query.get("model") === "new" ? "new" : "legacy"
const cartId = query.get("cart")!
const optionId = query.get("option")!
const sdk = new Medusa({ baseUrl: query.get("api")!, publishableKey: query.get("key")!, globalHeaders: { "accept-language": locale } })

function Checkout({ saved }: { saved?: SavedAddress }) {
  const client = useMemo(() => createGhnStoreClient(sdk.client.fetch.bind(sdk.client)), [])
  const [fields, setFields] = useState<AddressFields>()
  // A saved address that needs its customer's choice: the fields chosen replace it in the picker.
  const [chosen, setChosen] = useState<AddressFields>()
  const [street, setStreet] = useState(saved && savedAddressChoiceOf(saved) ? ((saved as { address_1?: string }).address_1 ?? "") : "")
  const [addressId, setAddressId] = useState<string>()
  const [quote, setQuote] = useState<number>()
  const [orderId, setOrderId] = useState<string>()
  const [error, setError] = useState<string>()

  const run = (step: () => Promise<void>) => () => {
    setError(undefined)
    step().catch((failure: unknown) => setError(ghnErrorMessage(failure, locale)))
  }

  const saveAddress = run(async () => {
    if (!fields) return
    const { cart } = await sdk.store.cart.update(cartId, {
      shipping_address: { first_name: "An", last_name: "Nguyễn Văn", address_1: street, phone: "0912345678", country_code: "vn", ...fields },
    })
    setAddressId(cart.shipping_address?.id)
    const { shipping_option } = await sdk.store.fulfillment.calculate(optionId, { cart_id: cartId, data: {} })
    setQuote(shipping_option.amount)
  })

  const placeOrder = run(async () => {
    await sdk.store.cart.addShippingMethod(cartId, { option_id: optionId, data: {} })
    const { cart } = await sdk.store.cart.retrieve(cartId)
    await sdk.store.payment.initiatePaymentSession(cart, { provider_id: "pp_system_default" })
    const done = await sdk.store.cart.complete(cartId)
    if (done.type !== "order") throw new Error(done.error?.message ?? "the cart did not complete")
    setOrderId(done.order.id)
  })

  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <GhnSavedAddressChoice address={chosen ? undefined : saved} locale={locale} onChoose={(picked) => (setChosen(picked), setFields(picked))} />
      <GhnAddressFields
        key={chosen ? JSON.stringify(chosen.metadata) : "saved"}
        client={client}
        model={chosen ? modelOfSaved(chosen) : model}
        locale={locale}
        value={chosen ?? saved}
        onChange={setFields}
      />
      <label>
        {locale === "vi" ? "Số nhà, đường" : "Street"}
        <input value={street} onChange={(event) => setStreet(event.target.value)} />
      </label>
      <button type="button" disabled={!fields || !street} onClick={saveAddress}>
        {locale === "vi" ? "Lưu địa chỉ" : "Save address"}
      </button>
      {quote !== undefined && (
        <p data-testid="quote" data-amount={quote}>
          GHN: {quote.toLocaleString("vi-VN")} ₫ <GhnDeliveryEstimate client={client} cartId={cartId} optionId={optionId} locale={locale} addressKey={addressId} />
        </p>
      )}
      <button type="button" disabled={quote === undefined} onClick={placeOrder}>
        {locale === "vi" ? "Đặt hàng" : "Place order"}
      </button>
      {orderId && <p data-testid="order">{orderId}</p>}
      {error && <p role="alert">{error}</p>}
    </form>
  )
}

function Tracking() {
  const client = useMemo(() => createGhnStoreClient(sdk.client.fetch.bind(sdk.client)), [])
  return <GhnOrderTracking client={client} guest={{ email: query.get("email")!, order_number: Number(query.get("number")) }} locale={locale} refreshMs={500} />
}

// With `saved`, the cart's address as saved is shown picked again (a returning shopper).
const saved = query.has("address")
  ? Promise.resolve(JSON.parse(query.get("address")!) as SavedAddress)
  : query.has("saved") ? sdk.store.cart.retrieve(cartId, { fields: "+shipping_address.metadata" }).then(({ cart }) => cart.shipping_address ?? undefined) : Promise.resolve(undefined)
if (query.has("track")) createRoot(document.getElementById("root")!).render(<Tracking />)
else saved.then((address) => createRoot(document.getElementById("root")!).render(<Checkout saved={address} />))
