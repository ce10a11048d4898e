import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261124181433 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "ghn_trusted_receiver" drop constraint if exists "ghn_trusted_receiver_phone_unique";`);
    this.addSql(`alter table if exists "ghn_receiver_outcome" drop constraint if exists "ghn_receiver_outcome_order_code_unique";`);
    this.addSql(`create table if not exists "ghn_receiver_outcome" ("id" text not null, "phone" text not null, "order_code" text not null, "order_id" text null, "outcome" text check ("outcome" in ('delivered', 'returned', 'refused')) not null, "cod_amount" integer not null, "failed_attempts" integer not null default 0, "at" timestamptz not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "ghn_receiver_outcome_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_ghn_receiver_outcome_order_code_unique" ON "ghn_receiver_outcome" ("order_code") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_receiver_outcome_deleted_at" ON "ghn_receiver_outcome" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_receiver_outcome_phone_at" ON "ghn_receiver_outcome" ("phone", "at") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "ghn_trusted_receiver" ("id" text not null, "phone" text not null, "trusted_by" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "ghn_trusted_receiver_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_ghn_trusted_receiver_phone_unique" ON "ghn_trusted_receiver" ("phone") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_trusted_receiver_deleted_at" ON "ghn_trusted_receiver" ("deleted_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "ghn_receiver_outcome" cascade;`);

    this.addSql(`drop table if exists "ghn_trusted_receiver" cascade;`);
  }

}
