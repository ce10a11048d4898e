/** A price quoted while GHN was down (option `outageFallback`, src/lib/runtime/outage-fallback.ts). */
export type FallbackPrice = {
  amount: number
  /** `last_quote`: GHN's own fee for this route and parcel, `quoted_at`; `flat`: the option's flat amount. */
  source: "last_quote" | "flat"
  quoted_at: string | null
}
