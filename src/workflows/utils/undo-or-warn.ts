import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { withoutHosts } from "../../lib/runtime/medusa-error"

/**
 * One undo of a compensation, which only warns when it fails: a compensation never throws, so the
 * compensations after it (GHN's cancel of the order it made above all) still run.
 */
export async function undoOrWarn(container: MedusaContainer, what: string, undo: () => Promise<unknown>): Promise<void> {
  try {
    await undo()
  } catch (error) {
    container.resolve<{ warn(message: string): void }>(ContainerRegistrationKeys.LOGGER).warn(`GHN: ${what} failed: ${withoutHosts((error as Error).message)}`)
  }
}
