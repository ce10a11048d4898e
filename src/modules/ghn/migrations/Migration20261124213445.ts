import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261124213445 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "ghn_address_choice" drop constraint if exists "ghn_address_choice_address_id_unique";`);
    this.addSql(`create table if not exists "ghn_address_choice" ("id" text not null, "address_id" text not null, "customer_id" text not null, "code" text not null, "part" text not null, "address_label" text not null, "candidates" jsonb not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "ghn_address_choice_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_ghn_address_choice_address_id_unique" ON "ghn_address_choice" ("address_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_address_choice_deleted_at" ON "ghn_address_choice" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_address_choice_customer_id" ON "ghn_address_choice" ("customer_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_address_choice_created_at" ON "ghn_address_choice" ("created_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "ghn_address_choice" cascade;`);
  }

}
