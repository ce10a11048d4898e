import type { Context } from "@medusajs/framework/types"
import { type CodRiskOption, type ReceiverHistory, refusesCod } from "../../lib/cod/receiver-risk"
import { isBeforePickup } from "../../lib/status/status"
import type { GhnAccounts } from "./accounts"
import type { ReceiverRepository } from "./repositories/receiver"
import type { ShipmentRepository } from "./repositories/shipment"

/** The option codRisk: a receiver's history (./repositories/receiver.ts) against their parcel's account's option. */
export class CodRiskCheck {
  constructor(
    private readonly accounts: GhnAccounts,
    private readonly receivers: ReceiverRepository,
    private readonly shipments: ShipmentRepository
  ) {}

  /**
   * The check for one receiver (a phone in its national form, by the one phone rule), as checkout,
   * the fulfilment and a phone change all run it: their history and whether the option refuses
   * them cash on delivery (never a trusted one). No phone, or no option: not refused.
   */
  async ofReceiver(phone: string | null, codRisk: CodRiskOption | undefined, sharedContext?: Context): Promise<{ history: ReceiverHistory | null; refused: boolean }> {
    const history = phone && codRisk ? ((await this.receivers.histories([phone], codRisk, sharedContext)).get(phone) ?? null) : null
    return { history, refused: refusesCod(history, codRisk) }
  }

  /**
   * The check run again for an order's parcels (or one parcel, by its GHN order code) after its
   * receiver's phone changed: each COD parcel GHN has not picked up yet (of an account with the
   * option) records the check for the new phone (`cod_risk`), refused or not. The parcels whose
   * check changed.
   */
  async recheck(parcelsOf: { order_id: string } | { order_code: string }, phone: string | null, sharedContext?: Context): Promise<{ order_code: string; refused: boolean }[]> {
    const out: { order_code: string; refused: boolean }[] = []
    for (const parcel of await this.shipments.codRiskParcels(parcelsOf, sharedContext)) {
      const codRisk = this.accounts.of(parcel.provider_id).options.codRisk
      if (!codRisk || !isBeforePickup(parcel.status) || parcel.cod_amount <= 0) continue
      const { history, refused } = await this.ofReceiver(phone, codRisk, sharedContext)
      const previous = parcel.cod_risk as { phone?: string | null; refused?: boolean } | null
      if (previous?.phone === phone && previous?.refused === refused) continue
      await this.shipments.markCodRisk(
        parcel.id,
        { phone, refused, recent_returns: history?.recent_returns ?? 0, days: codRisk.days, max_returned: codRisk.maxReturned, trusted: history?.trusted ?? false, checked_at: new Date().toISOString() },
        sharedContext
      )
      out.push({ order_code: parcel.order_code, refused })
    }
    return out
  }
}
