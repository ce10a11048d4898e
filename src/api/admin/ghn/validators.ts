import { z } from "@medusajs/framework/zod"

export const LABEL_SIZE = z.enum(["A5", "80x80", "52x70"], { error: 'size must be one of "A5", "80x80", "52x70"' })

export const LabelQuery = z.object({
  size: LABEL_SIZE.default("A5"),
  shop_id: z.coerce.number().int().positive().optional(),
})
export type LabelQuery = z.infer<typeof LabelQuery>
