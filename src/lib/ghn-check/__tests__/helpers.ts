/** Sandbox conditions of the check's tests, made through GHN's own API (Create Shop) on the sandbox. */
import { fetch } from "undici"

export const OWNER_TOKEN = "sandbox-owner-token"
/** A locked district of the sandbox (Huyện Trường Sa, SupportType 0) and one of its wards: no GHN service goes there. */
export const LOCKED = { district_id: 1801, ward_code: "22736" }

/** Registers a shop of the sandbox's owner (Create Shop); without `address` it has no pickup address. */
export async function registerShop(url: string, body: Record<string, unknown>): Promise<number> {
  const res = await fetch(`${url}/shiip/public-api/v2/shop/register`, {
    method: "POST",
    headers: { Token: OWNER_TOKEN, ShopId: "190001", "Content-Type": "application/json" },
    body: JSON.stringify({ phone: "0987000111", ...body }),
  })
  const json = (await res.json()) as { code: number; data: { shop_id: number } }
  if (json.code !== 200) throw new Error(`shop/register: ${JSON.stringify(json)}`)
  return json.data.shop_id
}

/** A shop with no pickup address. */
export const shopWithoutAddress = (url: string) => registerShop(url, { name: "Shop chưa có địa chỉ" })

