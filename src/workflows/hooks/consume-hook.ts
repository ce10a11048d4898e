import { logger } from "@medusajs/framework/logger"

// Each hook types its own handler; this only checks the hook is there and hands the handler on.
type HookHandler = (...args: never[]) => unknown
type Register = (invoke: HookHandler, compensate?: HookHandler) => void

/**
 * Consumes a workflow hook when this Medusa has it. Each Medusa version adds hooks; on an older
 * one the plugin still boots, and says once what the store loses without the hook.
 */
export function consumeHook(workflowName: string, workflow: { hooks?: object }, hook: string, invoke: HookHandler, lost: string, compensate?: HookHandler): boolean {
  const register = (workflow.hooks as Record<string, Register | undefined> | undefined)?.[hook]
  if (typeof register === "function") {
    register(invoke, compensate)
    return true
  }
  logger.warn(`GHN: this Medusa has no ${workflowName}.hooks.${hook} (added in a later Medusa 2.x): ${lost}`)
  return false
}
