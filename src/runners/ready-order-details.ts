import type { FulfillmentDataRead } from "../contracts/fulfillment-data"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { AddressResolutionError, type AddressInput } from "../lib/address/address-resolver"
import { codToCollect, orderFiguresProblem } from "../lib/cod/cod"
import { linesFromOrderItems } from "../lib/parcel/order-body"
import { buildParcel, ParcelError, serviceTypeFor } from "../lib/parcel/parcel"
import type { QueryGraph } from "../lib/runtime/query-graph"
import { GHN_MODULE } from "../modules/ghn"
import type { ReadyOrderRow } from "../modules/ghn/repositories/ready-to-ship"
import type GhnModuleService from "../modules/ghn/service"
import type { ReadyOrder, ReadyProblem } from "../lib/shipping-run/ready-to-ship"
import { stockShortfalls, type StockReservation } from "../lib/shipping-run/stock"
import { codLedgerOf, orderFiguresOf } from "../workflows/utils/cod-checks"
import { definedOnly, ORDER_FIELDS, orderNumberOf, type OrderRow } from "../workflows/utils/order-rows"

type ItemState = {
  id: string
  title?: string | null
  quantity: unknown
  requires_shipping?: boolean | null
  detail?: { fulfilled_quantity?: unknown } | null
  variant?: { manage_inventory?: boolean | null; inventory_items?: { inventory_item_id: string; required_quantity?: number | null }[] | null } | null
}

/**
 * The details of a page of orders ready to ship, read as the Create Order body's builder reads
 * them: the parcel of the items still to fulfil (weight, service, a variant without weight or a
 * parcel over GHN's limits), the COD by the one COD rule, the receiver's address resolved (or its
 * candidates), an orphan GHN order an earlier try left, which the next parcel waits for, and the
 * stock Medusa's fulfilment would miss (a reservation, the location's level).
 */
