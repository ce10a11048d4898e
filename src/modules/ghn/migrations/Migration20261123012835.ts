import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261123012835 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "ghn_create_intent" drop constraint if exists "ghn_create_intent_client_order_code_unique";`);
    this.addSql(`create table if not exists "ghn_create_intent" ("id" text not null, "client_order_code" text not null, "provider_id" text not null, "order_id" text not null, "location_id" text null, "items" jsonb not null, "cod_amount" integer not null default 0, "status" text not null default 'pending', "order_code" text null, "fulfillment_id" text null, "note" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "ghn_create_intent_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_ghn_create_intent_client_order_code_unique" ON "ghn_create_intent" ("client_order_code") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_create_intent_deleted_at" ON "ghn_create_intent" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_create_intent_order_id_status" ON "ghn_create_intent" ("order_id", "status") WHERE deleted_at IS NULL;`);

    this.addSql(`alter table if exists "ghn_shipment" add column if not exists "provider_id" text null;`);

    this.addSql(`alter table if exists "ghn_webhook_event" add column if not exists "attempts" integer not null default 0, add column if not exists "next_attempt_at" timestamptz null;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_webhook_event_processed_at_event_time" ON "ghn_webhook_event" ("processed_at", "event_time") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "ghn_create_intent" cascade;`);

    this.addSql(`alter table if exists "ghn_shipment" drop column if exists "provider_id";`);

    this.addSql(`drop index if exists "IDX_ghn_webhook_event_processed_at_event_time";`);
    this.addSql(`alter table if exists "ghn_webhook_event" drop column if exists "attempts", drop column if exists "next_attempt_at";`);
  }

}
