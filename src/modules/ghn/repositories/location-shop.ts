import type { Context } from "@medusajs/framework/types"
import { generateEntityId, InjectManager, InjectTransactionManager, MedusaContext } from "@medusajs/framework/utils"
import { SqlRepository } from "../utils/sql-repository"

/** The stock location -> GHN shop map chosen in the admin (ghn_location_shop). */
export class LocationShopRepository extends SqlRepository {
  @InjectManager()
  async all(@MedusaContext() sharedContext: Context = {}): Promise<Record<string, number>> {
    const rows = await this.rows<{ location_id: string; shop_id: number }>(sharedContext, "select location_id, shop_id from ghn_location_shop where deleted_at is null")
    return Object.fromEntries(rows.map((r) => [r.location_id, r.shop_id]))
  }

  /** Sets (a shop id) or clears (null: back to the option `locationShops`) the shop of stock locations, all or none. */
  @InjectTransactionManager()
  async set(entries: { location_id: string; shop_id: number | null }[], @MedusaContext() sharedContext: Context = {}): Promise<void> {
    const cleared = entries.filter((e) => e.shop_id === null).map((e) => e.location_id)
    const chosen = entries.filter((e) => e.shop_id !== null).map((e) => ({ id: generateEntityId(undefined, "ghnls"), location_id: e.location_id, shop_id: e.shop_id }))
    if (cleared.length) await this.rows(sharedContext, "delete from ghn_location_shop where location_id = any(?) and deleted_at is null", [cleared])
    if (!chosen.length) return
    await this.rows(
      sharedContext,
      `insert into ghn_location_shop (id, location_id, shop_id, created_at, updated_at)
       select c.id, c.location_id, c.shop_id, now(), now() from jsonb_to_recordset(?::jsonb) as c(id text, location_id text, shop_id int)
       on conflict (location_id) where deleted_at is null do update set shop_id = excluded.shop_id, updated_at = now()`,
      [JSON.stringify(chosen)]
    )
  }
}
