import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261122025009 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "ghn_webhook_event" drop constraint if exists "ghn_webhook_event_dedupe_key_unique";`);
    this.addSql(`alter table if exists "ghn_shipment" drop constraint if exists "ghn_shipment_order_code_unique";`);
    this.addSql(`alter table if exists "ghn_shipment" drop constraint if exists "ghn_shipment_fulfillment_id_unique";`);
    this.addSql(`create table if not exists "ghn_shipment" ("id" text not null, "fulfillment_id" text not null, "order_id" text null, "order_code" text not null, "client_order_code" text null, "shop_id" integer not null, "is_return" boolean not null default false, "status" text not null default 'ready_to_pick', "status_at" timestamptz null, "history" jsonb not null default '{"events":[]}', "total_fee" integer not null default 0, "fees" jsonb null, "cod_amount" integer not null default 0, "cod_transfer_date" timestamptz null, "weight" integer null, "converted_weight" integer null, "expected_delivery_time" timestamptz null, "last_synced_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "ghn_shipment_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_ghn_shipment_fulfillment_id_unique" ON "ghn_shipment" ("fulfillment_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_ghn_shipment_order_code_unique" ON "ghn_shipment" ("order_code") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_shipment_deleted_at" ON "ghn_shipment" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_shipment_status" ON "ghn_shipment" ("status") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_shipment_order_id" ON "ghn_shipment" ("order_id") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "ghn_webhook_event" ("id" text not null, "dedupe_key" text not null, "order_code" text not null, "type" text not null, "status" text null, "event_time" timestamptz not null, "body" jsonb not null, "received_at" timestamptz not null, "processed_at" timestamptz null, "unknown_order" boolean not null default false, "error" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "ghn_webhook_event_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_ghn_webhook_event_dedupe_key_unique" ON "ghn_webhook_event" ("dedupe_key") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_webhook_event_deleted_at" ON "ghn_webhook_event" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_webhook_event_order_code" ON "ghn_webhook_event" ("order_code") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "ghn_shipment" cascade;`);

    this.addSql(`drop table if exists "ghn_webhook_event" cascade;`);
  }

}
