import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { type GhnLocationShopEntry, setGhnLocationShopsStep } from "./steps/set-ghn-location-shops"

/** Settings -> GHN: the GHN shop each stock location ships from, from the next fulfilment on. */
export const setGhnLocationShopsWorkflow = createWorkflow("set-ghn-location-shops", (entries: GhnLocationShopEntry[]) => {
  setGhnLocationShopsStep(entries)
  return new WorkflowResponse(entries)
})
