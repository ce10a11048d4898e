import type { Context } from "@medusajs/framework/types"
import { generateEntityId, InjectManager, MedusaContext } from "@medusajs/framework/utils"
import { SqlRepository } from "../utils/sql-repository"

export type OpenAlert = { id: string; kind: string; account: string; params: Record<string, string | number> | null; opened_at: Date }

/** The alerts' incidents (ghn_alert): each opened and cleared by one atomic statement, so one instance tells the team. */
export class AlertRepository extends SqlRepository {
  /** Opens the incident unless one is open for the alert and account: true when this call opened it. */
  @InjectManager()
  async open(kind: string, account: string, params: Record<string, string | number>, @MedusaContext() sharedContext: Context = {}): Promise<boolean> {
    const rows = await this.rows<{ id: string }>(
      sharedContext,
      `insert into ghn_alert (id, kind, account, params, opened_at, created_at, updated_at) values (?, ?, ?, ?::jsonb, now(), now(), now())
       on conflict (kind, account) where cleared_at is null and deleted_at is null do nothing returning id`,
      [generateEntityId(undefined, "ghnalr"), kind, account, JSON.stringify(params)]
    )
    return rows.length === 1
  }

  /** Clears the open incident of the alert and account: the incident when this call cleared it. */
  @InjectManager()
  async clear(kind: string, account: string, @MedusaContext() sharedContext: Context = {}): Promise<OpenAlert | null> {
    const [row] = await this.rows<OpenAlert>(
      sharedContext,
      `update ghn_alert set cleared_at = now(), updated_at = now() where kind = ? and account = ? and cleared_at is null and deleted_at is null
       returning id, kind, account, params, opened_at`,
      [kind, account]
    )
    return row ?? null
  }

  /** The incidents open now. */
  @InjectManager()
  async openOnes(@MedusaContext() sharedContext: Context = {}): Promise<OpenAlert[]> {
    return await this.rows<OpenAlert>(sharedContext, "select id, kind, account, params, opened_at from ghn_alert where cleared_at is null and deleted_at is null order by opened_at")
  }
}
