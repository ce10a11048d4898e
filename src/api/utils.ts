import * as framework from "@medusajs/framework"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { FeatureFlag } from "@medusajs/framework/utils"
import { isSpecialUnit } from "../lib/address/address"
import { toMedusaError } from "../lib/runtime/medusa-error"
import { isBudgetSpent } from "../lib/runtime/store-master-data"
import { GHN_MODULE } from "../modules/ghn"
import type GhnModuleService from "../modules/ghn/service"

export function ghnModule(req: MedusaRequest): GhnModuleService {
  return req.scope.resolve<GhnModuleService>(GHN_MODULE)
}

type Policy = { resource: string; operation: string }
type HasPermission = (input: { roles: string[]; actions: Policy; container: MedusaRequest["scope"] }) => Promise<boolean>

/**
 * Whether the admin making the request holds a policy, for a part of an answer only some may see
 * (a receiver's COD history inside an order's shipments): Medusa's RBAC, checked as route policies
 * are (no role: no); every admin holds every policy when its `rbac` flag is off, or on a Medusa
 * without RBAC.
 */
export async function holdsPolicy(req: MedusaRequest, policy: Policy): Promise<boolean> {
  const hasPermission = (framework as { hasPermission?: HasPermission }).hasPermission
  if (typeof hasPermission !== "function" || !FeatureFlag.isFeatureEnabled("rbac")) return true
  const roles = (req as MedusaRequest & { auth_context?: { app_metadata?: { roles?: unknown } } }).auth_context?.app_metadata?.roles
  if (!Array.isArray(roles) || !roles.length) return false
  return hasPermission({ roles: roles as string[], actions: policy, container: req.scope })
}

/** Answers 429 with Retry-After when the storefront's GHN budget is spent (src/lib/runtime/store-master-data.ts); false otherwise. */
export function answeredBudgetSpent(res: MedusaResponse, error: unknown): boolean {
  if (!isBudgetSpent(error)) return false
  res.setHeader("Retry-After", String(error.retryAfterSeconds))
  res.status(429).json({ type: "too_many_requests", code: error.code, message: error.message })
  return true
}

/** Answers a master-data list (cached in the module for a day; browsers may keep it an hour). */
export async function sendCachedList<T extends { name: string }>(res: MedusaResponse, key: string, load: () => Promise<T[]>) {
  let list: T[]
  try {
    // GHN's lists hold test and internal entries ("đặc biệt"): never offer them to a customer.
    list = (await load()).filter((unit) => !isSpecialUnit(unit.name))
  } catch (error) {
    if (answeredBudgetSpent(res, error)) return
    throw toMedusaError(error, "GHN master data")
  }
  res.setHeader("Cache-Control", "public, max-age=3600")
  res.json({ [key]: list, count: list.length })
}
