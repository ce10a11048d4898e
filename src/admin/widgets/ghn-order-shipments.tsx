import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { Alert, Container } from "@medusajs/ui"
import { Link } from "react-router-dom"
import { isNeedsActionStatus } from "../../lib/status/needs-action"
import { EmptyState, ErrorState, LoadingRows, SectionHeader } from "../components/common"
import { ReceiverHistoryPanel } from "../components/receiver-history"
import { ShipmentCard } from "../components/shipment-card"
import { errorText, useOrderShipments } from "../lib/api"
import { useGhnTranslation } from "../lib/format"
import { isGhnProviderId } from "../../lib/runtime/provider-id"
import type { GhnMethodData } from "../../contracts/fulfillment-data"

/** Whether the order ships with GHN (a shipping method priced by the GHN provider). */
export const shipsWithGhn = (order: AdminOrder) =>
  (order.shipping_methods ?? []).some((method) => {
    const m = method as { data?: Partial<GhnMethodData> | null; shipping_option?: { provider_id?: string | null } | null } | null
    const data = m?.data ?? {}
    return "service_type_id" in data || "ghn_to" in data || isGhnProviderId(m?.shipping_option?.provider_id)
  })

/** The order's GHN shipments: status, timeline, fees, COD and the actions GHN allows now. */
const GhnOrderShipmentsWidget = ({ data: order }: DetailWidgetProps<AdminOrder>) => {
  const { t } = useGhnTranslation()
  const query = useOrderShipments(order.id)
  const shipments = query.data?.shipments ?? []
  const uncancelled = query.data?.uncancelled ?? []

  if (query.isSuccess && !shipments.length && !shipsWithGhn(order)) return null
  const waiting = shipments.filter((s) => isNeedsActionStatus(s.status))

  return (
    <Container className="divide-y p-0" data-testid="ghn-order-widget">
      <SectionHeader title={t("widget.title")} subtitle={shipments.length ? t("widget.subtitle", { count: shipments.length }) : undefined} />
      {query.isLoading ? <LoadingRows /> : null}
      {query.isError ? <ErrorState message={errorText(query.error)} onRetry={() => query.refetch()} /> : null}
      {uncancelled.map((o) => (
        <div key={o.client_order_code} className="px-6 py-4">
          <Alert variant="error" data-testid="ghn-uncancelled">
            {t("widget.uncancelled", { code: o.order_code ?? o.client_order_code, client: o.client_order_code, error: o.error ?? "" })}
          </Alert>
        </div>
      ))}
      {waiting.length ? (
        <div className="px-6 py-4">
          <Alert variant="warning" data-testid="ghn-needs-action-banner">
            {t("queue.banner", { count: waiting.length, codes: waiting.map((s) => s.order_code).join(", ") })}{" "}
            <Link to={`/ghn?tab=action&order_id=${order.id}`} className="text-ui-fg-interactive" data-testid="ghn-needs-action-link">
              {t("queue.bannerLink")}
            </Link>
          </Alert>
        </div>
      ) : null}
      {query.data?.receiver ? <ReceiverHistoryPanel receiver={query.data.receiver} orderId={order.id} /> : null}
      {query.isSuccess && !shipments.length ? <EmptyState title={t("widget.emptyTitle")} description={t("widget.emptyDescription")} /> : null}
      {shipments.map((s) => (
        <ShipmentCard key={s.id} shipment={s} orderId={order.id} />
      ))}
    </Container>
  )
}

export const config = defineWidgetConfig({ zone: "order.details", id: "medusa-fulfillment-ghn:order-shipments" })

export default GhnOrderShipmentsWidget
