/**
 * The Insights tab's rollup: what its charts count, kept per Vietnamese day of a parcel's creation
 * (or of its COD's collection and transfer) × stock location, so that the tab reads O(days ×
 * provinces) rows however many parcels the store ships.
 *
 * PostgreSQL keeps it: triggers on ghn_shipment (one per statement, on its transition tables) take
 * every changed row's old contribution away and add its new one, in the statement that changes
 * the parcel. So every writer (the apply workflow, Order Info, the COD capture, a compensation, a
 * fix by hand in SQL) keeps it exact without having to remember it, and a rolled-back write rolls
 * it back too. The migration that creates it fills it from the parcels already there.
 *
 * A change to these rules (an outcome's statuses, the refusal reason codes, the return fee parts)
 * needs a migration that runs {@link insightRollupSql} again: it replaces the functions and
 * rebuilds the counts.
 */
import { vietnamDaySql, vietnamExpectedDaySql } from "../../../lib/ghn/dates"
import { RETURN_FEE_PARTS } from "../../../lib/insights/insights"
import { REFUSAL_REASON_CODES } from "../../../lib/cod/receiver-risk"
import { GHN_STATUSES, medusaEffectOf } from "../../../lib/status/status"

/** A GHN fee part of a parcel's breakdown in SQL, 0 when GHN gave none (or no number). */
const feePartSql = (part: string, row = "") => `case when jsonb_typeof(${row}fees->'${part}') = 'number' then (${row}fees->>'${part}')::numeric else 0 end`
/** The fees a return added to a parcel's bill. */
export const returnFeesSql = (row = "") => `(${RETURN_FEE_PARTS.map((p) => feePartSql(p, row)).join(" + ")})`
/** A parcel's history events (an empty list when it holds none). */
export const eventsSql = (row = "") =>
  `jsonb_array_elements(case when jsonb_typeof(${row}history->'events') = 'array' then ${row}history->'events' else '[]'::jsonb end)`
/** Statuses of a parcel coming back, back, lost or damaged (src/lib/status/status.ts): where a refusal is looked for. */
export const EXCEPTION_STATUSES = GHN_STATUSES.filter((s) => medusaEffectOf(s) === "exception")

const textArray = (values: readonly string[]) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ")}]::text[]`

/** The rollup's tables. Unknown location, province, reason: ''; no lateness (not delivered, nothing promised): -1. */
const TABLES = [
  `create table if not exists "ghn_insight_day" (
     "day" date not null, "location_id" text not null, "province" text not null, "status" text not null,
     "failed_attempts" smallint not null, "refused" boolean not null, "days_late" smallint not null,
     "parcels" integer not null default 0, "quoted" numeric not null default 0, "billed" numeric not null default 0,
     "reweigh_surcharge" numeric not null default 0, "return_fees" numeric not null default 0,
     primary key ("day", "location_id", "province", "status", "failed_attempts", "refused", "days_late"))`,
  `create table if not exists "ghn_insight_reason_day" (
     "day" date not null, "location_id" text not null, "reason_code" text not null, "reason" text not null,
     "failures" integer not null default 0,
     primary key ("day", "location_id", "reason_code", "reason"))`,
  `create table if not exists "ghn_insight_cod_day" (
     "kind" text not null, "day" date not null, "location_id" text not null,
     "parcels" integer not null default 0, "amount" numeric not null default 0,
     primary key ("kind", "day", "location_id"))`,
]

/**
 * The three upserts that add `source`'s rows (ghn_shipment's columns and `sign`: 1 to add, -1 to
 * take away) to the rollup. Keys in order, so concurrent writers lock the rollup's rows alike.
 */
