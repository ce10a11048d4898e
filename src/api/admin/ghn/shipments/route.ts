import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { QueryGraph } from "../../../../lib/runtime/query-graph"
import { ghnModule } from "../../../utils"
import { presentShipments, withOrders } from "../present"
import type { ShipmentsQuery } from "../validators"

/** How many orders a search by order number or receiver looks at (the newest first). */
const ORDER_MATCHES = 200

/** A LIKE pattern holding `text` as written: its `%`, `_` and `\` match themselves, not any text. */
const containing = (text: string) => ({ $ilike: `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` })

/**
 * Orders a search names: its number (`1042`, `#1042`) or its receiver's name (family or given
 * name, or both: "Nguyễn Văn An").
 */
async function ordersMatching(query: QueryGraph, q: string): Promise<string[]> {
  const number = /^#?\d{1,12}$/.test(q) ? Number(q.replace("#", "")) : undefined
  const words = q.split(/\s+/).filter(Boolean)
  const byName: Record<string, unknown>[] = [{ shipping_address: { first_name: containing(q) } }, { shipping_address: { last_name: containing(q) } }]
  // Vietnamese order: family name first, given name last.
  if (words.length > 1) byName.push({ shipping_address: { last_name: containing(words.slice(0, -1).join(" ")), first_name: containing(words.at(-1)!) } })
  const filters = number !== undefined ? { $or: [{ display_id: number }, ...byName] } : { $or: byName }
  const { data } = await query.graph<{ id: string }>({ entity: "order", fields: ["id"], filters, pagination: { take: ORDER_MATCHES, order: { created_at: "DESC" } } } as never)
  return data.map((o) => o.id)
}

/**
 * Every GHN shipment, filtered by status, COD and creation date, and searched by GHN's order
 * code, the client order code (`1042-1`), the order's number or the receiver's name; each row
 * with its order's number and receiver, read through the shipment's link to its order.
 */
export async function GET(req: MedusaRequest<unknown, ShipmentsQuery>, res: MedusaResponse) {
  const q = req.validatedQuery as ShipmentsQuery
  const ghn = ghnModule(req)
  const query = req.scope.resolve<QueryGraph>(ContainerRegistrationKeys.QUERY)
  const filters: Record<string, unknown> = {}
  if (q.status) filters.status = Array.isArray(q.status) ? q.status : q.status.split(",")
  if (q.q) {
    const text = q.q.trim()
    const orderIds = await ordersMatching(query, text)
    const byOrders = orderIds.length ? [{ order_id: orderIds }] : []
    // Read on indexes where the search says what it is: "#1042" is an order's number only; a whole
    // GHN or client order code is found on its own; anything else is a substring of either code.
    const exact = /^#\d+$/.test(text)
      ? []
      : await ghn.listGhnShipments({ $or: [{ order_code: text.toUpperCase() }, { client_order_code: text }] } as Parameters<typeof ghn.listGhnShipments>[0], { select: ["id"] })
    filters.$or = /^#\d+$/.test(text)
      ? [...byOrders, { id: ["none"] }]
      : exact.length
        ? [{ id: exact.map((s) => s.id) }, ...byOrders]
        : [{ order_code: containing(text) }, { client_order_code: containing(text) }, ...byOrders]
  }
  if (q.has_cod) filters.cod_amount = q.has_cod === "true" ? { $gt: 0 } : 0
  if (q.created_from || q.created_to) {
    filters.created_at = { ...(q.created_from ? { $gte: q.created_from } : {}), ...(q.created_to ? { $lte: q.created_to } : {}) }
  }
  const [shipments, count] = await ghn.listAndCountGhnShipments(filters, { take: q.limit, skip: q.offset, order: { created_at: "DESC" } })
  const rows = await withOrders(query, await presentShipments(req, ghn, shipments))
  res.json({ shipments: rows, count, limit: q.limit, offset: q.offset })
}
