import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ghnModule } from "../../../utils"
import { presentShipments } from "../present"
import type { ShipmentsQuery } from "../validators"

/** Every GHN shipment, filtered by status, order code or client order code, COD and creation date. */
export async function GET(req: MedusaRequest<unknown, ShipmentsQuery>, res: MedusaResponse) {
  const q = req.validatedQuery as ShipmentsQuery
  const ghn = ghnModule(req)
  const filters: Record<string, unknown> = {}
  if (q.status) filters.status = Array.isArray(q.status) ? q.status : q.status.split(",")
  // GHN's order code, or the client order code the merchant reads on the label (`1042-1`).
  if (q.q) filters.$or = [{ order_code: { $ilike: `%${q.q}%` } }, { client_order_code: { $ilike: `%${q.q}%` } }]
  if (q.has_cod) filters.cod_amount = q.has_cod === "true" ? { $gt: 0 } : 0
  if (q.created_from || q.created_to) {
    filters.created_at = { ...(q.created_from ? { $gte: q.created_from } : {}), ...(q.created_to ? { $lte: q.created_to } : {}) }
  }
  const [shipments, count] = await ghn.listAndCountGhnShipments(filters, { take: q.limit, skip: q.offset, order: { created_at: "DESC" } })
  res.json({ shipments: await presentShipments(ghn, shipments), count, limit: q.limit, offset: q.offset })
}
