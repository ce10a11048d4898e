import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261124173333 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "ghn_webhook_event" add column if not exists "event" jsonb null;`);
    // Callbacks are kept once as GHN sent them (raw_body) and once parsed (event); `body` stays for older rows only.
    this.addSql(`alter table if exists "ghn_webhook_event" alter column "body" drop not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "ghn_webhook_event" drop column if exists "event";`);
    this.addSql(`update "ghn_webhook_event" set "body" = "raw_body"::jsonb where "body" is null and "raw_body" is not null;`);
    this.addSql(`alter table if exists "ghn_webhook_event" alter column "body" set not null;`);
  }

}
