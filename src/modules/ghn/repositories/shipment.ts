import type { Context } from "@medusajs/framework/types"
import { InjectManager, MedusaContext } from "@medusajs/framework/utils"
import { NEEDS_ACTION_STATUSES } from "../../../lib/status/needs-action"
import { SqlRepository } from "../utils/sql-repository"

/** A parcel as the accounts read it: the GHN account and shop that made it. */
export type ParcelAccountRow = { order_code: string; shop_id: number; provider_id: string | null; status: string }

/** A parcel GHN has measured, with the measures the store sent (the re-weighing report's input). */
export type MeasuredParcelRow = {
  id: string
  order_id: string | null
  fulfillment_id: string
  order_code: string
  sent_weight: number
  sent_length: number | null
  sent_width: number | null
  sent_height: number | null
  sent_fee: number | null
  weight: number | null
  converted_weight: number | null
  box_length: number | null
  box_width: number | null
  box_height: number | null
  total_fee: number
}

/** A parcel as the codRisk check reads it. */
export type CodRiskParcelRow = { id: string; order_code: string; provider_id: string | null; status: string; cod_amount: number; cod_risk: unknown }

/** Reads of GHN parcels (ghn_shipment) that the module's generated list methods cannot express, and the codRisk mark. */
export class ShipmentRepository extends SqlRepository {
  /** The account that made the parcel with this GHN order code; none for a code that is not the store's. One indexed read. */
  @InjectManager()
  async parcelAccount(orderCode: string, @MedusaContext() sharedContext: Context = {}): Promise<{ provider_id: string | null } | undefined> {
    const [row] = await this.rows<{ provider_id: string | null }>(
      sharedContext,
      "select provider_id from ghn_shipment where order_code = ? and deleted_at is null limit 1",
      [orderCode]
    )
    return row
  }

  /**
   * The parcel with this GHN order code, every column, as the module's list gives it; none for a
   * code that is not the store's. One indexed read without the ORM: the status webhook's
   * application reads it once per callback.
   */
  @InjectManager()
  async byOrderCode<Row>(orderCode: string, @MedusaContext() sharedContext: Context = {}): Promise<Row | undefined> {
    const [row] = await this.rows<Row>(sharedContext, "select * from ghn_shipment where order_code = ? and deleted_at is null limit 1", [orderCode])
    return row
  }

  /** The Medusa order of the parcel with this GHN order code (null: a parcel of no order; none: not the store's). One indexed read. */
  @InjectManager()
  async parcelOrder(orderCode: string, @MedusaContext() sharedContext: Context = {}): Promise<{ order_id: string | null } | undefined> {
    const [row] = await this.rows<{ order_id: string | null }>(sharedContext, "select order_id from ghn_shipment where order_code = ? and deleted_at is null limit 1", [orderCode])
    return row
  }

  /** The parcels with these GHN order codes (the store's only), with the account and shop that made them. */
  @InjectManager()
  async parcelAccounts(orderCodes: string[], @MedusaContext() sharedContext: Context = {}): Promise<ParcelAccountRow[]> {
    return await this.rows<ParcelAccountRow>(
      sharedContext,
      "select order_code, shop_id, provider_id, status from ghn_shipment where order_code = any(?) and deleted_at is null",
      [orderCodes]
    )
  }

  /** How many parcels wait in each of the "Needs action" statuses (of one order, when asked), on the (status, status_at) index. */
  @InjectManager()
  async needsActionCounts(orderId: string | undefined, @MedusaContext() sharedContext: Context = {}): Promise<Record<string, number>> {
    const counted = await this.rows<{ status: string; n: number }>(
      sharedContext,
      `select status, count(*)::int as n from ghn_shipment where deleted_at is null and status = any(?)${orderId ? " and order_id = ?" : ""} group by status`,
      [[...NEEDS_ACTION_STATUSES], ...(orderId ? [orderId] : [])]
    )
    return Object.fromEntries(NEEDS_ACTION_STATUSES.map((status) => [status, counted.find((c) => c.status === status)?.n ?? 0]))
  }

  /**
   * Parcels of the last `days` days that GHN has measured and the store sent measures for (orders'
   * parcels only), newest first, at most `limit`: the re-weighing report's input.
   */
  @InjectManager()
  async measured(days: number, limit: number, @MedusaContext() sharedContext: Context = {}): Promise<MeasuredParcelRow[]> {
    return await this.rows<MeasuredParcelRow>(
      sharedContext,
      `select id, order_id, fulfillment_id, order_code, sent_weight, sent_length, sent_width, sent_height, sent_fee,
              weight, converted_weight, box_length, box_width, box_height, total_fee
         from ghn_shipment
        where deleted_at is null and not is_return and sent_weight is not null and (weight is not null or box_length is not null)
          and created_at > now() - make_interval(days => ?::int)
        order by created_at desc limit ?`,
      [days, limit]
    )
  }

  /** An order's parcels (not returns), or the one parcel of a GHN order code, as the codRisk check reads them. */
  @InjectManager()
  async codRiskParcels(parcelsOf: { order_id: string } | { order_code: string }, @MedusaContext() sharedContext: Context = {}): Promise<CodRiskParcelRow[]> {
    const [column, value] = "order_id" in parcelsOf ? ["order_id", parcelsOf.order_id] : ["order_code", parcelsOf.order_code]
    return await this.rows<CodRiskParcelRow>(
      sharedContext,
      `select id, order_code, provider_id, status, cod_amount, cod_risk from ghn_shipment
        where ${column} = ? and is_return = false and deleted_at is null order by created_at, id`,
      [value]
    )
  }

  /** Records a parcel's codRisk check (what it decided, for whom, and on which history). */
  @InjectManager()
  async markCodRisk(id: string, codRisk: Record<string, unknown>, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await this.rows(sharedContext, "update ghn_shipment set cod_risk = ?::jsonb, updated_at = now() where id = ? and deleted_at is null", [JSON.stringify(codRisk), id])
  }

  /**
   * Writes what an application of GHN's news changes on a parcel (or puts it back: the apply step's
   * compensation), in one statement: the columns given, nothing read first. On the webhook's hot
   * path, where the ORM's read, diff and transaction per callback were most of the worker's CPU.
   */
  @InjectManager()
  async writeFields(id: string, fields: ShipmentFields, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    const sets: string[] = []
    const bindings: unknown[] = []
    for (const column of GHN_NEWS_FIELDS) {
      const value = fields[column]
      if (value === undefined) continue
      const json = JSON_FIELDS.has(column)
      sets.push(json ? `${column} = ?::jsonb` : `${column} = ?`)
      bindings.push(json && value !== null ? JSON.stringify(value) : value)
    }
    if (!sets.length) return
    await this.rows(sharedContext, `update ghn_shipment set ${sets.join(", ")}, updated_at = now() where id = ? and deleted_at is null`, [...bindings, id])
  }
}

/**
 * The parcel's columns an application of GHN's news writes (src/workflows/utils/shipment-update.ts):
 * the one list its write, and its compensation's snapshot, go by.
 */
export const GHN_NEWS_FIELDS = [
  "history", "status", "status_at", "total_fee", "fees", "cod_amount", "is_cod_collected", "cod_collect_date",
  "is_cod_transferred", "cod_transfer_date", "weight", "converted_weight", "last_synced_at",
  "status_reason", "status_reason_code", "delivery_attempts", "box_length", "box_width", "box_height",
] as const
const JSON_FIELDS = new Set<string>(["history", "fees"])
export type ShipmentFields = Partial<Record<(typeof GHN_NEWS_FIELDS)[number], unknown>>
