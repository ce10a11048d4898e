import { MedusaError } from "@medusajs/framework/utils"
import { refusesCod, type ReceiverHistory } from "../../../lib/cod/receiver-risk"
import { assertCodOffered } from "../cod-checks"

const CODRISK = { maxReturned: 2, days: 180 }

/** The module's one codRisk check over a fixed history per receiver; the phones it was asked about. */
function module(histories: Record<string, Partial<ReceiverHistory>>) {
  const asked: (string | null)[] = []
  return {
    asked,
    async receiverCodRisk(phone: string | null, codRisk: typeof CODRISK | undefined) {
      asked.push(phone)
      const known = phone ? histories[phone] : undefined
      const history = known ? ({ phone, delivered: 0, returned: 0, refused: 0, failed_attempts: 0, trusted: false, recent_returns: 0, days: 180, ...known } as ReceiverHistory) : null
      return { history, refused: refusesCod(history, codRisk) }
    },
  }
}

const parcel = (over: Partial<Parameters<typeof assertCodOffered>[1]> = {}) => ({ order_number: "1042", phone: "0912345678", cod_amount: 250_000, codRisk: CODRISK, ...over })

describe("codRisk when a COD parcel is made (assertCodOffered)", () => {
  it("refuses a receiver the option refuses, read by the one phone rule, naming the returns, the trust and prepaid", async () => {
    const ghn = module({ "0912345678": { recent_returns: 3 } })
    const refusal = await assertCodOffered(ghn, parcel({ phone: "+84 0912 345 678 (chị Lan)" })).catch((e) => e)
    expect(ghn.asked).toEqual(["0912345678"])
    expect(refusal).toBeInstanceOf(MedusaError)
    expect(refusal.type).toBe(MedusaError.Types.NOT_ALLOWED)
    expect(refusal.code).toBe("cod_not_offered")
    expect(refusal.message).toBe(
      "order #1042: cash on delivery is not offered to receiver 0912345678: 3 of their COD parcels were refused or returned in the last 180 days (option codRisk: 2). " +
        "Trust the receiver (the order's GHN panel) to ship it with its COD of 250000 VND, or ship it prepaid (the customer pays in advance and you capture the order's payment, so the parcel collects nothing); nothing was sent to GHN"
    )
  })

  it("lets the parcel go: a trusted receiver, one under the threshold, a parcel without COD, a store without the option, a phone the rule does not read", async () => {
    const ghn = module({ "0912345678": { recent_returns: 5, trusted: true }, "0901111222": { recent_returns: 1 } })
    await expect(assertCodOffered(ghn, parcel())).resolves.toBeUndefined()
    await expect(assertCodOffered(ghn, parcel({ phone: "0901 111 222" }))).resolves.toBeUndefined()
    await expect(assertCodOffered(ghn, parcel({ phone: "0612345678" }))).resolves.toBeUndefined()
    expect(ghn.asked).toEqual(["0912345678", "0901111222", null])
    const risky = module({ "0912345678": { recent_returns: 5 } })
    await expect(assertCodOffered(risky, parcel({ cod_amount: 0 }))).resolves.toBeUndefined()
    await expect(assertCodOffered(risky, parcel({ codRisk: undefined }))).resolves.toBeUndefined()
    expect(risky.asked).toEqual([])
  })
})
