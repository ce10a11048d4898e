import type { GhnParcelTracking } from "../client"
import { formatExpectedDay, formatTrackingTime, formatVnd, LABELS, type ShopperLocale } from "../messages"
import { type GhnTrackingClassNames, withClass } from "./class-names"
import { useGhnOrderTracking, type UseGhnOrderTrackingOptions } from "./use-ghn-order-tracking"

function Parcel({ parcel, locale, classNames }: { parcel: GhnParcelTracking; locale: ShopperLocale; classNames: GhnTrackingClassNames }) {
  const t = LABELS[locale]
  const text = (own: string) => withClass(own, classNames.text)
  return (
    <section className={withClass("ghn-parcel", classNames.parcel)} data-ghn-parcel={parcel.order_code} data-ghn-step={parcel.step}>
      <h3 className={withClass("ghn-parcel-status", classNames.status)}>{parcel.label}</h3>
      {parcel.reason && <p className={text("ghn-parcel-reason")}>{parcel.reason}</p>}
      <p className={text("ghn-parcel-code")}>
        {t.parcel}:{" "}
        <a href={parcel.tracking_url} target="_blank" rel="noreferrer" className={classNames.link}>
          {parcel.order_code}
        </a>{" "}
        ({t.trackOnGhn})
      </p>
      {parcel.expected_delivery && (
        <p className={text("ghn-parcel-expected")}>
          {t.expected}: {formatExpectedDay(parcel.expected_delivery, locale)}
        </p>
      )}
      {!!parcel.cod_amount && parcel.cod_amount > 0 && (
        <p className={text("ghn-parcel-cash")} data-ghn-cash={parcel.cod_amount}>
          {t.cash(formatVnd(parcel.cod_amount, locale))}
        </p>
      )}
      <ol className={withClass("ghn-timeline", classNames.timeline)} aria-label={t.timeline}>
        {parcel.timeline.map((entry) => (
          <li key={`${entry.step}-${entry.at}`} data-ghn-step={entry.step} className={classNames.item}>
            <time dateTime={entry.at}>{formatTrackingTime(entry.at, locale)}</time> {entry.label}
            {entry.reason ? ` (${entry.reason})` : ""}
          </li>
        ))}
      </ol>
    </section>
  )
}

/**
 * An order's GHN parcels as a timeline: where each parcel is, the expected delivery, the cash to
 * prepare and GHN's tracking link, refreshed while shown. Give a logged-in customer's `orderId`,
 * or a guest's `{ email, order_number }`. Without a `locale`, the kit's words follow the language
 * the store API answered in (the steps' names are in it), Vietnamese until it has answered.
 */
export function GhnOrderTracking(props: UseGhnOrderTrackingOptions & { className?: string; classNames?: GhnTrackingClassNames }) {
  const { tracking, error } = useGhnOrderTracking(props)
  const locale = props.locale ?? tracking?.locale ?? "vi"
  const classNames = props.classNames ?? {}
  if (error) return <p role="alert" className={withClass("ghn-tracking-error", classNames.error)}>{error}</p>
  if (!tracking) return null
  return (
    <div className={withClass("ghn-order-tracking", props.className ?? classNames.root)} data-ghn-tracking="">
      {tracking.parcels.length ? (
        tracking.parcels.map((p) => <Parcel key={p.order_code} parcel={p} locale={locale} classNames={classNames} />)
      ) : (
        <p className={withClass("ghn-tracking-none", classNames.text)}>{LABELS[locale].noParcel}</p>
      )}
    </div>
  )
}
