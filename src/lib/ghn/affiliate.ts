/**
 * Affiliate (partner) flow: Get OTP, Create Shop by OTP, Add Staff to Shop by OTP, and the
 * "check Get Shop before a retry" helper. None of these calls is ever retried automatically:
 * the sequences are not atomic and an OTP is single-use.
 */
import { z } from "zod"
import { GHN_PATHS } from "./constants"
import type { GhnShop, GhnShopsApi } from "./shops"
import type { GhnCallOptions, Transport } from "./transport"
import { int } from "./response"
import { posInt, reqStr, str, validateInput } from "./validation"
import { normalizeVnPhone } from "../address/phone"

const language = z.enum(["vi", "en"]).optional()

export const getOtpBodySchema = z.strictObject({ phone: reqStr(), language })
export type GhnGetOtpBody = z.input<typeof getOtpBodySchema>

export const createShopByOtpBodySchema = z.strictObject({
  phone: reqStr(),
  otp: reqStr(),
  address: str().optional(),
  district_id: z.number().int().min(0).optional(),
  ward_code: str().optional(),
  language,
})
export type GhnCreateShopByOtpBody = z.input<typeof createShopByOtpBodySchema>

export const addStaffByOtpBodySchema = z.strictObject({
  phone: reqStr(),
  otp: reqStr(),
  shop_id: posInt(),
  language,
})
export type GhnAddStaffByOtpBody = z.input<typeof addStaffByOtpBodySchema>

export interface GhnFindShopAfterFailureInput {
  /** Add Staff case: the shop_id you asked to join. Found = you are now its staff. */
  shop_id?: number
  /** Create Shop case: the owner's phone sent to createShopByOtp (matched against shop.phone). */
  phone?: string
  /** Create Shop case: the owner's client_id when known (matched against shop.client_id). */
  client_id?: number
  /** Shop ids you belonged to before the failed call (take them with shops.listAll()); these never match. */
  knownShopIds?: number[]
}

/** Phone numbers compared by the plugin's one phone rule (src/lib/address/phone.ts); one it does not read, on its digits. */
export function normalizePhone(phone: string | null | undefined): string {
  return normalizeVnPhone(phone) ?? (phone ?? "").replace(/\D+/g, "")
}

export function createAffiliateApi(t: Transport, shops: GhnShopsApi, defaultLanguage?: "vi" | "en") {
  const withLanguage = <T extends { language?: "vi" | "en" }>(body: T): T =>
    body.language === undefined && defaultLanguage ? { ...body, language: defaultLanguage } : body

  return {
    /** Get OTP: sends an SMS OTP to the owner's phone; returns its lifetime (TTL, seconds). */
    async getOtp(body: GhnGetOtpBody, call?: GhnCallOptions): Promise<{ TTL: number }> {
      const json = validateInput("affiliate.getOtp", getOtpBodySchema, withLanguage(body))
      return t.request({
        operation: "affiliate.getOtp",
        method: "POST",
        path: GHN_PATHS.affiliateOtp,
        json,
        shopId: "optional",
        retry: "never",
        data: z.looseObject({ TTL: int() }),
        call,
      })
    },

    /**
     * Create Shop by OTP: a shop owned by the customer, with the caller as staff. Not atomic:
     * after any failure, call findShopAfterFailure() before asking for a new OTP.
     */
    async createShopByOtp(body: GhnCreateShopByOtpBody, call?: GhnCallOptions): Promise<{ client_id: number; shop_id: number }> {
      const json = validateInput("affiliate.createShopByOtp", createShopByOtpBodySchema, withLanguage(body))
      return t.request({
        operation: "affiliate.createShopByOtp",
        method: "POST",
        path: GHN_PATHS.affiliateCreate,
        json,
        shopId: "optional",
        retry: "never",
        data: z.looseObject({ client_id: int(), shop_id: int() }),
        call,
      })
    },

    /** Add Staff to Shop by OTP: adds the caller as staff of the customer's shop_id. Not atomic. */
    async addStaffByOtp(body: GhnAddStaffByOtpBody, call?: GhnCallOptions): Promise<null> {
      const json = validateInput("affiliate.addStaffByOtp", addStaffByOtpBodySchema, withLanguage(body))
      await t.request({
        operation: "affiliate.addStaffByOtp",
        method: "POST",
        path: GHN_PATHS.affiliateCreateWithShop,
        json,
        shopId: "optional",
        retry: "never",
        data: z.unknown(),
        call,
      })
      return null
    },

    /**
     * After createShopByOtp or addStaffByOtp failed (any error, including a timeout), look in
     * Get Shop for what the partial sequence left behind before retrying:
     * - with `shop_id`: the shop if the caller now belongs to it (add-staff took effect), else null;
     * - otherwise: the newest shop the caller belongs to whose client_id equals `client_id` or
     *   whose phone equals `phone`, excluding `knownShopIds`; null when there is none.
     * A non-null answer means: do not retry, the shop exists.
     */
    async findShopAfterFailure(input: GhnFindShopAfterFailureInput, call?: GhnCallOptions): Promise<GhnShop | null> {
      const q = validateInput(
        "affiliate.findShopAfterFailure",
        z.looseObject({
          shop_id: posInt().optional(),
          phone: str().optional(),
          client_id: posInt().optional(),
          knownShopIds: z.array(z.number()).optional(),
        }).refine((v) => v.shop_id !== undefined || !!v.phone || v.client_id !== undefined, {
          message: "findShopAfterFailure needs shop_id, phone or client_id",
          params: { limit: "shop_id | phone | client_id", rule: "required" },
        }),
        input,
      )
      const all = await shops.listAll({}, call)
      if (q.shop_id !== undefined) return all.find((s) => s._id === q.shop_id) ?? null
      const known = new Set(q.knownShopIds ?? [])
      const phone = q.phone ? normalizePhone(q.phone) : ""
      const matches = all.filter(
        (s) =>
          !known.has(s._id) &&
          ((q.client_id !== undefined && s.client_id === q.client_id) || (phone !== "" && normalizePhone(s.phone) === phone)),
      )
      return matches.sort((a, b) => b._id - a._id)[0] ?? null
    },
  }
}
export type GhnAffiliateApi = ReturnType<typeof createAffiliateApi>
