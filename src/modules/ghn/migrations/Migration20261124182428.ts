import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261124182428 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "ghn_shipment" add column if not exists "box_length" integer null, add column if not exists "box_width" integer null, add column if not exists "box_height" integer null, add column if not exists "sent_weight" integer null, add column if not exists "sent_length" integer null, add column if not exists "sent_width" integer null, add column if not exists "sent_height" integer null, add column if not exists "sent_fee" integer null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "ghn_shipment" drop column if exists "box_length", drop column if exists "box_width", drop column if exists "box_height", drop column if exists "sent_weight", drop column if exists "sent_length", drop column if exists "sent_width", drop column if exists "sent_height", drop column if exists "sent_fee";`);
  }

}
