import { CALLBACK_LIMITS, describeWebhookIssues, ghnWebhookSchema } from "../webhook"

const valid = { OrderCode: "GA7LPNUU", Type: "switch_status", Status: "picked", Time: new Date(Date.now() - 60_000).toISOString(), CODAmount: 300000, TotalFee: 41000, Weight: 800 }

/** The one line the webhook answers 400 with, for a body changed by `change`. */
function refusal(change: Record<string, unknown>) {
  const result = ghnWebhookSchema.safeParse({ ...valid, ...change })
  return result.success ? undefined : describeWebhookIssues(result.error).join("; ")
}

describe("GHN callbacks the webhook refuses before storing them (each names the field and the limit)", () => {
  it("accepts what GHN sends, numbers as numbers or digits", () => {
    expect(refusal({})).toBeUndefined()
    expect(ghnWebhookSchema.parse({ ...valid, CODAmount: "250000" }).CODAmount).toBe(250000)
    expect(refusal({ Time: new Date(Date.now() + 60_000).toISOString() })).toBeUndefined() // clock skew
  })

  it.each([
    ["a time in the future", { Time: "2099-01-01T00:00:00Z" }, /Time: must not be in the future/],
    ["a time of year +275760", { Time: "+275760-09-13T00:00:00.000Z" }, /Time: must not be in the future/],
    ["a time before GHN existed", { Time: "1970-01-01T00:00:00Z" }, /Time: must not be before 2015/],
    ["a fee out of range", { TotalFee: 3_000_000_000 }, new RegExp(`TotalFee: must be at most ${CALLBACK_LIMITS.maxFee}`)],
    ["a COD that is not a number", { CODAmount: "abc" }, /CODAmount: must be a number/],
    ["a COD over GHN's limit", { CODAmount: 60_000_000 }, /CODAmount: must be at most 50000000/],
    ["a negative weight", { Weight: -5 }, /Weight: must be 0 or more/],
    ["a fractional COD", { CODAmount: 1000.5 }, /CODAmount: must be a whole number/],
    ["a NUL character", { Reason: "late\u0000" }, /must not contain a NUL character/],
    ["a NUL character deep in Fee", { Fee: { MainService: "1\u0000" } }, /must not contain a NUL character/],
    ["an over-long order code", { OrderCode: "G".repeat(60_000) }, /OrderCode: must be at most 32 characters/],
    ["an order code with other characters", { OrderCode: "GA7/../x" }, /OrderCode: must be letters, digits/],
    ["an over-long reason", { Reason: "x".repeat(CALLBACK_LIMITS.maxText + 1) }, /Reason: must be at most 5000 characters/],
    ["an over-long unknown field", { Extra: "x".repeat(CALLBACK_LIMITS.maxText + 1) }, /Extra: must be at most 5000 characters/],
  ])("refuses %s", (_, change, message) => {
    expect(refusal(change)).toMatch(message)
  })
})

describe("what a refused callback's answer quotes of it (issue 39)", () => {
  it("names a field the sender chose by an excerpt of its name, and tells at most ten issues", () => {
    const key = "K".repeat(90_000)
    const told = refusal({ [key]: "v".repeat(CALLBACK_LIMITS.maxText + 1) })!
    expect(told).toBe(`${"K".repeat(40)}… (90000 characters): must be at most ${CALLBACK_LIMITS.maxText} characters`)
    const many = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`F${i}`, "v".repeat(CALLBACK_LIMITS.maxText + 1)]))
    const lines = refusal(many)!.split("; ")
    expect(lines).toHaveLength(11)
    expect(lines.at(-1)).toBe("and 40 more")
  })
})
