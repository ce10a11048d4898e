/**
 * The handover record as a printable page: A4, the record's pages as laid out by handoverRecords
 * (each with the header, its rows and its page total; the last with the overall totals, the scan
 * and the signatures). No script at all; its one style sheet is allowed by its hash, so the page
 * runs under a strict Content-Security-Policy (HANDOVER_HTML_CSP).
 */
import { createHash } from "node:crypto"
import { RECORD_TEXT as T, recordDay, recordGrams, recordTime, recordVnd, type HandoverPage, type HandoverRecord } from "./handover"

/** Column widths (mm of the 190 mm line), shared with the PDF. */
export const COLUMN_WIDTHS = [8, 22, 16, 37, 37, 20, 16, 20, 14] as const

const STYLE = `@page{size:A4;margin:10mm}
*{box-sizing:border-box}
body{font-family:"Be Vietnam Pro","Noto Sans",Arial,sans-serif;font-size:9pt;color:#111;margin:0}
.page{width:190mm;min-height:270mm;margin:0 auto;padding:4mm 0;break-after:page;page-break-after:always}
.page:last-child{break-after:auto;page-break-after:auto}
header{display:flex;justify-content:space-between;gap:6mm;border-bottom:1px solid #111;padding-bottom:2mm;margin-bottom:3mm}
h1{font-size:13pt;margin:0}
h1 small{display:block;font-size:9pt;font-weight:400;color:#444}
dl{display:grid;grid-template-columns:auto 1fr;gap:0.5mm 3mm;margin:0}
dt{color:#444}dd{margin:0;font-weight:600}
.pageno{white-space:nowrap;text-align:right}
table{border-collapse:collapse;width:100%;table-layout:fixed}
th,td{border:1px solid #888;padding:1.2mm 1.5mm;text-align:left;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;height:7mm}
th{background:#eee;font-weight:600;font-size:8pt;line-height:1.2;white-space:normal}
th span{display:block;font-weight:400;color:#444}
.n{text-align:right;font-variant-numeric:tabular-nums}
.c{text-align:center}
tfoot td{font-weight:600;background:#f6f6f6}
.totals{margin-top:4mm;font-size:11pt;font-weight:600}
.scan{margin-top:2mm}
.sign{display:grid;grid-template-columns:1fr 1fr;gap:10mm;margin-top:8mm;text-align:center}
.sign p{margin:0}
.sign .line{height:22mm}
${COLUMN_WIDTHS.map((w, i) => `col.w${i}{width:${w}mm}`).join("")}
@media screen{body{background:#f3f3f3}.page{background:#fff;margin:6mm auto;padding:10mm;width:210mm;box-shadow:0 1px 4px rgba(0,0,0,.2)}}`

/** The record page's Content-Security-Policy: nothing loads or runs but its own style sheet (by hash); no form posts anywhere, no page frames it. */
export const HANDOVER_HTML_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash("sha256").update(STYLE).digest("base64")}'`,
  "img-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ")

const escapeHtml = (v: unknown) => String(v ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!)

function header(record: HandoverRecord, page: HandoverPage, pages: number) {
  const run = record.run
  return `<header><div><h1>${T.title}<small>${T.titleEn}</small></h1>
<dl><dt>${T.shop}</dt><dd data-field="shop">${escapeHtml(record.shop_id)}${record.location_name ? ` · ${escapeHtml(record.location_name)}` : ""}</dd>
<dt>${T.pickup}</dt><dd data-field="pickup">${escapeHtml(record.pickup_address ?? "—")}</dd>
<dt>${T.run}</dt><dd data-field="run">${escapeHtml(run.id)}</dd>
<dt>${T.date}</dt><dd data-field="date">${escapeHtml(recordDay(run.created_at))}</dd>${run.pick_shift_title ? `\n<dt>${T.shift}</dt><dd>${escapeHtml(run.pick_shift_title)}</dd>` : ""}</dl></div>
<div class="pageno" data-field="page">${T.page(page.number, pages)}</div></header>`
}

function table(page: HandoverPage) {
  const [first, ...others] = T.columns
  const head = [first, ...others].map(([vi, en], i) => `<th${i >= 6 && i <= 7 ? ' class="n"' : ""}>${vi}${vi === en ? "" : `<span>${en}</span>`}</th>`).join("")
  const rows = page.rows
    .map(
      (r) =>
        `<tr data-order-code="${escapeHtml(r.order_code)}"><td>${r.index}</td><td>${escapeHtml(r.order_code)}</td><td>${r.order_number ? `#${escapeHtml(r.order_number)}` : "—"}</td><td>${escapeHtml(r.receiver_name)}</td><td>${escapeHtml(r.receiver_area)}</td><td>${escapeHtml(r.receiver_phone)}</td><td class="n">${escapeHtml(recordGrams(r.weight))}</td><td class="n">${escapeHtml(recordVnd(r.cod_amount))}</td><td class="c" data-scanned="${r.scanned}">${r.scanned === null ? "" : r.scanned ? T.yes : T.no}</td></tr>`
    )
    .join("\n")
  return `<table><colgroup>${COLUMN_WIDTHS.map((_, i) => `<col class="w${i}">`).join("")}</colgroup>
<thead><tr>${head}</tr></thead>
<tbody>
${rows}
</tbody>
<tfoot><tr><td colspan="9" class="n" data-field="page-total">${escapeHtml(T.pageTotal(page.parcels, page.cod))}</td></tr></tfoot></table>`
}

function closing(record: HandoverRecord) {
  const scan = record.scan
  const scanText = scan
    ? `<p class="scan" data-field="scan">${escapeHtml(T.scanned(scan.scanned.length, record.totals.parcels))} · ${escapeHtml(T.scannedAt(recordTime(scan.completed_at ?? scan.started_at), scan.scanned_by))}${
        scan.missing.length ? `<br>${T.missing}: <span data-field="missing">${scan.missing.map(escapeHtml).join(", ")}</span>` : ""
      }</p>`
    : `<p class="scan" data-field="scan">${T.notScanned}</p>`
  return `<p class="totals" data-field="total">${escapeHtml(T.total(record.totals.parcels, record.totals.cod))}</p>
${scanText}
<div class="sign"><div><p><strong>${T.shopSign}</strong></p><p>${T.signHint}</p><div class="line"></div><p>${T.signTime}</p></div>
<div><p><strong>${T.driverSign}</strong></p><p>${T.signHint}</p><div class="line"></div><p>${T.signTime}</p></div></div>`
}

/** The run's records as one printable HTML page (a record per pickup, each starting on a new sheet). */
export function handoverHtml(records: HandoverRecord[], run: { id: string }): string {
  const body = records.length
    ? records
        .map((record) =>
          record.pages
            .map(
              (page) =>
                `<section class="page" data-shop="${escapeHtml(record.shop_id)}" data-page="${page.number}">
${header(record, page, record.pages.length)}
${table(page)}
${page.number === record.pages.length ? closing(record) : ""}
</section>`
            )
            .join("\n")
        )
        .join("\n")
    : `<section class="page"><p>${T.none}</p></section>`
  return `<!doctype html><html lang="vi"><head><meta charset="utf-8"><title>${T.title} · ${escapeHtml(run.id)}</title>
<style>${STYLE}</style>
</head><body>
${body}
</body></html>`
}
