/**
 * Class names a host passes to fit the kit's components to its own look (e.g. the Next.js
 * starter's Tailwind classes). Each is added to the kit's own `ghn-*` class, which the optional
 * stylesheet (medusa-fulfillment-ghn/storefront/styles.css) styles and tests select.
 */
export type GhnFieldClassNames = {
  /** a level's box: its input, label and list (the starter's floating label needs it `relative`) */
  field?: string
  label?: string
  /** the mark of a required level after its label's text (`*`; the starter's is "text-rose-500") */
  required?: string
  input?: string
  /** the open list of matches */
  list?: string
  option?: string
  /** a level whose list failed to load (with its retry button), or a required level left empty */
  error?: string
}

/** Class names of the parts of a message with candidate buttons (GhnShippingError, GhnSavedAddressChoice). */
export type GhnMessageClassNames = {
  root?: string
  text?: string
  list?: string
  button?: string
}

/** Class names of the order tracking's parts. */
export type GhnTrackingClassNames = {
  root?: string
  parcel?: string
  /** the parcel's step, a heading */
  status?: string
  /** each line of text: reason, GHN's code and link, expected delivery, cash to prepare */
  text?: string
  link?: string
  timeline?: string
  item?: string
  error?: string
}

/** The kit's class and the host's, as one `className`. */
export const withClass = (own: string, host: string | undefined) => (host ? `${own} ${host}` : own)
