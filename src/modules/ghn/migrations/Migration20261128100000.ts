import { Migration } from "@medusajs/framework/mikro-orm/migrations";
import { BACKFILL_READY_ORDERS_SQL } from "../repositories/ready-to-ship";

/**
 * Ready to ship reads through an index of open orders (ghn_ready_order), so that it costs the same
 * at 100,000 orders as at 1,000; filled here from the orders already there.
 */
export class Migration20261128100000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "ghn_ready_order" ("order_id" text not null, "placed_at" timestamptz not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "ghn_ready_order_pkey" primary key ("order_id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_ready_order_deleted_at" ON "ghn_ready_order" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_ready_order_placed_at_order_id" ON "ghn_ready_order" ("placed_at", "order_id") WHERE deleted_at IS NULL;`);
    // Medusa may migrate this module before the order module on a new database: no order table
    // yet means no order to index (the hourly reconcile keeps it exact from then on).
    this.addSql(`do $$ begin if to_regclass('"order"') is not null then ${BACKFILL_READY_ORDERS_SQL}; end if; end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "ghn_ready_order" cascade;`);
  }

}
