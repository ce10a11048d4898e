import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { QueryGraph } from "../../../../lib/runtime/query-graph"
import type { ShopperAddressCandidate } from "../../../../lib/checkout/shopper-errors"
import { ghnModule } from "../../../utils"
import type { AddressChoicesQuery } from "../validators"

type ChoiceRow = { id: string; address_id: string; customer_id: string; code: string; part: string; address_label: string; candidates: ShopperAddressCandidate[]; created_at: Date }

/**
 * Customers' saved addresses that need their choice before GHN can ship to them (a ward the 2025
 * reform split, a name GHN does not list), newest first, each with its customer and candidates.
 */
export async function GET(req: MedusaRequest<unknown, AddressChoicesQuery>, res: MedusaResponse) {
  const { limit, offset } = req.validatedQuery
  const [rows, count] = (await ghnModule(req).listAndCountGhnAddressChoices({}, { take: limit, skip: offset, order: { created_at: "DESC", id: "ASC" } })) as unknown as [ChoiceRow[], number]
  const ids = [...new Set(rows.map((r) => r.customer_id))]
  const { data: customers } = ids.length
    ? await req.scope.resolve<QueryGraph>(ContainerRegistrationKeys.QUERY).graph<{ id: string; email: string; first_name: string | null; last_name: string | null }>({
        entity: "customer",
        fields: ["id", "email", "first_name", "last_name"],
        filters: { id: ids },
      })
    : { data: [] }
  const byId = new Map(customers.map((c) => [c.id, c]))
  res.json({
    choices: rows.map((r) => {
      const c = byId.get(r.customer_id)
      return {
        id: r.id,
        address_id: r.address_id,
        customer: c ? { id: c.id, email: c.email, name: [c.last_name, c.first_name].filter(Boolean).join(" ") } : { id: r.customer_id, email: null, name: "" },
        address: r.address_label,
        code: r.code,
        part: r.part,
        candidates: r.candidates.map((x) => x.label),
        created_at: r.created_at,
      }
    }),
    count,
    limit,
    offset,
  })
}
