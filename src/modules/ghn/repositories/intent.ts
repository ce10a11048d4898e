import type { Context } from "@medusajs/framework/types"
import { InjectManager, MedusaContext } from "@medusajs/framework/utils"
import { canMoveIntent, IntentMoveError, type IntentKind, type IntentStatus } from "../../../lib/parcel/create-intent"
import type { GhnIntentRow } from "../types"
import { SqlRepository } from "../utils/sql-repository"

/** What an intent's move may carry, written in the move's own statement (column names, never the caller's). */
const INTENT_MOVE_FIELDS = ["order_code", "fulfillment_id", "note", "error", "attempts", "next_attempt_at"] as const
export type IntentMoveFields = Partial<Pick<GhnIntentRow, (typeof INTENT_MOVE_FIELDS)[number]>>
/** An intent as its mover read it: the status it moves from. */
export type IntentRef = Pick<GhnIntentRow, "id" | "client_order_code" | "status">

/** An orphan intent as the admin lists it. */
export type OrphanIntentRow = Pick<GhnIntentRow, "id" | "order_id" | "client_order_code" | "order_code" | "note" | "error" | "attempts" | "next_attempt_at">

/** Create Order intents (ghn_create_intent): their sequence and their moves along the state machine of src/lib/parcel/create-intent.ts. */
export class IntentRepository extends SqlRepository {
  /** The next sequence of an order's parcels (or returns); read under the order's lock, so two reservations never take the same one. */
  @InjectManager()
  async nextSequence(orderId: string, kind: IntentKind, @MedusaContext() sharedContext: Context = {}): Promise<number> {
    const [row] = await this.rows<{ last: number | null }>(sharedContext, "select max(sequence) as last from ghn_create_intent where order_id = ? and kind = ?", [orderId, kind])
    return Number(row?.last ?? 0) + 1
  }

  /**
   * Moves an intent along its state machine: a compare-and-set on the status the caller read, so
   * two processes never both move it (the loser gets IntentMoveError; an illegal move writes
   * nothing). An intent that reaches an end keeps no body: the receiver's data is not kept longer
   * than needed.
   */
  @InjectManager()
  async move(intent: IntentRef, to: IntentStatus, fields: IntentMoveFields = {}, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    if (!canMoveIntent(intent.status as IntentStatus, to)) throw new IntentMoveError(intent.client_order_code, intent.status, to)
    // The status and what it carries (GHN's order code above all) in ONE statement: a crash can
    // never leave an intent `created` without the code of the order GHN holds.
    const carried = INTENT_MOVE_FIELDS.filter((column) => fields[column] !== undefined)
    const moved = await this.rows<{ id: string }>(
      sharedContext,
      `update ghn_create_intent set status = ?, updated_at = now()${to === "orphan" || to === "pending" ? "" : ", body = null"}${carried
        .map((column) => `, ${column} = ?`)
        .join("")} where id = ? and status = ? and deleted_at is null returning id`,
      [to, ...carried.map((column) => fields[column]), intent.id, intent.status]
    )
    if (!moved.length) {
      const [now] = await this.rows<{ status: string }>(sharedContext, "select status from ghn_create_intent where id = ? and deleted_at is null", [intent.id])
      throw new IntentMoveError(intent.client_order_code, now?.status ?? "gone", to)
    }
  }

  /** The intents of these orders whose GHN order must still be cancelled, oldest first, for the admin. */
  @InjectManager()
  async orphansOf(orderIds: string[], @MedusaContext() sharedContext: Context = {}): Promise<OrphanIntentRow[]> {
    if (!orderIds.length) return []
    return await this.rows<OrphanIntentRow>(
      sharedContext,
      `select id, order_id, client_order_code, order_code, note, error, attempts, next_attempt_at from ghn_create_intent
        where order_id = any(?) and status = 'orphan' and deleted_at is null order by created_at`,
      [orderIds]
    )
  }
}
