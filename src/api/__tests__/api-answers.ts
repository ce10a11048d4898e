/**
 * What a route's validator makes of an input, as the API answers it: through Medusa's own
 * zodValidator (what validateAndTransformBody and validateAndTransformQuery run), whose message is
 * the 400's; the ticket forms through the plugin's zodFieldError (their multipart middleware).
 */
import { zodValidator } from "@medusajs/framework"
import type { z } from "@medusajs/framework/zod"
import { zodFieldError } from "../admin/ghn/support-utils"

/** The validated value the route receives (fails the test with the API's message if refused). */
export async function accepted<S extends z.ZodType>(schema: S, input: unknown): Promise<z.output<S>> {
  return (await zodValidator(schema, input)) as z.output<S>
}

/** The message of the 400 the API answers (fails the test if the input is accepted). */
export async function refusal(schema: z.ZodType, input: unknown): Promise<string> {
  try {
    await zodValidator(schema, input)
  } catch (error) {
    return (error as Error).message
  }
  throw new Error(`accepted: ${JSON.stringify(input)}`)
}

/** The ticket forms' answer: the parsed form, or the 400's message. */
export function formAnswer(schema: z.ZodType, input: unknown): { data: unknown } | { message: string } {
  const parsed = schema.safeParse(input)
  return parsed.success ? { data: parsed.data } : { message: zodFieldError(parsed.error).message }
}
