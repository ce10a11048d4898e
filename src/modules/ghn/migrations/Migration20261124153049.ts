import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261124153049 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "ghn_refused_callback" ("id" text not null, "reason" text not null, "detail" text not null, "body" text not null, "received_at" timestamptz not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "ghn_refused_callback_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_refused_callback_deleted_at" ON "ghn_refused_callback" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_refused_callback_received_at" ON "ghn_refused_callback" ("received_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "ghn_refused_callback" cascade;`);
  }

}
