/**
 * Get Shop (list) and Create Shop.
 */
import { z } from "zod"
import { GHN_PATHS } from "./constants"
import type { GhnCallOptions, Transport } from "./transport"
import { int, list, obj, optInt, text } from "./response"
import { posInt, reqStr, str, uint, validateInput } from "./validation"

export const listShopsQuerySchema = z.strictObject({
  offset: uint().optional(),
  limit: uint().optional(),
  client_phone: str().optional(),
})
export type GhnListShopsQuery = z.input<typeof listShopsQuerySchema>

export const createShopBodySchema = z.strictObject({
  name: reqStr(),
  phone: str().optional(),
  address: str().optional(),
  ward_code: str().optional(),
  district_id: posInt().optional(),
  bank_account_id: posInt().optional(),
})
export type GhnCreateShopBody = z.input<typeof createShopBodySchema>

export const shopSchema = z.looseObject({
  _id: int(),
  name: text(),
  phone: text(),
  address: text(),
  ward_code: text(),
  district_id: optInt(),
  client_id: optInt(),
  status: optInt(),
})
export type GhnShop = z.output<typeof shopSchema>

export const shopListSchema = z.looseObject({
  last_offset: optInt().transform((v) => v ?? 0),
  shops: list(shopSchema),
})
export type GhnShopList = z.output<typeof shopListSchema>

export function createShopsApi(t: Transport) {
  const list = async (query: GhnListShopsQuery = {}, call?: GhnCallOptions): Promise<GhnShopList> => {
    const q = validateInput("shops.list", listShopsQuerySchema, query)
    return t.request({
      operation: "shops.list",
      method: "GET",
      path: GHN_PATHS.shopAll,
      query: { offset: q.offset, limit: q.limit, client_phone: q.client_phone || undefined },
      shopId: "never",
      retry: "safe",
      data: obj(shopListSchema.shape).transform((v) => v ?? { last_offset: 0, shops: [] }),
      call,
    })
  }

  return {
    /** Get Shop: one page. Token only (never a ShopId header). Retried on transient failures. */
    list,

    /**
     * Every shop, paging with `pageSize` (default 200) from offset 0, following last_offset,
     * until a short or empty page (at most `maxPages`, default 50).
     */
    async listAll(
      opts: { client_phone?: string; pageSize?: number; maxPages?: number } = {},
      call?: GhnCallOptions,
    ): Promise<GhnShop[]> {
      const pageSize = opts.pageSize ?? 200
      const out: GhnShop[] = []
      const seen = new Set<number>()
      let offset = 0
      for (let page = 0; page < (opts.maxPages ?? 50); page++) {
        const res = await list({ offset, limit: pageSize, client_phone: opts.client_phone }, call)
        for (const shop of res.shops) {
          if (!seen.has(shop._id)) {
            seen.add(shop._id)
            out.push(shop)
          }
        }
        const next = res.last_offset > offset ? res.last_offset : offset + res.shops.length
        if (res.shops.length < pageSize || next <= offset) break
        offset = next
      }
      return out
    },

    /** Create Shop (shop/register). ShopId must be an active shop of the caller. Never retried. */
    async create(body: GhnCreateShopBody, call?: GhnCallOptions): Promise<{ shop_id: number }> {
      const json = validateInput("shops.create", createShopBodySchema, body)
      return t.request({
        operation: "shops.create",
        method: "POST",
        path: GHN_PATHS.shopRegister,
        json,
        shopId: "required",
        retry: "never",
        data: z.looseObject({ shop_id: int() }),
        call,
      })
    },
  }
}
export type GhnShopsApi = ReturnType<typeof createShopsApi>
