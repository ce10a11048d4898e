import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * GHN calls per minute, account, class and GHN code (ghn_call_minute): the Health section's
 * answers from GHN over the last hour and day, added to by every process; kept two days.
 */
export class Migration20261129120000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "ghn_call_minute" ("id" text not null, "minute" timestamptz not null, "account" text not null, "outcome" text not null, "code" text not null, "calls" integer not null, "total_ms" integer not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "ghn_call_minute_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_call_minute_deleted_at" ON "ghn_call_minute" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_call_minute_minute" ON "ghn_call_minute" ("minute") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "ghn_call_minute" cascade;`);
  }

}
