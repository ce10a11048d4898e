import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/** Cash on delivery reconciled: GHN's collection and transfer, the capture on delivery, the checkout quote. */
export class Migration20261123042732 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "ghn_shipment" add column if not exists "cod_expected" integer null, add column if not exists "is_cod_collected" boolean not null default false, add column if not exists "cod_collect_date" timestamptz null, add column if not exists "is_cod_transferred" boolean not null default false, add column if not exists "cod_capture_status" text null, add column if not exists "cod_captured_amount" integer not null default 0, add column if not exists "cod_capture_id" text null, add column if not exists "cod_captured_at" timestamptz null, add column if not exists "cod_capture_error" text null, add column if not exists "quoted_fee" integer null;`);
    // Parcels made before: what GHN was asked to collect is the best known expectation.
    this.addSql(`update "ghn_shipment" set "cod_expected" = "cod_amount" where "cod_expected" is null and "is_return" = false;`);
    // Parcels delivered before the capture on delivery existed are left to the admin, never captured on upgrade.
    this.addSql(`update "ghn_shipment" set "cod_capture_status" = 'skipped', "cod_capture_error" = 'delivered before the plugin captured COD on delivery' where "status" = 'delivered' and "cod_amount" > 0 and "cod_capture_status" is null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "ghn_shipment" drop column if exists "cod_expected", drop column if exists "is_cod_collected", drop column if exists "cod_collect_date", drop column if exists "is_cod_transferred", drop column if exists "cod_capture_status", drop column if exists "cod_captured_amount", drop column if exists "cod_capture_id", drop column if exists "cod_captured_at", drop column if exists "cod_capture_error", drop column if exists "quoted_fee";`);
  }

}
