import type { MedusaContainer } from "@medusajs/framework/types"
import { GHN_MODULE } from "../modules/ghn"
import type GhnModuleService from "../modules/ghn/service"

/**
 * Keeps the callbacks table from growing without end (about 8 rows per shipment): callbacks applied
 * more than `callbackRetentionDays` ago are deleted, a thousand rows per statement with a 100 ms
 * pause between statements, up to 50,000 an hour (a store of 100,000 shipments a month stores about 1,100 an hour).
 * Callbacks of order codes the store never had (never applied) go once received longer ago than the
 * retention; other unapplied ones stay.
 */
export async function pruneGhnCallbacks(container: MedusaContainer, opts: { batch?: number; maxBatches?: number; pauseMs?: number } = {}) {
  const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
  return await ghn.pruneAppliedCallbacks({ days: ghn.options.callbackRetentionDays, ...opts })
}

export default async function pruneGhnCallbacksJob(container: MedusaContainer) {
  const deleted = await pruneGhnCallbacks(container)
  if (deleted) container.resolve<{ info(message: string): void }>("logger").info(`GHN: ${deleted} applied callbacks and callbacks of unknown orders older than the retention deleted`)
}

export const config = {
  name: "prune-ghn-callbacks",
  schedule: "17 * * * *",
}
