import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * The door check of a shipping run's parcels (ghn_handover_scan: the Handover view's scans, who
 * completed it, the parcels missing), and a run's failures kept with their stable code's parameters
 * (ghn_shipping_run_order.error_params), so the admin words them in its own language.
 */
export class Migration20261129090000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "ghn_handover_scan" ("id" text not null, "run_id" text not null, "status" text not null default 'open', "started_by" text null, "completed_by" text null, "completed_at" timestamptz null, "scans" jsonb not null default '{"items":[]}', "missing" jsonb null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "ghn_handover_scan_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_handover_scan_deleted_at" ON "ghn_handover_scan" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_handover_scan_run_id_created_at" ON "ghn_handover_scan" ("run_id", "created_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_ghn_handover_scan_open" ON "ghn_handover_scan" ("run_id") WHERE status = 'open' AND deleted_at IS NULL;`);
    // A scanned code is looked up among every run's parcels.
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_shipping_run_order_ghn_order_code" ON "ghn_shipping_run_order" ("ghn_order_code") WHERE ghn_order_code IS NOT NULL AND deleted_at IS NULL;`);
    this.addSql(`alter table if exists "ghn_shipping_run_order" add column if not exists "error_params" jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "ghn_shipping_run_order" drop column if exists "error_params";`);
    this.addSql(`drop index if exists "IDX_ghn_shipping_run_order_ghn_order_code";`);
    this.addSql(`drop table if exists "ghn_handover_scan" cascade;`);
  }

}
