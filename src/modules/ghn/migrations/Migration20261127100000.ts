import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/** Settings -> GHN: the stock location -> GHN shop map chosen in the admin (over the option `locationShops`). */
export class Migration20261127100000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "ghn_location_shop" ("id" text not null, "location_id" text not null, "shop_id" integer not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "ghn_location_shop_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_ghn_location_shop_location_id_unique" ON "ghn_location_shop" ("location_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_location_shop_deleted_at" ON "ghn_location_shop" ("deleted_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "ghn_location_shop" cascade;`);
  }

}
