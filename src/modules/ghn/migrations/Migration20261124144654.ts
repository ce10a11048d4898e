import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * Create Order intents: kind (parcel or return), sequence (the readable code `1042-1`), the body
 * about to be sent, an orphan's tries; one code per sequence, one live intent per fulfilment.
 */
export class Migration20261124144654 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "ghn_create_intent" drop constraint if exists "ghn_create_intent_fulfillment_id_unique";`);
    this.addSql(`alter table if exists "ghn_create_intent" drop constraint if exists "ghn_create_intent_order_id_kind_sequence_unique";`);
    this.addSql(`alter table if exists "ghn_create_intent" add column if not exists "kind" text not null default 'outbound', add column if not exists "sequence" integer not null default 1, add column if not exists "shop_id" integer null, add column if not exists "body" jsonb null, add column if not exists "attempts" integer not null default 0, add column if not exists "next_attempt_at" timestamptz null, add column if not exists "error" text null;`);
    // Intents of earlier versions: numbered in the order they were made, before the unique index.
    this.addSql(`update "ghn_create_intent" i set "sequence" = s.n from (select id, row_number() over (partition by order_id, kind order by created_at, id) as n from "ghn_create_intent") s where i.id = s.id;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_create_intent_status_next_attempt_at" ON "ghn_create_intent" ("status", "next_attempt_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_ghn_create_intent_order_id_kind_sequence_unique" ON "ghn_create_intent" ("order_id", "kind", "sequence") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_ghn_create_intent_fulfillment_id_unique" ON "ghn_create_intent" ("fulfillment_id") WHERE status IN ('pending', 'created') AND deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_ghn_create_intent_status_next_attempt_at";`);
    this.addSql(`drop index if exists "IDX_ghn_create_intent_order_id_kind_sequence_unique";`);
    this.addSql(`drop index if exists "IDX_ghn_create_intent_fulfillment_id_unique";`);
    this.addSql(`alter table if exists "ghn_create_intent" drop column if exists "kind", drop column if exists "sequence", drop column if exists "shop_id", drop column if exists "body", drop column if exists "attempts", drop column if exists "next_attempt_at", drop column if exists "error";`);
  }

}
