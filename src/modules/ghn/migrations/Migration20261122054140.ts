import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261122054140 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "ghn_webhook_event" add column if not exists "raw_body" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "ghn_webhook_event" drop column if exists "raw_body";`);
  }

}
