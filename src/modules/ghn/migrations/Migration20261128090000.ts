import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/** Automatic shipping (option `autoShip`): the orders queued, when each is due, and why one does not ship on its own. */
export class Migration20261128090000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "ghn_auto_ship" ("id" text not null, "order_id" text not null, "status" text not null default 'waiting', "queued_at" timestamptz not null, "due_at" timestamptz null, "reason" text null, "run_id" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "ghn_auto_ship_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_auto_ship_deleted_at" ON "ghn_auto_ship" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_ghn_auto_ship_order_id_unique" ON "ghn_auto_ship" ("order_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_auto_ship_due_at" ON "ghn_auto_ship" ("due_at") WHERE status = 'waiting' AND deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "ghn_auto_ship" cascade;`);
  }

}
