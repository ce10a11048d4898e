import { csvHead, csvLines } from "../format/csv"

/** A parcel handed to GHN's driver: its codes, the store's order number, and the cash GHN collects. */
export type HandoverParcel = { shop_id: number; order_code: string; client_order_code: string | null; order_number: string | null; cod_amount: number }

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

export const HANDOVER_CSV_COLUMNS = ["shop_id", "order_code", "client_order_code", "order_number", "cod_amount"] as const

/** The handover list as CSV: a line per parcel, and after each shop's parcels a line with its count and COD total. */
export function handoverCsv(parcels: HandoverParcel[]): string {
  let csv = csvHead(HANDOVER_CSV_COLUMNS)
  for (const group of handoverGroups(parcels)) {
    csv += csvLines(HANDOVER_CSV_COLUMNS, group.parcels)
    csv += csvLines(HANDOVER_CSV_COLUMNS, [{ shop_id: group.shop_id, order_code: `TOTAL ${group.count} parcels`, client_order_code: "", order_number: "", cod_amount: group.cod_total }])
  }
  return csv
}

const escapeHtml = (v: unknown) => String(v ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!)
const vnd = (n: number) => `${n.toLocaleString("vi-VN")} ₫`

/** The handover list as a printable page (Vietnamese for GHN's driver, with English): a table per pickup shop, with its parcel count and COD total, and a place to sign. */
export function handoverHtml(parcels: HandoverParcel[], run: { id: string; created_at: Date | string }): string {
  const groups = handoverGroups(parcels)
  const tables = groups
    .map(
      (g) => `<h2>Cửa hàng GHN / GHN shop ${escapeHtml(g.shop_id)}: ${g.count} kiện / ${g.count} parcels, thu hộ / COD ${escapeHtml(vnd(g.cod_total))}</h2>
<table><thead><tr><th>#</th><th>Mã đơn GHN / GHN order code</th><th>Mã đơn khách / Client order code</th><th>Đơn hàng / Order</th><th>Thu hộ / COD</th></tr></thead><tbody>
${g.parcels.map((p, i) => `<tr><td>${i + 1}</td><td>${escapeHtml(p.order_code)}</td><td>${escapeHtml(p.client_order_code)}</td><td>#${escapeHtml(p.order_number)}</td><td class="n">${escapeHtml(vnd(p.cod_amount))}</td></tr>`).join("\n")}
</tbody><tfoot><tr><th colspan="4">${g.count} kiện / ${g.count} parcels</th><th class="n">${escapeHtml(vnd(g.cod_total))}</th></tr></tfoot></table>
<p class="sign">Shop / Người gửi: ____________________ &nbsp; GHN driver / Tài xế GHN: ____________________</p>`
    )
    .join("\n")
  return `<!doctype html><html><head><meta charset="utf-8"><title>GHN handover ${escapeHtml(run.id)}</title>
<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;width:100%}td,th{border:1px solid #999;padding:4px 8px;text-align:left}.n{text-align:right}.sign{margin:2em 0 3em}@media print{h2{page-break-before:auto}}</style>
</head><body><h1>GHN handover / Biên bản bàn giao: run ${escapeHtml(run.id)} (${escapeHtml(new Date(run.created_at).toISOString().slice(0, 10))})</h1>
${tables || "<p>No parcel / Không có kiện hàng</p>"}
</body></html>`
}
