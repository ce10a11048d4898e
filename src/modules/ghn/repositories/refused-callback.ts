import type { Context } from "@medusajs/framework/types"
import { generateEntityId, InjectManager, MedusaContext } from "@medusajs/framework/utils"
import { SqlRepository } from "../utils/sql-repository"

export type RefusedCallbacks = {
  count: number
  reasons: { reason: string; count: number; last_at: Date; samples: { received_at: Date; detail: string; body: string }[] }[]
}

/** Callbacks with the right secret that were refused (ghn_refused_callback), kept 7 days for the admin. */
export class RefusedCallbackRepository extends SqlRepository {
  /** Keeps a refused callback (its body already masked and cut by the caller) and drops those older than 7 days. */
  @InjectManager()
  async record(input: { reason: string; detail: string; body: string }, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await this.rows(
      sharedContext,
      "insert into ghn_refused_callback (id, reason, detail, body, received_at, created_at, updated_at) values (?, ?, ?, ?, now(), now(), now())",
      [generateEntityId(undefined, "ghnref"), input.reason.slice(0, 1000), input.detail.slice(0, 1000), input.body]
    )
    await this.rows(sharedContext, "delete from ghn_refused_callback where received_at < now() - interval '7 days'")
  }

  /** Refused callbacks of the last 24 hours: how many, and per reason its count, last time and last samples. */
  @InjectManager()
  async recent(@MedusaContext() sharedContext: Context = {}): Promise<RefusedCallbacks> {
    const rows = await this.rows<{ reason: string; count: string; last_at: Date }>(
      sharedContext,
      "select reason, count(*) as count, max(received_at) as last_at from ghn_refused_callback where received_at > now() - interval '24 hours' and deleted_at is null group by reason order by max(received_at) desc"
    )
    const reasons = await Promise.all(
      rows.map(async (r) => {
        const samples = await this.rows<{ received_at: Date; detail: string; body: string }>(
          sharedContext,
          "select received_at, detail, body from ghn_refused_callback where reason = ? and deleted_at is null order by received_at desc limit 3",
          [r.reason]
        )
        return { reason: r.reason, count: Number(r.count), last_at: r.last_at, samples }
      })
    )
    return { count: reasons.reduce((n, r) => n + r.count, 0), reasons }
  }
}
