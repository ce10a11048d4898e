import { z } from "@medusajs/framework/zod"
import { fieldProblemsOf, fieldProblemsText, MAX_FIELD_PROBLEMS, type IssueLike } from "../field-problems"

const issuesOf = (schema: z.ZodType, input: unknown) => {
  const parsed = schema.safeParse(input)
  if (parsed.success) throw new Error("accepted")
  return parsed.error.issues as unknown as IssueLike[]
}

describe("a refused request's fields, as data and in the admin's language", () => {
  const Body = z
    .object({
      order_codes: z.array(z.string().min(1)).min(1).max(3),
      note: z.string().max(5).optional(),
      size: z.enum(["A5", "80x80"]).optional(),
      cod_amount: z.number().int().min(0).optional(),
      locations: z.array(z.object({ shop_id: z.number() })).optional(),
    })
    .strict()

  it("tells a missing field from a wrong one, and keeps each limit", () => {
    expect(fieldProblemsOf(issuesOf(Body, { note: "123456" }), { note: "123456" })).toEqual([
      { field: "order_codes", problem: "required" },
      { field: "note", problem: "too_big", origin: "string", maximum: 5, inclusive: true },
    ])
    const input = { order_codes: ["a", "b", "c", "d"], size: "A4", cod_amount: 1.5, locations: [{ shop_id: "x" }], extra: 1 }
    expect(fieldProblemsOf(issuesOf(Body, input), input)).toEqual([
      { field: "order_codes", problem: "too_big", origin: "array", maximum: 3, inclusive: true },
      { field: "size", problem: "one_of", values: ["A5", "80x80"] },
      { field: "cod_amount", problem: "type", expected: "int" },
      { field: "locations.0.shop_id", problem: "type", expected: "number" },
      { field: "", problem: "unknown_fields", keys: ["extra"] },
    ])
  })

  it("words them in Vietnamese with the merchant's names for the fields, and in English with the keys", () => {
    const input = { order_codes: [], note: "123456", locations: [{ shop_id: "x" }, { shop_id: "y" }] }
    const problems = fieldProblemsOf(issuesOf(Body, input), input)
    expect(fieldProblemsText(problems, "vi")).toBe("Yêu cầu chưa hợp lệ: mã đơn GHN phải ít nhất 1 mục; ghi chú tối đa 5 ký tự; cửa hàng GHN (dòng 1) phải là số; cửa hàng GHN (dòng 2) phải là số.")
    expect(fieldProblemsText(problems, "en")).toBe("Invalid request: 'order_codes' must be at least 1 item; 'note' takes at most 5 characters; 'locations.0.shop_id' must be of type number; 'locations.1.shop_id' must be of type number")
  })

  it("names the rule a validator checked beyond type and size; an unnamed one is still said without English", () => {
    const Rules = z.object({
      to_phone: z.string().refine(() => false, { message: "to_phone must be a Vietnamese phone", params: { rule: "phone" } }),
      code: z.string().refine(() => false, { message: "bad" }),
    })
    const problems = fieldProblemsOf(issuesOf(Rules, { to_phone: "12", code: "x" }), { to_phone: "12", code: "x" })
    expect(problems).toEqual([
      { field: "to_phone", problem: "rule", rule: { rule: "phone" } },
      { field: "code", problem: "invalid" },
    ])
    expect(fieldProblemsText(problems, "vi")).toMatch(/^Yêu cầu chưa hợp lệ: số điện thoại người nhận phải là số di động Việt Nam .*; mã quét không hợp lệ\.$/)
  })

  it(`words at most ${MAX_FIELD_PROBLEMS} fields of a body wrong everywhere`, () => {
    const Many = z.object(Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, z.string()])))
    expect(fieldProblemsOf(issuesOf(Many, {}), {})).toHaveLength(MAX_FIELD_PROBLEMS)
  })
})
