import { isFinalStatus, isPastPickup, medusaEffectOf } from "../status"
import { canUpdateField, forbiddenUpdates } from "../../parcel/update-rules"
import { ghnWebhookSchema, secretMatches, webhookDedupeKey } from "../webhook"

describe("GHN status -> Medusa", () => {
  it.each([
    ["ready_to_pick", "none"],
    ["picking", "none"],
    ["picked", "shipped"],
    ["storing", "shipped"],
    ["delivering", "shipped"],
    ["delivery_fail", "shipped"],
    ["delivered", "delivered"],
    ["cancel", "canceled"],
    ["return", "exception"],
    ["returned", "exception"],
    ["lost", "exception"],
    ["damage", "exception"],
    ["exception", "exception"],
    ["scrap", "none"],
  ])("%s -> %s", (status, effect) => {
    expect(medusaEffectOf(status)).toBe(effect)
  })

  it("knows final statuses and pickup", () => {
    expect(isFinalStatus("delivered")).toBe(true)
    expect(isFinalStatus("delivering")).toBe(false)
    expect(isPastPickup("returned")).toBe(true)
    expect(isPastPickup("picking")).toBe(false)
  })
})

describe("Update Order status table", () => {
  it("allows everything before pickup and nothing once final", () => {
    expect(canUpdateField("ready_to_pick", "from_name")).toBe(true)
    expect(canUpdateField("picking", "from_name")).toBe(false)
    expect(canUpdateField("picking", "to_name")).toBe(true)
    expect(canUpdateField("delivering", "content")).toBe(false)
    expect(canUpdateField("delivering", "cod_amount")).toBe(true)
    expect(canUpdateField("return", "return_phone")).toBe(true)
    expect(canUpdateField("return", "note")).toBe(false)
    expect(forbiddenUpdates("delivered", ["note", "to_name"])).toEqual(["note", "to_name"])
    // Spec, Update Order: "receiver info = to_* name, phone and address fields"; "sender info = from_* fields".
    expect(canUpdateField("delivering", "to_ward_name")).toBe(true)
    expect(canUpdateField("delivering", "to_province_name")).toBe(true)
    expect(canUpdateField("picking", "from_hotline")).toBe(false)
    expect(canUpdateField("ready_to_pick", "from_hotline")).toBe(true)
    // The pickup time moves only before the courier is on the way; the documents and the double check until delivery.
    expect(canUpdateField("ready_to_pick", "pickup_time")).toBe(true)
    expect(canUpdateField("picking", "pickup_time")).toBe(false)
    expect(canUpdateField("picking", "double_check")).toBe(true)
    expect(canUpdateField("money_collect_picking", "document_return")).toBe(false)
    expect(["picked", "storing", "transporting", "sorting", "delivering", "delivery_fail", "waiting_to_return"].every((s) => canUpdateField(s, "document_return") && canUpdateField(s, "double_check"))).toBe(true)
    expect(["return", "return_fail", "delivered"].some((s) => canUpdateField(s, "double_check"))).toBe(false)
  })
})

describe("GHN webhook body", () => {
  const body = { OrderCode: "GHN1", Type: "switch_status", Status: "picked", Time: "2026-01-01T08:00:00+07:00", Extra: { kept: true } }

  it("accepts GHN's PascalCase body and keeps unknown fields", () => {
    const parsed = ghnWebhookSchema.parse(body)
    expect(parsed.Status).toBe("picked")
    expect((parsed as any).Extra).toEqual({ kept: true })
  })

  it("names what is missing", () => {
    const result = ghnWebhookSchema.safeParse({ Type: "switch_status", Time: "yesterday" })
    expect(result.success).toBe(false)
    const paths = result.error!.issues.map((i) => i.path.join("."))
    expect(paths).toEqual(expect.arrayContaining(["OrderCode", "Time"]))
  })

  it("dedupes on order code, type and instant", () => {
    expect(webhookDedupeKey(body)).toBe(webhookDedupeKey({ ...body, Time: "2026-01-01T01:00:00.000Z" }))
    expect(webhookDedupeKey(body)).not.toBe(webhookDedupeKey({ ...body, Type: "update_fee" }))
  })

  it("compares secrets of any length", () => {
    expect(secretMatches("s3cret-s3cret-s3cret", "s3cret-s3cret-s3cret")).toBe(true)
    expect(secretMatches("s3cret-s3cret-s3cret", "s3cret")).toBe(false)
    expect(secretMatches("s3cret-s3cret-s3cret", undefined)).toBe(false)
  })
})
