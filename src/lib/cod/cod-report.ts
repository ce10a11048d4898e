/**
 * The COD reconciliation a GHN merchant reads every day: per parcel, what the store expected GHN
 * to collect against what GHN reports (collected, transferred), and the shipping quoted at
 * checkout against GHN's final fee (GHN re-weighs at the hub).
 */
import { csvOf } from "../format/csv"
import type { OrderCodCheck } from "./cod"
import { ghnIso } from "../ghn/dates"
export const COD_FILTERS = ["all", "uncollected", "untransferred", "differences"] as const
export type CodFilter = (typeof COD_FILTERS)[number]

/** A shipment as the report reads it (the module's row). */
export type CodShipmentRow = {
  id: string
  order_id: string | null
  order_code: string
  status: string
  created_at: Date | string
  cod_expected: number | null
  cod_amount: number
  is_cod_collected: boolean
  cod_collect_date: Date | string | null
  is_cod_transferred: boolean
  cod_transfer_date: Date | string | null
  cod_capture_status: string | null
  cod_captured_amount: number
  cod_capture_id: string | null
  cod_capture_error: string | null
  quoted_fee: number | null
  total_fee: number
}

/** An order's parcel as the COD tab's order check reads it. */
export type OrderParcelCod = { order_id: string; fulfillment_id: string; provider_id: string | null; cod_amount: number; status: string }

export type CodReportRow = {
  order_code: string
  order_id: string | null
  order_display_id: number | null
  status: string
  created_at: string
  /** What the store decided the parcel collects. */
  cod_expected: number
  /** GHN's COD for the parcel now. */
  cod_ghn: number
  /** GHN's COD less the expected one: non-zero means GHN collects another amount. */
  cod_difference: number
  cod_collected: number
  cod_collect_date: string | null
  cod_transferred: number
  cod_transfer_date: string | null
  cod_captured: number
  cod_capture_status: string | null
  /** The capture Medusa's capturePaymentWorkflow made for this parcel (its GHN order code is in the capture's metadata). */
  cod_capture_id: string | null
  cod_capture_error: string | null
  /** The shipping paid at checkout (on the order's first parcel), GHN's final fee, and the difference. */
  quoted_fee: number | null
  total_fee: number
  fee_difference: number | null
  /**
   * The order's check (src/lib/cod/cod.ts, orderCodCheck): its live parcels' COD, what Medusa says
   * the customer owed by COD, and the difference (null for a parcel of no order, or an order Medusa no longer has).
   */
  order_cod: number | null
  order_cod_due: number | null
  order_cod_difference: number | null
}

/** Parcels whose COD is still on the way: not collected and not ended without collection. */
export const UNCOLLECTED_END_STATUSES = ["cancel", "returned", "lost", "damage"] as const

/** A stored date as ISO text: Go's zero time (a row stored before it was read as unset) is none. */
const iso = (d: Date | string | null) => ghnIso(d)

export function codReportRow(s: CodShipmentRow, displayId: number | null, order: OrderCodCheck | null = null): CodReportRow {
  const expected = s.cod_expected ?? s.cod_amount
  return {
    order_code: s.order_code,
    order_id: s.order_id,
    order_display_id: displayId,
    status: s.status,
    created_at: iso(s.created_at)!,
    cod_expected: expected,
    cod_ghn: s.cod_amount,
    cod_difference: s.cod_amount - expected,
    cod_collected: s.is_cod_collected ? s.cod_amount : 0,
    cod_collect_date: iso(s.cod_collect_date),
    cod_transferred: s.is_cod_transferred ? s.cod_amount : 0,
    cod_transfer_date: iso(s.cod_transfer_date),
    cod_captured: s.cod_captured_amount,
    cod_capture_status: s.cod_capture_status,
    cod_capture_id: s.cod_capture_id,
    cod_capture_error: s.cod_capture_error,
    quoted_fee: s.quoted_fee,
    total_fee: s.total_fee,
    fee_difference: s.quoted_fee === null ? null : s.total_fee - s.quoted_fee,
    order_cod: order?.order_cod ?? null,
    order_cod_due: order?.order_cod_due ?? null,
    order_cod_difference: order?.order_cod_difference ?? null,
  }
}

export type CodTotals = { parcels: number; expected: number; ghn: number; collected: number; transferred: number; captured: number; quoted_fee: number; total_fee: number }

/** The CSV's columns, in order. */
export const COD_CSV_COLUMNS: (keyof CodReportRow)[] = [
  "order_display_id", "order_code", "status", "created_at", "cod_expected", "cod_ghn", "cod_difference", "cod_collected", "cod_collect_date",
  "cod_transferred", "cod_transfer_date", "cod_captured", "cod_capture_status", "cod_capture_id", "quoted_fee", "total_fee", "fee_difference",
  "order_cod", "order_cod_due", "order_cod_difference",
]

/** The report as CSV (UTF-8 with a byte-order mark, so spreadsheet apps read Vietnamese right). */
export function codReportCsv(rows: CodReportRow[]): string {
  return csvOf(COD_CSV_COLUMNS, rows)
}
