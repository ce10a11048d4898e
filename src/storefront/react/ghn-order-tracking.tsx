import type { GhnParcelTracking } from "../client"
import { formatExpectedDay, formatTrackingTime, formatVnd, LABELS, type ShopperLocale } from "../messages"
import { useGhnOrderTracking, type UseGhnOrderTrackingOptions } from "./use-ghn-order-tracking"

function Parcel({ parcel, locale }: { parcel: GhnParcelTracking; locale: ShopperLocale }) {
  const t = LABELS[locale]
  return (
    <section className="ghn-parcel" data-ghn-parcel={parcel.order_code} data-ghn-step={parcel.step}>
      <h3 className="ghn-parcel-status">{parcel.label}</h3>
      {parcel.reason && <p className="ghn-parcel-reason">{parcel.reason}</p>}
      <p className="ghn-parcel-code">
        {t.parcel}: <a href={parcel.tracking_url} target="_blank" rel="noreferrer">{parcel.order_code}</a> ({t.trackOnGhn})
      </p>
      {parcel.expected_delivery && (
        <p className="ghn-parcel-expected">
          {t.expected}: {formatExpectedDay(parcel.expected_delivery, locale)}
        </p>
      )}
      {!!parcel.cod_amount && parcel.cod_amount > 0 && <p className="ghn-parcel-cash" data-ghn-cash={parcel.cod_amount}>{t.cash(formatVnd(parcel.cod_amount, locale))}</p>}
      <ol className="ghn-timeline" aria-label={t.timeline}>
        {parcel.timeline.map((entry) => (
          <li key={`${entry.step}-${entry.at}`} data-ghn-step={entry.step}>
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
 * or a guest's `{ email, order_number }`.
 */
export function GhnOrderTracking(props: UseGhnOrderTrackingOptions & { className?: string }) {
  const locale = props.locale ?? "vi"
  const { tracking, error } = useGhnOrderTracking(props)
  if (error) return <p role="alert">{error}</p>
  if (!tracking) return null
  return (
    <div className={props.className ?? "ghn-order-tracking"} data-ghn-tracking="">
      {tracking.parcels.length ? tracking.parcels.map((p) => <Parcel key={p.order_code} parcel={p} locale={locale} />) : <p>{LABELS[locale].noParcel}</p>}
    </div>
  )
}
