import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { Plus } from "@medusajs/icons"
import { Button, Container } from "@medusajs/ui"
import { useState } from "react"
import { EmptyState, ErrorState, LoadingRows, SectionHeader } from "../components/common"
import { CreateTicketDrawer, TicketDrawer, TicketList } from "../components/tickets"
import { errorText, useOrderShipments, useTickets } from "../lib/api"
import { useGhnTranslation } from "../lib/format"

/** GHN support tickets of the order's GHN orders: list (waiting-for-reply first), create, read and reply. */
const GhnOrderTicketsWidget = ({ data: order }: DetailWidgetProps<AdminOrder>) => {
  const { t } = useGhnTranslation()
  const shipments = useOrderShipments(order.id)
  const codes = (shipments.data?.shipments ?? []).map((s) => s.order_code)
  const tickets = useTickets({ order_id: order.id, refresh: "true", limit: 50 }, codes.length > 0)
  const [creating, setCreating] = useState(false)
  const [openId, setOpenId] = useState<number | null>(null)

  if (!codes.length) return null
  const list = tickets.data?.tickets ?? []
  const waiting = list.filter((x) => x.waiting_for_reply).length

  return (
    <Container className="divide-y p-0" data-testid="ghn-tickets-widget">
      <SectionHeader
        title={t("tickets.title")}
        subtitle={waiting ? t("tickets.waitingCount", { count: waiting }) : t("tickets.subtitle")}
        actions={
          <Button size="small" variant="secondary" onClick={() => setCreating(true)} data-testid="ghn-ticket-new">
            <Plus />
            {t("tickets.new")}
          </Button>
        }
      />
      {tickets.isLoading ? <LoadingRows rows={2} /> : null}
      {tickets.isError ? <ErrorState message={errorText(tickets.error)} onRetry={() => tickets.refetch()} /> : null}
      {tickets.isSuccess && !list.length ? <EmptyState title={t("tickets.emptyTitle")} description={t("tickets.emptyDescription")} /> : null}
      {list.length ? <TicketList tickets={list} onOpen={setOpenId} /> : null}
      {creating ? (
        <CreateTicketDrawer open={creating} onOpenChange={setCreating} orderCodes={codes} orderId={order.id} onCreated={(ticket) => setOpenId(ticket.ticket_id)} />
      ) : null}
      <TicketDrawer ticketId={openId} onOpenChange={(open) => !open && setOpenId(null)} orderId={order.id} />
    </Container>
  )
}

export const config = defineWidgetConfig({ zone: "order.details", id: "medusa-fulfillment-ghn:order-tickets" })

export default GhnOrderTicketsWidget
