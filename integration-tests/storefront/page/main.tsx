/**
 * A storefront's checkout step, as small as it gets: the GHN address fields, the GHN quote with
 * its delivery estimate, and the order. Medusa is reached through @medusajs/js-sdk, the kit's
 * client through the SDK's client.fetch. The page's query: api, key, cart, option, model, locale,
 * saved (show the cart's address as saved), address (a customer's saved address, JSON); or track=1 with email and number: a guest's order
 * tracking, refreshed every half second. With look=starter: the three steps of the Next.js starter's
 * checkout as docs/storefront.md wires them (its classes, Tailwind as the starter runs it); with
 * look=kit, the same with the kit's own stylesheet.
 */
import Medusa from "@medusajs/js-sdk"
import { useMemo, useState } from "react"
import { createRoot } from "react-dom/client"
import {
  createGhnStoreClient, fetchTransport, GhnAddressFields as AddressFields, ghnErrorMessage, type GhnStoreErrorBody, isGhnOption, modelOfSaved,
  partitionGhnOptions, SavedAddress, savedAddressChoiceOf, ShopperLocale, storeErrorBody,
} from "../../../src/storefront"
import {
  GhnAddressFields, GhnDeliveryEstimate, type GhnFieldClassNames, GhnOrderTracking, GhnSavedAddressChoice, GhnShippingError, type GhnTrackingClassNames,
} from "../../../src/storefront/react"

/** docs/storefront.md's `ghnFieldClassNames` and `ghnTrackingClassNames` (step 3), put in by vite.config.mjs. */
declare const __GUIDE_FIELD_CLASSES__: GhnFieldClassNames
declare const __GUIDE_TRACKING_CLASSES__: GhnTrackingClassNames

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

/** The starter's Input (src/modules/common/components/input): input first, its floating label after. */
function StarterInput({ label, value, onChange, required }: { label: string; value: string; onChange: (value: string) => void; required?: boolean }) {
  return (
    <div className="flex flex-col w-full">
      <div className="flex relative z-0 w-full txt-compact-medium">
        <input
          id={label}
          placeholder=" "
          required={required}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className="pt-4 pb-1 block w-full h-11 px-4 mt-0 bg-ui-bg-field border rounded-md appearance-none focus:outline-none focus:ring-0 focus:shadow-borders-interactive-with-active border-ui-border-base hover:bg-ui-bg-field-hover"
        />
        <label htmlFor={label} className="flex items-center justify-center mx-3 px-1 transition-all absolute duration-300 top-3 -z-1 origin-0 text-ui-fg-subtle">
          {label}
          {required && <span className="text-rose-500">*</span>}
        </label>
      </div>
    </div>
  )
}

type CartOption = { id: string; name: string; provider_id?: string | null; price_type?: string; amount?: number | null }

/**
 * The starter's checkout as docs/storefront.md wires it: the address step (steps 3 and 4), the
 * delivery step listing only the options the cart can use with GHN's estimate (steps 6 and 7),
 * and the confirmed order with its GHN tracking (step 9, a guest's).
 */
