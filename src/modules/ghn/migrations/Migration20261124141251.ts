import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261124141251 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "ghn_create_intent" add column if not exists "kind" text not null default 'outbound', add column if not exists "sequence" integer not null default 1, add column if not exists "shop_id" integer null, add column if not exists "body" jsonb null, add column if not exists "attempts" integer not null default 0, add column if not exists "next_attempt_at" timestamptz null, add column if not exists "error" text null;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_create_intent_status_next_attempt_at" ON "ghn_create_intent" ("status", "next_attempt_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_create_intent_fulfillment_id" ON "ghn_create_intent" ("fulfillment_id") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_ghn_create_intent_status_next_attempt_at";`);
    this.addSql(`drop index if exists "IDX_ghn_create_intent_fulfillment_id";`);
    this.addSql(`alter table if exists "ghn_create_intent" drop column if exists "kind", drop column if exists "sequence", drop column if exists "shop_id", drop column if exists "body", drop column if exists "attempts", drop column if exists "next_attempt_at", drop column if exists "error";`);
  }

}
