import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261124185818 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_shipment_client_order_code" ON "ghn_shipment" ("client_order_code") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_ghn_shipment_client_order_code";`);
  }

}
