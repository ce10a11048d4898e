/**
 * The handover record (biên bản bàn giao) GHN's driver and the shop's staff sign at pickup: a run's
 * live parcels per pickup (GHN shop and stock location), laid out once in A4 pages that the HTML
 * (src/lib/handover/html.ts) and the PDF (src/lib/handover/pdf.ts) both draw, so the two always
 * hold the same rows, page breaks and totals. Pure: no Node, no Medusa.
 */
import { maskPhone } from "../address/phone"
import { csvHead, csvLines } from "../format/csv"

/** A parcel handed to GHN's driver: its codes, the store's order number, the receiver, its weight and the cash GHN collects. */
export type HandoverParcel = {
  shop_id: number
  order_code: string
  client_order_code: string | null
  order_number: string | null
  cod_amount: number
  /** The receiver as Create Order sent them; the phone as stored (masked when printed). */
  receiver_name?: string | null
  receiver_phone?: string | null
  /** The receiver's district (a ward under the 2025 two-level addresses) and province. */
  receiver_area?: string | null
  receiver_province?: string | null
  /** Grams: GHN's weighing when it has one, else what Create Order sent. */
  weight?: number | null
  /** The pickup: the stock location the parcel leaves from, and the address GHN picks up at. */
  location_id?: string | null
  location_name?: string | null
  pickup_address?: string | null
}

/** The parcels per pickup shop (GHN shop), each with its parcel count and COD total. */
export function handoverGroups(parcels: HandoverParcel[]) {
  const groups = new Map<number, { shop_id: number; parcels: HandoverParcel[]; count: number; cod_total: number }>()
  for (const p of parcels) {
    const group = groups.get(p.shop_id) ?? { shop_id: p.shop_id, parcels: [], count: 0, cod_total: 0 }
    group.parcels.push(p)
    group.count += 1
    group.cod_total += p.cod_amount
    groups.set(p.shop_id, group)
  }
  return [...groups.values()]
}

export const HANDOVER_CSV_COLUMNS = ["shop_id", "order_code", "client_order_code", "order_number", "cod_amount", "receiver_name", "receiver_phone", "receiver_area", "weight"] as const

/** The handover list as CSV: a line per parcel (the phone masked), and after each shop's parcels a line with its count and COD total. */
export function handoverCsv(parcels: HandoverParcel[]): string {
  let csv = csvHead(HANDOVER_CSV_COLUMNS)
  for (const group of handoverGroups(parcels)) {
    csv += csvLines(
      HANDOVER_CSV_COLUMNS,
      group.parcels.map((p) => ({ ...p, receiver_phone: maskPhone(p.receiver_phone), weight: p.weight ?? "" }))
    )
    csv += csvLines(HANDOVER_CSV_COLUMNS, [{ shop_id: group.shop_id, order_code: `TOTAL ${group.count} parcels`, client_order_code: "", order_number: "", cod_amount: group.cod_total, receiver_name: "", receiver_phone: "", receiver_area: "", weight: "" }])
  }
  return csv
}

// ---------------------------------------------------------------------------------------------
// The record's pages

/** Rows on a page of the record, and on its last page (which also holds the totals and the signatures). */
export const ROWS_PER_PAGE = 18
export const ROWS_ON_LAST_PAGE = 11

/** What the scan at the door found, as the record prints it (src/lib/handover/scan.ts). */
export type HandoverScanSummary = {
  scanned_by: string | null
  started_at: Date | string
  completed_at: Date | string | null
  /** Order codes scanned among this record's parcels. */
  scanned: string[]
  /** This record's parcels not scanned. */
  missing: string[]
}

/** One printed row: the parcel's place in the record and what it shows (the phone masked). */
export type HandoverRow = {
  index: number
  order_code: string
  order_number: string
  receiver_name: string
  receiver_phone: string
  receiver_area: string
  weight: number | null
  cod_amount: number
  /** null: no scan recorded for the run. */
  scanned: boolean | null
}

export type HandoverPage = { number: number; rows: HandoverRow[]; parcels: number; cod: number }

/** One record: a run's parcels picked up at one place of one GHN shop. */
export type HandoverRecord = {
  run: { id: string; created_at: Date | string; pick_shift_title?: string | null }
  shop_id: number
  location_name: string | null
  pickup_address: string | null
  pages: HandoverPage[]
  totals: { parcels: number; cod: number; weight: number }
  scan: HandoverScanSummary | null
}

/**
 * Rows cut into pages: ROWS_PER_PAGE a page, and at most ROWS_ON_LAST_PAGE on the last one, which
 * also carries the overall totals and the signatures (an extra page when they would not fit).
 */
export function paginate<T>(rows: T[]): T[][] {
  const pages: T[][] = []
  for (let i = 0; i < rows.length; i += ROWS_PER_PAGE) pages.push(rows.slice(i, i + ROWS_PER_PAGE))
  const last = pages.at(-1)
  if (!last) return [[]]
  if (last.length > ROWS_ON_LAST_PAGE) pages.push(last.splice(ROWS_ON_LAST_PAGE))
  return pages
}

/** A text cut to what one line of the record holds (the same in the HTML and the PDF). */
export const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

/** The key of a pickup: its GHN shop and the stock location it leaves from. */
const pickupKey = (p: HandoverParcel) => `${p.shop_id}\u0000${p.location_id ?? ""}`

