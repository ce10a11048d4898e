import type { Context } from "@medusajs/framework/types"
import { generateEntityId, InjectManager, InjectTransactionManager, MedusaContext } from "@medusajs/framework/utils"
import type { CodRiskOption, ReceiverHistory, ReceiverOutcome } from "../../../lib/cod/receiver-risk"
import type { GhnReceiverOutcomeRow } from "../types"
import { SqlRepository } from "../utils/sql-repository"

/** A COD parcel's end for its receiver, as recorded. */
export type ReceiverOutcomeRecord = { phone: string; order_code: string; order_id: string | null; outcome: ReceiverOutcome; cod_amount: number; failed_attempts: number; at: Date }

/** Receivers (by phone, normalised): their COD parcels' ends (ghn_receiver_outcome) and the admin's trust (ghn_trusted_receiver). */
export class ReceiverRepository extends SqlRepository {
  /** A COD parcel's end for its receiver, once per parcel (a repeat keeps the first): the row's id, or null for a repeat. */
  @InjectManager()
  async recordOutcome(row: ReceiverOutcomeRecord, @MedusaContext() sharedContext: Context = {}): Promise<string | null> {
    const [inserted] = await this.rows<{ id: string }>(
      sharedContext,
      `insert into ghn_receiver_outcome (id, phone, order_code, order_id, outcome, cod_amount, failed_attempts, at, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, now(), now()) on conflict do nothing returning id`,
      [generateEntityId(undefined, "ghnrcv"), row.phone, row.order_code, row.order_id, row.outcome, row.cod_amount, row.failed_attempts, row.at]
    )
    return inserted?.id ?? null
  }

  /**
   * Receivers' histories by phone: COD parcels delivered, returned and refused, the failed
   * attempts, whether an admin trusts them, and the returned or refused ones of the last
   * `codRisk.days` days (all of them without a window). One grouped read on the (phone, at) index.
   */
  @InjectManager()
  async histories(phones: string[], codRisk: CodRiskOption | undefined, @MedusaContext() sharedContext: Context = {}): Promise<Map<string, ReceiverHistory>> {
    const out = new Map<string, ReceiverHistory>()
    if (!phones.length) return out
    const days = codRisk?.days ?? null
    const rows = await this.rows<{ phone: string; delivered: number; returned: number; refused: number; failed_attempts: number; recent_returns: number }>(
      sharedContext,
      `select phone,
              count(*) filter (where outcome = 'delivered')::int as delivered,
              count(*) filter (where outcome = 'returned')::int as returned,
              count(*) filter (where outcome = 'refused')::int as refused,
              coalesce(sum(failed_attempts), 0)::int as failed_attempts,
              count(*) filter (where outcome <> 'delivered' and (?::int is null or at > now() - make_interval(days => ?::int)))::int as recent_returns
         from ghn_receiver_outcome where phone = any(?) and deleted_at is null group by phone`,
      [days, days, phones]
    )
    const trusted = new Set(
      (await this.rows<{ phone: string }>(sharedContext, "select phone from ghn_trusted_receiver where phone = any(?) and deleted_at is null", [phones])).map((t) => t.phone)
    )
    for (const phone of phones) {
      const r = rows.find((x) => x.phone === phone)
      out.set(phone, {
        phone,
        delivered: r?.delivered ?? 0,
        returned: r?.returned ?? 0,
        refused: r?.refused ?? 0,
        failed_attempts: r?.failed_attempts ?? 0,
        recent_returns: r?.recent_returns ?? 0,
        trusted: trusted.has(phone),
        days,
      })
    }
    return out
  }

  /** A receiver's parcels, newest first, at most 10,000 (the admin's CSV export). */
  @InjectManager()
  async outcomes(phone: string, @MedusaContext() sharedContext: Context = {}): Promise<GhnReceiverOutcomeRow[]> {
    return await this.rows<GhnReceiverOutcomeRow>(
      sharedContext,
      `select id, phone, order_code, order_id, outcome, cod_amount, failed_attempts, at, created_at, updated_at, deleted_at
         from ghn_receiver_outcome where phone = ? and deleted_at is null order by at desc limit 10000`,
      [phone]
    )
  }

  /** Forgets a receiver: their parcels' outcomes and the trust (a shopper's data, the shop's duty), both or neither. */
  @InjectTransactionManager()
  async forget(phone: string, @MedusaContext() sharedContext: Context = {}): Promise<{ outcomes: number; trusted: boolean }> {
    const outcomes = await this.rows<{ id: string }>(sharedContext, "delete from ghn_receiver_outcome where phone = ? returning id", [phone])
    const trust = await this.rows<{ id: string }>(sharedContext, "delete from ghn_trusted_receiver where phone = ? returning id", [phone])
    return { outcomes: outcomes.length, trusted: trust.length > 0 }
  }
}
