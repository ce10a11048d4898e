/**
 * What a route's validator makes of an input, as the API answers it: through Medusa's own
 * zodValidator (what validateAndTransformBody and validateAndTransformQuery run), whose message is
 * the 400's; the ticket forms through the plugin's zodFieldError (their multipart middleware).
 */
import { zodValidator } from "@medusajs/framework"
import type { z } from "@medusajs/framework/zod"
import { zodFieldError } from "../admin/ghn/support-utils"
import { adminMessage } from "../../lib/admin-errors/admin-errors"
import { invalidRequestOf } from "../validation"

/** Words of English prose: a Vietnamese refusal holds none (field keys and values aside). */
const ENGLISH = /\b(must|required|takes|most|least|give|invalid|listed|nothing|expected|received|field|value|empty|cannot|characters|items|between|only|not)\b/i

/**
 * The same refusal as the admin's screens read it in Vietnamese (x-medusa-locale: vi): every
 * refused field worded by its problem or its rule, no English prose (fails the test otherwise).
 */
export function vietnameseRefusal(schema: z.ZodType, input: unknown): string {
  const refused = invalidRequestOf(schema, input)
  if (refused?.code !== "invalid_request") throw new Error(`no field problems for ${JSON.stringify(input)}`)
  const unworded = refused.params.problems.filter((p) => p.problem === "invalid")
  if (unworded.length) throw new Error(`a refusal with no rule named (add params.rule where it is checked): ${JSON.stringify(unworded)}`)
  const text = adminMessage(refused, "vi")
  if (ENGLISH.test(text.replace(/"[^"]*"/g, ""))) throw new Error(`English in the Vietnamese refusal: ${text}`)
  return text
}

/** The validated value the route receives (fails the test with the API's message if refused). */
export async function accepted<S extends z.ZodType>(schema: S, input: unknown): Promise<z.output<S>> {
  return (await zodValidator(schema, input)) as z.output<S>
}

/** The message of the 400 the API answers (fails the test if the input is accepted). */
export async function refusal(schema: z.ZodType, input: unknown): Promise<string> {
  try {
    await zodValidator(schema, input)
  } catch (error) {
    vietnameseRefusal(schema, input)
    return (error as Error).message
  }
  throw new Error(`accepted: ${JSON.stringify(input)}`)
}

/** The ticket forms' answer: the parsed form, or the 400's message. */
export function formAnswer(schema: z.ZodType, input: unknown): { data: unknown } | { message: string } {
  const parsed = schema.safeParse(input)
  if (parsed.success) return { data: parsed.data }
  vietnameseRefusal(schema, input)
  return { message: zodFieldError(parsed.error, input).message }
}
