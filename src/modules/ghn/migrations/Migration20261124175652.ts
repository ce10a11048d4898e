import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261124175652 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`drop index if exists "IDX_ghn_shipment_status";`);

    this.addSql(`alter table if exists "ghn_shipment" add column if not exists "status_reason" text null, add column if not exists "status_reason_code" text null, add column if not exists "delivery_attempts" integer not null default 0;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_shipment_status_status_at" ON "ghn_shipment" ("status", "status_at") WHERE deleted_at IS NULL;`);
    // Parcels tracked before: their current status's reason and their failed attempts, from the history they kept.
    this.addSql(`update "ghn_shipment" s set
        "status_reason" = (select e->>'reason' from jsonb_array_elements(coalesce(s.history->'events', '[]'::jsonb)) e
                            where e->>'status' = s.status and e->>'not_applied' is null order by (e->>'reason' is null), e->>'time' desc limit 1),
        "status_reason_code" = (select e->>'reason_code' from jsonb_array_elements(coalesce(s.history->'events', '[]'::jsonb)) e
                            where e->>'status' = s.status and e->>'not_applied' is null order by (e->>'reason' is null), e->>'time' desc limit 1),
        "delivery_attempts" = (select count(*) from (
            select e->>'status' as status, lag(e->>'status') over (order by e->>'time') as before
              from jsonb_array_elements(coalesce(s.history->'events', '[]'::jsonb)) e
             where e->>'status' is not null and e->>'not_applied' is null) t
            where t.status = 'delivery_fail' and t.before is distinct from 'delivery_fail')
      where s.deleted_at is null and s.history is not null;`);
    // One name per fee part (src/lib/parcel/fee-breakdown.ts): callbacks' Pascal-case parts renamed, and
    // where a part was kept under both names (Create Order's, then a callback's) the callback's wins.
    this.addSql(`update "ghn_shipment" s set "fees" = (
        select coalesce(jsonb_object_agg(d.k, d.v), '{}'::jsonb) from (
          select distinct on (e.k) e.k, e.v from (
            select case j.key when 'CODFee' then 'cod_fee' when 'CODFailedFee' then 'cod_failed_fee' when 'StationDO' then 'station_do'
                              when 'StationPU' then 'station_pu' when 'R2S' then 'r2s'
                              else lower(regexp_replace(j.key, '([a-z0-9])([A-Z])', '\\1_\\2', 'g')) end as k,
                   j.value as v, j.key ~ '^[A-Z]' as pascal
              from jsonb_each(s.fees) j) e
          where e.k <> 'total'
          order by e.k, e.pascal desc) d)
      where s.fees is not null and jsonb_typeof(s.fees) = 'object' and s.fees::text ~ '"[A-Z]';`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_ghn_shipment_status_status_at";`);
    this.addSql(`alter table if exists "ghn_shipment" drop column if exists "status_reason", drop column if exists "status_reason_code", drop column if exists "delivery_attempts";`);

    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_ghn_shipment_status" ON "ghn_shipment" ("status") WHERE deleted_at IS NULL;`);
  }

}
