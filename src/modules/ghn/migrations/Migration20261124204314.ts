import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * A plain CREATE INDEX: Medusa runs every migration inside one transaction, where CONCURRENTLY
 * cannot run. A store with a large table creates it CONCURRENTLY first (docs/reference.md,
 * "Upgrading a large store"); IF NOT EXISTS then makes this a no-op.
 */
export class Migration20261124204314 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_shipment_cod_transfer_due" ON "ghn_shipment" ("last_synced_at") WHERE status = 'delivered' AND cod_amount > 0 AND is_cod_transferred = false AND deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_ghn_shipment_cod_transfer_due";`);
  }

}
