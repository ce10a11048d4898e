import type { GhnClient } from "../ghn"

export type CancelOutcome = { cancelled: true } | { cancelled: false; status: string; message?: string }

/**
 * Cancels one GHN order. GHN answers per order: a refusal of an order it had already cancelled
 * counts as cancelled (Order Info says so); any other refusal comes back with the order's status.
 * GHN's failures (network, 5xx) are thrown as the client's errors.
 */
export async function cancelGhnOrder(client: Pick<GhnClient, "orders">, orderCode: string, shopId: number): Promise<CancelOutcome> {
  const [result] = await client.orders.cancel({ order_codes: [orderCode] }, { shopId })
  if (result?.result) return { cancelled: true }
  const info = await client.orders.info(orderCode, { shopId })
  if (info.status === "cancel") return { cancelled: true }
  return { cancelled: false, status: info.status, message: result?.reason ?? result?.message }
}