function StarterCheckout({ kitLook }: { kitLook: boolean }) {
  const client = useMemo(() => createGhnStoreClient(sdk.client.fetch.bind(sdk.client)), [])
  // Step 6: the quote through fetchTransport, its error kept as plain data.
  const quote = useMemo(() => fetchTransport({ baseUrl: query.get("api")!, publishableKey: query.get("key")!, locale }), [])
  const [fields, setFields] = useState<AddressFields>()
  const [street, setStreet] = useState("")
  const [addressId, setAddressId] = useState<string>()
  const [options, setOptions] = useState<CartOption[]>()
  const [prices, setPrices] = useState<Record<string, number>>({})
  const [errors, setErrors] = useState<Record<string, GhnStoreErrorBody>>({})
  const [chosen, setChosen] = useState<string>()
  const [order, setOrder] = useState<{ email: string; display_id: number }>()
  const [error, setError] = useState<string>()
  // Submissions the browser let through (every required field filled).
  const [submitted, setSubmitted] = useState(0)
  const classNames = kitLook ? {} : __GUIDE_FIELD_CLASSES__

  const saveAddress = async () => {
    if (!fields) return
    setError(undefined)
    try {
      const { cart } = await sdk.store.cart.update(cartId, {
        shipping_address: { first_name: "An", last_name: "Nguyễn Văn", address_1: street, phone: "0912345678", country_code: "vn", ...fields },
      })
      setAddressId(cart.shipping_address?.id)
      const { shipping_options } = await sdk.store.fulfillment.listCartOptions({ cart_id: cartId })
      const listed = shipping_options as unknown as CartOption[]
      const answers = await Promise.all(
        listed
          .filter((option) => option.price_type === "calculated")
          .map((option) =>
            quote<{ shipping_option: { id: string; amount: number } }>(`/store/shipping-options/${option.id}/calculate`, { method: "POST", body: { cart_id: cartId, data: {} } }).then(
              ({ shipping_option }) => ({ id: option.id, amount: shipping_option.amount }),
              (failure: unknown) => ({ id: option.id, error: storeErrorBody(failure) })
            )
          )
      )
      setPrices(Object.fromEntries(answers.flatMap((a) => ("amount" in a ? [[a.id, a.amount]] : []))))
      setErrors(Object.fromEntries(answers.flatMap((a) => ("error" in a ? [[a.id, a.error]] : []))))
      setOptions(listed)
    } catch (failure) {
      setError(ghnErrorMessage(failure, locale))
    }
  }

  const placeOrder = async () => {
    setError(undefined)
    try {
      await sdk.store.cart.addShippingMethod(cartId, { option_id: chosen!, data: {} })
      const { cart } = await sdk.store.cart.retrieve(cartId)
      await sdk.store.payment.initiatePaymentSession(cart, { provider_id: "pp_system_default" })
      const done = await sdk.store.cart.complete(cartId)
      if (done.type !== "order") throw new Error(done.error?.message ?? "the cart did not complete")
      setOrder({ email: done.order.email!, display_id: done.order.display_id! })
    } catch (failure) {
      setError(ghnErrorMessage(failure, locale))
    }
  }

  const { options: usable, reason } = partitionGhnOptions(options ?? [], errors)
  const money = (amount: number) => `${amount.toLocaleString("vi-VN")} ₫`

  if (order) {
    return (
      <main className="max-w-2xl mx-auto p-8 flex flex-col gap-4 bg-white" data-testid="confirmed">
        <h1 className="text-2xl-semi">Cảm ơn bạn! Đơn hàng #{order.display_id} đã được đặt.</h1>
        <h2 className="txt-compact-medium-plus">Giao hàng</h2>
        <GhnOrderTracking client={client} guest={{ email: order.email, order_number: order.display_id }} locale={locale} refreshMs={500} classNames={kitLook ? {} : __GUIDE_TRACKING_CLASSES__} />
      </main>
    )
  }
  return (
    <main className="max-w-2xl mx-auto p-8 flex flex-col gap-8 bg-white">
      {/* The starter's address step is a form: its required fields (the pickers too) stop an incomplete submission. */}
      <form
        data-testid="address-step"
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault()
          setSubmitted((n) => n + 1)
          saveAddress()
        }}
      >
        <h2 className="text-2xl-semi">Địa chỉ giao hàng</h2>
        <div className="grid grid-cols-2 gap-4">
          <StarterInput label="Số nhà, tên đường" value={street} onChange={setStreet} required />
          <StarterInput label="Số điện thoại" value="0912345678" onChange={() => {}} />
          <GhnAddressFields
            client={client}
            locale={locale}
            onChange={setFields}
            className={kitLook ? "col-span-2" : "contents"}
            classNames={classNames}
            floatingLabels={!kitLook}
            required
          />
        </div>
        <button type="submit" className="self-start h-10 px-4 rounded-md bg-ui-fg-base text-white txt-compact-medium disabled:opacity-50" data-submitted={submitted}>
          Lưu địa chỉ
        </button>
      </form>
      {options && (
        <section data-testid="delivery-step" className="flex flex-col gap-2">
          <h2 className="text-2xl-semi">Giao hàng</h2>
          {usable.map((option) => (
            <label
              key={option.id}
              data-option={option.id}
              className={`flex items-center justify-between text-small-regular cursor-pointer py-4 border rounded-rounded px-8 ${chosen === option.id ? "border-ui-border-interactive" : ""}`}
            >
              <span className="flex items-center gap-x-4">
                <input type="radio" name="option" value={option.id} checked={chosen === option.id} onChange={() => setChosen(option.id)} />
                <span className="flex flex-col">
                  <span className="text-base-regular">{option.name}</span>
                  {isGhnOption(option) && prices[option.id] !== undefined && (
                    <GhnDeliveryEstimate client={client} cartId={cartId} optionId={option.id} locale={locale} addressKey={addressId} className="text-small-regular text-ui-fg-subtle" />
                  )}
                  {errors[option.id] && <GhnShippingError error={errors[option.id]} locale={locale} classNames={{ root: "text-small-regular text-ui-fg-error" }} />}
                </span>
              </span>
              <span className="text-ui-fg-base" data-price>
                {option.price_type === "flat" ? money(option.amount ?? 0) : prices[option.id] !== undefined ? money(prices[option.id]) : "-"}
              </span>
            </label>
          ))}
          {reason !== undefined && <GhnShippingError error={reason} locale={locale} classNames={{ root: "text-small-regular text-ui-fg-error" }} />}
          <button type="button" className="self-start h-10 px-4 rounded-md bg-ui-fg-base text-white txt-compact-medium disabled:opacity-50" disabled={!chosen} onClick={placeOrder}>
            Đặt hàng
          </button>
        </section>
      )}
      {error && <p role="alert">{error}</p>}
    </main>
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
const look = query.get("look")
if (look === "starter") import("./starter.css").then(() => createRoot(document.getElementById("root")!).render(<StarterCheckout kitLook={false} />))
else if (look === "kit") import("../../../src/storefront/styles.css").then(() => createRoot(document.getElementById("root")!).render(<StarterCheckout kitLook />))
else if (query.has("track")) createRoot(document.getElementById("root")!).render(<Tracking />)
else saved.then((address) => createRoot(document.getElementById("root")!).render(<Checkout saved={address} />))