/**
 * The run's records, one per pickup (GHN shop and stock location, in the parcels' order), paged:
 * each page with its parcel count and COD total, each record with its totals and what the scan
 * found among its parcels. `shopId` keeps one shop's records.
 */
export function handoverRecords(
  parcels: HandoverParcel[],
  run: HandoverRecord["run"],
  scan?: { scanned_by: string | null; started_at: Date | string; completed_at: Date | string | null; scanned: string[] } | null,
  shopId?: number
): HandoverRecord[] {
  const byPickup = new Map<string, HandoverParcel[]>()
  for (const p of parcels) {
    if (shopId !== undefined && p.shop_id !== shopId) continue
    const key = pickupKey(p)
    byPickup.set(key, [...(byPickup.get(key) ?? []), p])
  }
  const scanned = new Set(scan?.scanned ?? [])
  return [...byPickup.values()].map((group) => {
    const rows: HandoverRow[] = group.map((p, i) => ({
      index: i + 1,
      order_code: p.order_code,
      order_number: p.order_number ?? "",
      receiver_name: clip(p.receiver_name ?? "", 21),
      receiver_phone: maskPhone(p.receiver_phone),
      receiver_area: clip([p.receiver_area, p.receiver_province].filter(Boolean).join(", "), 22),
      weight: p.weight ?? null,
      cod_amount: p.cod_amount,
      scanned: scan ? scanned.has(p.order_code) : null,
    }))
    const pages = paginate(rows).map((pageRows, i) => ({
      number: i + 1,
      rows: pageRows,
      parcels: pageRows.length,
      cod: pageRows.reduce((sum, r) => sum + r.cod_amount, 0),
    }))
    return {
      run,
      shop_id: group[0].shop_id,
      location_name: group[0].location_name ?? null,
      pickup_address: group[0].pickup_address ?? null,
      pages,
      totals: { parcels: rows.length, cod: rows.reduce((s, r) => s + r.cod_amount, 0), weight: rows.reduce((s, r) => s + (r.weight ?? 0), 0) },
      scan: scan
        ? {
            scanned_by: scan.scanned_by,
            started_at: scan.started_at,
            completed_at: scan.completed_at,
            scanned: rows.filter((r) => r.scanned).map((r) => r.order_code),
            missing: rows.filter((r) => !r.scanned).map((r) => r.order_code),
          }
        : null,
    }
  })
}

// ---------------------------------------------------------------------------------------------
// The words both renderers print (Vietnamese for GHN's driver, then English)

/** Money as the record prints it: `690.000 ₫`. */
export const recordVnd = (n: number) => `${Math.round(n).toLocaleString("vi-VN")} ₫`

/** Grams as the record prints them: `1.250 g`, `—` when unknown. */
export const recordGrams = (g: number | null) => (g === null ? "—" : `${Math.round(g).toLocaleString("vi-VN")} g`)

/** A moment in Vietnam's time: `26/11/2026 08:05`. */
export function recordTime(at: Date | string): string {
  const d = new Date(new Date(at).getTime() + 7 * 3600_000)
  const two = (n: number) => String(n).padStart(2, "0")
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`
}

/** A day in Vietnam's time: `26/11/2026`. */
export const recordDay = (at: Date | string) => recordTime(at).slice(0, 10)

export const RECORD_TEXT = {
  title: "BIÊN BẢN BÀN GIAO HÀNG CHO GHN",
  titleEn: "GHN handover record",
  shop: "Cửa hàng GHN / GHN shop",
  pickup: "Địa chỉ lấy hàng / Pickup address",
  run: "Đợt giao / Shipping run",
  date: "Ngày / Date",
  shift: "Ca lấy hàng / Pickup shift",
  page: (n: number, of: number) => `Trang / Page ${n}/${of}`,
  columns: [
    ["#", "#"],
    ["Mã đơn GHN", "GHN code"],
    ["Đơn hàng", "Order"],
    ["Người nhận", "Receiver"],
    ["Quận/Huyện", "District"],
    ["Điện thoại", "Phone"],
    ["Khối lượng", "Weight"],
    ["Thu hộ (COD)", "COD"],
    ["Đã quét", "Scanned"],
  ] as const,
  pageTotal: (parcels: number, cod: number) => `Cộng trang / Page total: ${parcels} kiện / parcels · ${recordVnd(cod)}`,
  total: (parcels: number, cod: number) => `Tổng cộng / Total: ${parcels} kiện / parcels · Thu hộ / COD ${recordVnd(cod)}`,
  scanned: (scanned: number, parcels: number) => `Đã quét / Scanned: ${scanned}/${parcels}`,
  scannedAt: (at: string, by: string | null) => `Quét lúc / Scanned at ${at}${by ? ` · ${by}` : ""}`,
  missing: "Chưa quét / Not scanned",
  notScanned: "Chưa quét tại cửa / No scan at the door",
  // Be Vietnam Pro has no check mark: the PDF and the HTML print the same word.
  yes: "OK",
  no: "—",
  shopSign: "Đại diện cửa hàng / Shop staff",
  driverSign: "Tài xế GHN / GHN driver",
  signHint: "(Ký, ghi rõ họ tên / Sign and write your name)",
  signTime: "Thời gian / Time: ....... giờ ....... ngày ....../....../..........",
  none: "Không có kiện hàng / No parcel",
} as const
