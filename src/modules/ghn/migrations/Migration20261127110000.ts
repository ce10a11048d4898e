import { Migration } from "@medusajs/framework/mikro-orm/migrations";
import { dropInsightRollupSql, insightRollupSql } from "../schema/insight-rollup";

/**
 * The Insights tab reads a rollup PostgreSQL keeps on every write of a parcel (src/modules/ghn/schema/insight-rollup.ts),
 * so that the tab costs the same at 100,000 parcels a month as at 1,000; filled here from the parcels already there.
 */
export class Migration20261127110000 extends Migration {

  override async up(): Promise<void> {
    for (const sql of insightRollupSql()) this.addSql(sql);
  }

  override async down(): Promise<void> {
    for (const sql of dropInsightRollupSql()) this.addSql(sql);
  }

}
