import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * GHN writes an unset date as Go's zero time (0001-01-01T00:00:00Z). Stored as a date, it marked a
 * parcel's COD as transferred to the shop: those dates are unset again and the transfer with
 * them (polling asks GHN again about every delivered COD parcel not transferred). A callback
 * stored but not applied yet forgets such a transfer date too.
 */
export class Migration20261126051000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`update "ghn_shipment" set "is_cod_transferred" = false, "cod_transfer_date" = null where "cod_transfer_date" < '1970-01-02';`);
    this.addSql(`update "ghn_shipment" set "cod_collect_date" = null where "cod_collect_date" < '1970-01-02';`);
    this.addSql(`update "ghn_shipment" set "expected_delivery_time" = null where "expected_delivery_time" < '1970-01-02';`);
    this.addSql(`update "ghn_webhook_event" set "event" = "event" || '{"cod_transferred": false, "cod_transfer_date": null}'::jsonb where "processed_at" is null and "event" is not null and "event"->>'cod_transfer_date' like '0001-%';`);
  }

  override async down(): Promise<void> {
    // The zero dates were never real: nothing to put back.
  }

}
