import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261122033837 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "ghn_ticket" drop constraint if exists "ghn_ticket_ticket_id_unique";`);
    this.addSql(`create table if not exists "ghn_ticket" ("id" text not null, "ticket_id" integer not null, "order_code" text not null, "order_id" text null, "shop_id" integer not null, "category" text not null, "description" text not null, "status_id" integer not null default 1, "status" text null, "conversation_count" integer not null default 0, "created_by" text null, "last_synced_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "ghn_ticket_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_ghn_ticket_ticket_id_unique" ON "ghn_ticket" ("ticket_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_ticket_deleted_at" ON "ghn_ticket" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_ticket_order_code" ON "ghn_ticket" ("order_code") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_ticket_order_id" ON "ghn_ticket" ("order_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_ticket_status_id" ON "ghn_ticket" ("status_id") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "ghn_ticket" cascade;`);
  }

}
