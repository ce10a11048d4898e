import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261124185544 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_shipment_created_at" ON "ghn_shipment" ("created_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_shipment_last_synced_at" ON "ghn_shipment" ("last_synced_at") WHERE status NOT IN ('delivered', 'returned', 'cancel', 'lost', 'damage') AND deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_shipment_cod_captured_at" ON "ghn_shipment" ("cod_captured_at") WHERE status = 'delivered' AND cod_amount > 0 AND (cod_capture_status IS NULL OR cod_capture_status IN ('capturing', 'failed')) AND deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_ghn_shipment_created_at";`);
    this.addSql(`drop index if exists "IDX_ghn_shipment_last_synced_at";`);
    this.addSql(`drop index if exists "IDX_ghn_shipment_cod_captured_at";`);
  }

}
