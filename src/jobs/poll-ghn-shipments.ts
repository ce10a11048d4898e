import type { MedusaContainer } from "@medusajs/framework/types"
import { pollOnSchedule } from "../runners/polling"

/** The polling fallback (src/runners/polling.ts), every 10 minutes; `pollIntervalMinutes: 0` turns it off. */
export default async function pollGhnShipmentsJob(container: MedusaContainer) {
  await pollOnSchedule(container)
}

export const config = {
  name: "poll-ghn-shipments",
  schedule: "*/10 * * * *",
}
