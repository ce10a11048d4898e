import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { updateProductVariantsWorkflow } from "@medusajs/medusa/core-flows"
import type { QueryGraph } from "../../../../../lib/runtime/query-graph"
import type { ApplyMeasuresBody } from "../../validators"
import { adminError } from "../../../../../lib/runtime/medusa-error"

type VariantRow = { id: string; weight?: number | null; length?: number | null; width?: number | null; height?: number | null }

/** The re-weighing report's suggestion applied to a variant (after the admin confirmed the old and new values): its measures before and after. */
export async function POST(req: MedusaRequest<ApplyMeasuresBody>, res: MedusaResponse) {
  const query = req.scope.resolve<QueryGraph>(ContainerRegistrationKeys.QUERY)
  const read = async () =>
    (await query.graph<VariantRow>({ entity: "product_variant", fields: ["id", "weight", "length", "width", "height"], filters: { id: req.params.variant_id } })).data[0]
  const before = await read()
  if (!before) throw adminError(MedusaError.Types.NOT_FOUND, { code: "variant_not_found", params: { variant_id: req.params.variant_id } })
  await updateProductVariantsWorkflow(req.scope).run({ input: { selector: { id: before.id }, update: req.validatedBody } })
  const after = await read()
  const pick = (v: VariantRow) => ({ weight: v.weight ?? null, length: v.length ?? null, width: v.width ?? null, height: v.height ?? null })
  res.json({ variant_id: before.id, before: pick(before), after: pick(after) })
}
