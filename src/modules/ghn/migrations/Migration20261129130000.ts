import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * The alerts' incidents (ghn_alert): one open row per alert and account at most (the partial
 * unique index), so two instances open, tell and clear each incident once.
 */
export class Migration20261129130000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "ghn_alert" ("id" text not null, "kind" text not null, "account" text not null, "params" jsonb null, "opened_at" timestamptz not null, "cleared_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "ghn_alert_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_alert_deleted_at" ON "ghn_alert" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_ghn_alert_open" ON "ghn_alert" ("kind", "account") WHERE cleared_at IS NULL AND deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_alert_opened_at" ON "ghn_alert" ("opened_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "ghn_alert" cascade;`);
  }

}
