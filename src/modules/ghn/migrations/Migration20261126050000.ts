import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261126050000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "ghn_shipment" add column if not exists "cod_risk" jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "ghn_shipment" drop column if exists "cod_risk";`);
  }

}
