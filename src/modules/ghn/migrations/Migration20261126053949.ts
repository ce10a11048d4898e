import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261126053949 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "ghn_shipping_run" ("id" text not null, "status" text not null default 'queued', "created_by" text null, "pick_shift" integer null, "pick_shift_title" text null, "filter" jsonb null, "total" integer not null default 0, "started_at" timestamptz null, "finished_at" timestamptz null, "leased_until" timestamptz null, "lease_owner" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "ghn_shipping_run_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_shipping_run_deleted_at" ON "ghn_shipping_run" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_shipping_run_created_at" ON "ghn_shipping_run" ("created_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_shipping_run_leased_until" ON "ghn_shipping_run" ("leased_until") WHERE status = 'running' AND deleted_at IS NULL;`);

    this.addSql(`create table if not exists "ghn_shipping_run_order" ("id" text not null, "run_id" text not null, "order_id" text not null, "display_id" text null, "provider_id" text null, "status" text not null default 'queued', "fulfillment_id" text null, "ghn_order_code" text null, "error_code" text null, "error" text null, "attempts" integer not null default 0, "started_at" timestamptz null, "finished_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "ghn_shipping_run_order_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_shipping_run_order_deleted_at" ON "ghn_shipping_run_order" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_shipping_run_order_run_id_status" ON "ghn_shipping_run_order" ("run_id", "status") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_ghn_shipping_run_order_active" ON "ghn_shipping_run_order" ("order_id") WHERE status IN ('queued', 'running') AND deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "ghn_shipping_run" cascade;`);

    this.addSql(`drop table if exists "ghn_shipping_run_order" cascade;`);
  }

}
