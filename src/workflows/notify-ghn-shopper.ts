import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { sendNotificationsStep } from "@medusajs/medusa/core-flows"
import type { ShopperUpdateData } from "../contracts/events"
import { buildGhnShopperNotificationsStep } from "./steps/build-ghn-shopper-notifications"

/**
 * Tells the shopper about their parcel through the store's Notification Module. Sent once per
 * parcel, update and channel: the notification's idempotency key is unique in the module's table,
 * so a retry, a restart or a second worker finds it there and sends nothing more.
 */
export const notifyGhnShopperWorkflow = createWorkflow("notify-ghn-shopper", (input: ShopperUpdateData) => {
  const notifications = buildGhnShopperNotificationsStep(input)
  const sent = sendNotificationsStep(notifications)
  return new WorkflowResponse(sent)
})
