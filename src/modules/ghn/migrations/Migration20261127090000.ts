import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * The admin's Insights tab: each parcel keeps the stock location it left from and the receiver's
 * province (as Create Order sent it), and the tab's range predicates get their indexes. A parcel
 * recorded before gets its location from its Create Order intent; its province stays unknown
 * (the intent no longer holds the body once the order is made). Settings -> GHN -> Set-up reads
 * when the webhook was last heard from on its own index.
 */
export class Migration20261127090000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "ghn_shipment" add column if not exists "location_id" text null, add column if not exists "to_province" text null;`);
    this.addSql(`update "ghn_shipment" s set "location_id" = i."location_id" from "ghn_create_intent" i where s."location_id" is null and i."order_code" = s."order_code" and i."location_id" is not null;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_shipment_location_created" ON "ghn_shipment" ("location_id", "created_at") WHERE is_return = false AND deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_shipment_cod_collect_date" ON "ghn_shipment" ("cod_collect_date") WHERE is_cod_collected = true AND deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_shipment_cod_transfer_date" ON "ghn_shipment" ("cod_transfer_date") WHERE is_cod_transferred = true AND deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_webhook_event_received_at" ON "ghn_webhook_event" ("received_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_ghn_webhook_event_received_at";`);
    this.addSql(`drop index if exists "IDX_ghn_shipment_location_created";`);
    this.addSql(`drop index if exists "IDX_ghn_shipment_cod_collect_date";`);
    this.addSql(`drop index if exists "IDX_ghn_shipment_cod_transfer_date";`);
    this.addSql(`alter table if exists "ghn_shipment" drop column if exists "location_id", drop column if exists "to_province";`);
  }

}