function upsertsOf(source: string): string[] {
  const kept = `(select * from (${source}) c where c.deleted_at is null and c.is_return = false)`
  const refused = `(k.status = any(${textArray(EXCEPTION_STATUSES)}) and exists (select 1 from ${eventsSql("k.")} e
     where e->>'status' = 'delivery_fail' and e->>'reason_code' = any(${textArray(REFUSAL_REASON_CODES)}) and e->'not_applied' is null))`
  // Days late, 0 for on time (or early), 2 for two or more; -1 when not delivered or nothing was promised.
  const daysLate = `case when k.status = 'delivered' and k.expected_delivery_time is not null and k.status_at is not null
     then least(greatest(${vietnamDaySql("k.status_at")} - ${vietnamExpectedDaySql("k.expected_delivery_time")}, 0), 2) else -1 end`
  return [
    `insert into "ghn_insight_day" as r ("day", "location_id", "province", "status", "failed_attempts", "refused", "days_late", "parcels", "quoted", "billed", "reweigh_surcharge", "return_fees")
     select * from (
       select ${vietnamDaySql("k.created_at")} as day, coalesce(k.location_id, '') as location_id, coalesce(k.to_province, '') as province, k.status,
              least(k.delivery_attempts, 1) as failed_attempts, ${refused} as refused, ${daysLate} as days_late,
              sum(k.sign) as parcels, sum(k.sign * coalesce(k.quoted_fee, 0)) as quoted,
              sum(k.sign * case when k.quoted_fee is not null then k.total_fee else 0 end) as billed,
              sum(k.sign * case when k.sent_fee is not null then greatest(k.total_fee - k.sent_fee - ${returnFeesSql("k.")}, 0) else 0 end) as reweigh_surcharge,
              sum(k.sign * ${returnFeesSql("k.")}) as return_fees
         from ${kept} k
        group by 1, 2, 3, 4, 5, 6, 7) d
      -- A change that moves no count (a sync time, an address) writes nothing.
      where parcels <> 0 or quoted <> 0 or billed <> 0 or reweigh_surcharge <> 0 or return_fees <> 0
      order by 1, 2, 3, 4, 5, 6, 7
     on conflict ("day", "location_id", "province", "status", "failed_attempts", "refused", "days_late") do update set
        "parcels" = r."parcels" + excluded."parcels", "quoted" = r."quoted" + excluded."quoted", "billed" = r."billed" + excluded."billed",
        "reweigh_surcharge" = r."reweigh_surcharge" + excluded."reweigh_surcharge", "return_fees" = r."return_fees" + excluded."return_fees"`,
    // GHN's failed-delivery reasons, one per failed delivery the parcel's history holds.
    `insert into "ghn_insight_reason_day" as r ("day", "location_id", "reason_code", "reason", "failures")
     select ${vietnamDaySql("k.created_at")}, coalesce(k.location_id, ''), coalesce(e->>'reason_code', ''), coalesce(e->>'reason', ''), sum(k.sign)
       from ${kept} k, ${eventsSql("k.")} e
      where k.delivery_attempts > 0 and e->>'status' = 'delivery_fail' and e->'not_applied' is null
      group by 1, 2, 3, 4 having sum(k.sign) <> 0 order by 1, 2, 3, 4
     on conflict ("day", "location_id", "reason_code", "reason") do update set "failures" = r."failures" + excluded."failures"`,
    // COD collected and transferred on a day; awaiting transfer, by the day GHN collected it (on delivery when GHN gave no date).
    `insert into "ghn_insight_cod_day" as r ("kind", "day", "location_id", "parcels", "amount")
     select kind, day, location_id, sum(sign), sum(sign * amount) from (
       select 'collected' as kind, ${vietnamDaySql("k.cod_collect_date")} as day, coalesce(k.location_id, '') as location_id, k.sign, k.cod_amount as amount
         from ${kept} k where k.is_cod_collected = true and k.cod_collect_date is not null
       union all
       select 'transferred', ${vietnamDaySql("k.cod_transfer_date")}, coalesce(k.location_id, ''), k.sign, k.cod_amount
         from ${kept} k where k.is_cod_transferred = true and k.cod_transfer_date is not null
       union all
       select 'awaiting', ${vietnamDaySql("coalesce(k.cod_collect_date, k.status_at, k.created_at)")}, coalesce(k.location_id, ''), k.sign, k.cod_amount
         from ${kept} k where k.is_cod_collected = true and k.is_cod_transferred = false and k.status = 'delivered' and k.cod_amount > 0
     ) x
      group by 1, 2, 3 having sum(sign) <> 0 or sum(sign * amount) <> 0 order by 1, 2, 3
     on conflict ("kind", "day", "location_id") do update set "parcels" = r."parcels" + excluded."parcels", "amount" = r."amount" + excluded."amount"`,
  ]
}

/** The change a statement made, as rows with their sign: what each trigger hands to the upserts. */
const SOURCES = {
  insert: "select n.*, 1 as sign from ghn_insight_new n",
  update: "select n.*, 1 as sign from ghn_insight_new n union all select o.*, -1 as sign from ghn_insight_old o",
  delete: "select o.*, -1 as sign from ghn_insight_old o",
} as const

/** Creates (or replaces) the rollup's tables and triggers and rebuilds its counts from ghn_shipment. */
export function insightRollupSql(): string[] {
  const triggers = (Object.keys(SOURCES) as (keyof typeof SOURCES)[]).flatMap((op) => {
    const transition = { insert: "new table as ghn_insight_new", update: "old table as ghn_insight_old new table as ghn_insight_new", delete: "old table as ghn_insight_old" }[op]
    return [
      `create or replace function "ghn_insight_on_${op}"() returns trigger language plpgsql
       -- The schema the migration ran in, whatever the writer's search_path.
       set search_path from current as $fn$
       begin
         ${upsertsOf(SOURCES[op]).join(";\n")};
         return null;
       end $fn$`,
      `drop trigger if exists "ghn_insight_${op}" on "ghn_shipment"`,
      `create trigger "ghn_insight_${op}" after ${op} on "ghn_shipment" referencing ${transition} for each statement execute function "ghn_insight_on_${op}"()`,
    ]
  })
  return [
    ...TABLES,
    ...triggers,
    `create or replace function "ghn_insight_on_truncate"() returns trigger language plpgsql
       -- The schema the migration ran in, whatever the writer's search_path.
       set search_path from current as $fn$
     begin
       truncate "ghn_insight_day", "ghn_insight_reason_day", "ghn_insight_cod_day";
       return null;
     end $fn$`,
    `drop trigger if exists "ghn_insight_truncate" on "ghn_shipment"`,
    `create trigger "ghn_insight_truncate" after truncate on "ghn_shipment" for each statement execute function "ghn_insight_on_truncate"()`,
    // The counts of the parcels already there.
    `truncate "ghn_insight_day", "ghn_insight_reason_day", "ghn_insight_cod_day"`,
    ...upsertsOf(`select s.*, 1 as sign from "ghn_shipment" s`),
  ]
}

/** Drops the rollup (the migration's down). */
export function dropInsightRollupSql(): string[] {
  return [
    ...["insert", "update", "delete", "truncate"].flatMap((op) => [`drop trigger if exists "ghn_insight_${op}" on "ghn_shipment"`, `drop function if exists "ghn_insight_on_${op}"()`]),
    `drop table if exists "ghn_insight_day", "ghn_insight_reason_day", "ghn_insight_cod_day"`,
  ]
}
