/** Ready to ship as the admin API answers it (the server builds it, the admin reads it: one type). */
import type { AutoShipState } from "./auto-ship"

/** What will stop GHN from taking an order's parcel, found before a run tries it. */
export type ReadyProblem =
  | { code: "address"; message: string; part: string; candidates: string[] }
  | { code: "parcel"; message: string; field: string }
  | { code: "orphan"; message: string; client_order_code: string; order_code: string | null }
  | { code: "stock"; message: string; line_item_id: string }
  /** Medusa's order holds impossible figures (src/lib/cod/cod.ts, orderFiguresProblem): no GHN order until corrected. */
  | { code: "figures"; message: string }

export type ReadyOrder = {
  id: string
  display_id: number
  order_number: string
  /** When the order was placed (a date on the server, its ISO text in the admin). */
  placed_at: Date | string
  payment: "cod" | "prepaid"
  cod_amount: number
  weight: number | null
  service_type_id: number | null
  province: string | null
  location_id: string | null
  location_name: string | null
  problems: ReadyProblem[]
  /** Its place in automatic shipping's queue (option `autoShip`), if it has one. */
  auto_ship?: AutoShipState | null
}
