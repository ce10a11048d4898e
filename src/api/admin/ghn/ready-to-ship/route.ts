import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { ReadyOrder } from "../../../../lib/shipping-run/ready-to-ship"
import { readyOrderDetails } from "../../../../runners/ready-order-details"
import { ghnModule } from "../../../utils"
import type { ReadyToShipQuery } from "../shipping-runs/validators"

/** Orders problems_only looks through, oldest first: a page of problems is found among at most this many. */
const PROBLEMS_SCAN = 1_000

/**
 * Orders ready to ship with GHN: not cancelled, with items still to fulfil and a GHN shipping
 * method, not in a live shipping run; oldest placed first, each with its COD, parcel, receiver's
 * province, stock location and what will stop GHN.
 */
export async function GET(req: MedusaRequest<unknown, ReadyToShipQuery>, res: MedusaResponse) {
  const { limit, offset, problems_only, ...filter } = req.validatedQuery as ReadyToShipQuery
  const ghn = ghnModule(req)
  const codProviders = ghn.options.codPaymentProviders
  const autoShip = ghn.options.autoShip ? { when: ghn.options.autoShip.when, delay_minutes: ghn.options.autoShip.delayMinutes, locations: ghn.options.autoShip.locations ?? null } : null
  if (!problems_only) {
    const { rows, count } = await ghn.readyToShip.list(filter, codProviders, { limit, offset })
    res.json({ orders: await withAutoShip(req, await readyOrderDetails(req.scope, rows)), count, limit, offset, auto_ship: autoShip })
    return
  }
  // Problems are read from each order (address, parcel, orphans), not from an index: the oldest orders first.
  const { rows } = await ghn.readyToShip.list(filter, codProviders, { limit: PROBLEMS_SCAN, offset: 0 })
  const withProblems = (await readyOrderDetails(req.scope, rows)).filter((o) => o.problems.length)
  res.json({ orders: await withAutoShip(req, withProblems.slice(offset, offset + limit)), count: withProblems.length, limit, offset, auto_ship: autoShip })
}

/** Each order's place in automatic shipping's queue (held, when it ships, why it does not). */
async function withAutoShip(req: MedusaRequest, orders: ReadyOrder[]): Promise<ReadyOrder[]> {
  const states = await ghnModule(req).autoShip.ofOrders(orders.map((o) => o.id))
  return orders.map((o) => ({ ...o, auto_ship: states.get(o.id) ?? null }))
}