export async function readyOrderDetails(container: MedusaContainer, rows: ReadyOrderRow[]): Promise<ReadyOrder[]> {
  if (!rows.length) return []
  const query = container.resolve<QueryGraph>(ContainerRegistrationKeys.QUERY)
  const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
  const ids = rows.map((r) => r.id)
  const locationIds = [...new Set(rows.map((r) => r.location_id).filter((id): id is string => !!id))]
  const [{ data: orders }, orphans, { data: locations }] = await Promise.all([
    query.graph<OrderRow>({ entity: "order", fields: [...ORDER_FIELDS, "items.detail.*", "items.variant.manage_inventory", "shipping_methods.data"], filters: { id: ids } }),
    ghn.orphanIntentsOf(ids),
    locationIds.length ? query.graph<{ id: string; name: string }>({ entity: "stock_location", fields: ["id", "name"], filters: { id: locationIds } }) : { data: [] },
  ])
  const byId = new Map(orders.map((o) => [o.id, o]))
  const locationName = new Map(locations.map((l) => [l.id, l.name]))
  const stock = await stockOf(query, orders.flatMap((o) => (o.items ?? []) as ItemState[]))
  return await Promise.all(
    rows.map(async (row): Promise<ReadyOrder> => {
      const order = byId.get(row.id)
      const options = ghn.accountOf(row.provider_id).options
      const problems: ReadyProblem[] = []
      let weight: number | null = null
      let service = row.service_type_id
      const toShip = ((order?.items ?? []) as ItemState[])
        .filter((i) => i.requires_shipping !== false)
        .map((i) => ({ line_item_id: i.id, quantity: Number(i.quantity) - Number(i.detail?.fulfilled_quantity ?? 0) }))
        .filter((i) => i.quantity > 0)
      const lines = linesFromOrderItems(toShip, order?.items ?? [])
      // As the Create Order body's builder does: a variant without its own measures falls back to
      // its product's, else to those seen at checkout (kept on the shipping method's data).
      const methods = (order as { shipping_methods?: { data?: FulfillmentDataRead | null }[] } | undefined)?.shipping_methods ?? []
      const seen = Object.assign({}, ...methods.map((m) => m.data?.ghn_measures ?? {})) as Record<string, Record<string, number | null>>
      for (const line of lines) if (line.variant?.id) line.product = { ...(seen[line.variant.id] ?? {}), ...definedOnly(line.product as Record<string, number | null>) }
      try {
        const parcel = buildParcel(lines, options)
        weight = parcel.weight
        service = serviceTypeFor(parcel, service === 2 || service === 5 ? service : undefined)
      } catch (error) {
        if (!(error instanceof ParcelError)) throw error
        problems.push({ code: "parcel", message: error.message, field: error.field })
      }
      const address = order?.shipping_address as (AddressInput & { province?: string | null }) | null | undefined
      try {
        await ghn.addresses.resolve((address ?? {}) as AddressInput)
      } catch (error) {
        if (!(error instanceof AddressResolutionError)) throw error
        problems.push({ code: "address", message: error.message, part: error.part, candidates: error.candidates })
      }
      const lineStock = toShip.map((i) => {
        const item = ((order?.items ?? []) as ItemState[]).find((it) => it.id === i.line_item_id)
        const inventory = (item?.variant?.inventory_items ?? []).map((ii) => ({ inventory_item_id: ii.inventory_item_id, required_quantity: Number(ii.required_quantity ?? 1) }))
        return { line_item_id: i.line_item_id, title: item?.title ?? i.line_item_id, quantity: i.quantity, manage_inventory: !!item?.variant?.manage_inventory, inventory_items: inventory }
      })
      const from = row.location_id ? { name: locationName.get(row.location_id) ?? row.location_id, stocked: stock.stockedAt(row.location_id) } : undefined
      for (const shortfall of stockShortfalls(lineStock, stock.reservations, from)) problems.push({ code: "stock", ...shortfall })
      for (const orphan of orphans.filter((o) => o.order_id === row.id)) {
        problems.push({
          code: "orphan",
          message: `GHN order ${orphan.order_code ?? orphan.client_order_code}, left by an earlier try, must be cancelled before this order ships${orphan.error ? ` (${orphan.error})` : ""}`,
          client_order_code: orphan.client_order_code,
          order_code: orphan.order_code ?? null,
        })
      }
      // The prepare part refuses it (assertOrderFigures): said here before anyone selects it.
      const figures = order ? orderFiguresProblem(orderFiguresOf(order)) : null
      if (figures) problems.push({ code: "figures", message: `Medusa's figures for this order are impossible: ${figures}; correct the order before shipping it` })
      const cod = order && row.cod && options.codPaymentProviders.length ? codToCollect(await codLedgerOf(ghn, order, ""), options.codPaymentProviders) : 0
      return {
        id: row.id,
        display_id: row.display_id,
        order_number: order ? orderNumberOf(order) : String(row.display_id),
        placed_at: row.created_at,
        payment: row.cod ? "cod" : "prepaid",
        cod_amount: cod,
        weight,
        service_type_id: service,
        province: address?.province ?? null,
        location_id: row.location_id,
        location_name: row.location_id ? locationName.get(row.location_id) ?? null : null,
        problems,
      }
    })
  )
}

/** The reservations of these items and the locations stocking their inventory items (Medusa's inventory module). */
async function stockOf(query: QueryGraph, items: ItemState[]) {
  const managed = items.filter((i) => i.variant?.manage_inventory)
  const inventoryIds = [...new Set(managed.flatMap((i) => (i.variant?.inventory_items ?? []).map((ii) => ii.inventory_item_id)))]
  if (!managed.length) return { reservations: [] as StockReservation[], stockedAt: () => new Set<string>() }
  const [{ data: reservations }, { data: inventory }] = await Promise.all([
    query.graph<StockReservation>({ entity: "reservation", fields: ["line_item_id", "inventory_item_id", "quantity"], filters: { line_item_id: managed.map((i) => i.id) } }),
    inventoryIds.length
      ? query.graph<{ id: string; location_levels?: { location_id: string }[] | null }>({ entity: "inventory_item", fields: ["id", "location_levels.location_id"], filters: { id: inventoryIds } })
      : { data: [] },
  ])
  const levels = inventory.flatMap((ii) => (ii.location_levels ?? []).map((l) => ({ inventory_item_id: ii.id, location_id: l.location_id })))
  return {
    reservations: reservations.map((r) => ({ ...r, quantity: Number(r.quantity) })),
    stockedAt: (locationId: string) => new Set(levels.filter((l) => l.location_id === locationId).map((l) => l.inventory_item_id)),
  }
}
