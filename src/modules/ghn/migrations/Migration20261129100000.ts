import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * The COD tab's check of each order (ghn_order_cod_check): its live parcels' COD against what
 * Medusa says the customer owed by COD; the `differences` filter reads those that are off through
 * the partial index. Filled as orders change (an order with parcels before this gets its check on
 * its next change, or when its parcels are shown).
 */
export class Migration20261129100000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "ghn_order_cod_check" ("order_id" text not null, "order_cod" integer not null, "order_cod_due" integer not null, "order_cod_difference" integer not null, "checked_at" timestamptz not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "ghn_order_cod_check_pkey" primary key ("order_id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_order_cod_check_deleted_at" ON "ghn_order_cod_check" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_order_cod_check_difference" ON "ghn_order_cod_check" ("order_id") WHERE order_cod_difference <> 0 AND deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "ghn_order_cod_check" cascade;`);
  }

}
