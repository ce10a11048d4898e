import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { toMedusaError } from "../lib/medusa-error"
import { GHN_MODULE } from "../modules/ghn"
import type GhnModuleService from "../modules/ghn/service"

export function ghnModule(req: MedusaRequest): GhnModuleService {
  return req.scope.resolve<GhnModuleService>(GHN_MODULE)
}

/** Answers a master-data list (cached in the module for a day; browsers may keep it an hour). */
export async function sendCachedList<T>(res: MedusaResponse, key: string, load: () => Promise<T[]>) {
  let list: T[]
  try {
    list = await load()
  } catch (error) {
    throw toMedusaError(error, "GHN master data")
  }
  res.setHeader("Cache-Control", "public, max-age=3600")
  res.json({ [key]: list, count: list.length })
}
