/** Shipping label pages (HTML) with a Code 128 (set B) barcode rendered as inline SVG. */
import type { Order } from "./types"
import { escapeHtml, isoSeconds, VN_OFFSET_MS } from "./text"

/** Bar/space widths of the 107 Code 128 symbols (values 0..105, then STOP). */
export const CODE128_PATTERNS = [
  "212222", "222122", "222221", "121223", "121322", "131222", "122213", "122312", "132212", "221213",
  "221312", "231212", "112232", "122132", "122231", "113222", "123122", "123221", "223211", "221132",
  "221231", "213212", "223112", "312131", "311222", "321122", "321221", "312212", "322112", "322211",
  "212123", "212321", "232121", "111323", "131123", "131321", "112313", "132113", "132311", "211313",
  "231113", "231311", "112133", "112331", "132131", "113123", "113321", "133121", "313121", "211331",
  "231131", "213113", "213311", "213131", "311123", "311321", "331121", "312113", "312311", "332111",
  "314111", "221411", "431111", "111224", "111422", "121124", "121421", "141122", "141221", "112214",
  "112412", "122114", "122411", "142112", "142211", "241211", "221114", "413111", "241112", "134111",
  "111242", "121142", "121241", "114212", "124112", "124211", "411212", "421112", "421211", "212141",
  "214121", "412121", "111143", "111341", "131141", "114113", "114311", "411113", "411311", "113141",
  "114131", "311141", "411131", "211412", "211214", "211232", "2331112",
]
const START_B = 104
const STOP = 106

/** Symbol values of a Code 128 B encoding: start, data, checksum, stop. */
export function code128Values(text: string): number[] {
  const values = [START_B]
  let sum = START_B
  let i = 1
  for (const ch of text) {
    const c = ch.charCodeAt(0)
    if (c < 32 || c > 126) throw new Error(`Code 128 B cannot encode ${JSON.stringify(ch)}`)
    const v = c - 32
    values.push(v)
    sum += v * i++
  }
  values.push(sum % 103, STOP)
  return values
}

/** Module widths, alternating bar and space, starting with a bar. */
export function code128Widths(text: string): number[] {
  const widths: number[] = []
  for (const v of code128Values(text)) for (const d of CODE128_PATTERNS[v]) widths.push(Number(d))
  return widths
}

export function code128Svg(text: string, moduleWidth = 1, height = 40): string {
  const widths = code128Widths(text)
  const quiet = 10
  const total = widths.reduce((a, b) => a + b, 0) + 2 * quiet
  let x = quiet
  const rects: string[] = []
  widths.forEach((w, i) => {
    if (i % 2 === 0) rects.push(`<rect x="${x}" y="0" width="${w}" height="${height}"/>`)
    x += w
  })
  return (
    `<svg class="barcode" data-code="${escapeHtml(text)}" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${total} ${height}" ` +
    `width="${total * moduleWidth}" height="${height}" preserveAspectRatio="none" shape-rendering="crispEdges">` +
    `<rect x="0" y="0" width="${total}" height="${height}" fill="#fff"/><g fill="#000">${rects.join("")}</g></svg>`
  )
}

export type Paper = "A5" | "80x80" | "52x70"
const PAGE: Record<Paper, { size: string; margin: string; font: string; bar: number }> = {
  A5: { size: "A5", margin: "6mm", font: "12pt", bar: 60 },
  "80x80": { size: "80mm 80mm", margin: "2mm", font: "8pt", bar: 36 },
  "52x70": { size: "52mm 70mm", margin: "1.5mm", font: "6.5pt", bar: 28 },
}

/** A whole number with dots between its thousands, as Vietnamese write it (12.345.678): no look-ahead regex, quadratic on long digit runs. */
function thousands(n: number): string {
  const digits = String(n)
  let out = ""
  for (let i = 0; i < digits.length; i++) out += (i > 0 && (digits.length - i) % 3 === 0 && /\d/.test(digits[i - 1]) ? "." : "") + digits[i]
  return out
}

export function vnd(n: number): string {
  return `${n < 0 ? "-" : ""}${thousands(Math.abs(Math.round(n)))} đ`
}
function grams(n: number): string {
  return `${thousands(n)} g`
}
function localDate(iso: string): string {
  const d = new Date(Date.parse(iso) + VN_OFFSET_MS)
  const p = (x: number) => String(x).padStart(2, "0")
  return `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`
}

export function labelPage(paper: Paper, orders: Order[], itemIndex: number[]): string {
  const pg = PAGE[paper]
  const labels = orders.map((o) => {
    const items = itemIndex.length ? o.items.filter((_, i) => itemIndex.includes(i)) : o.items
    const itemLines = items.length
      ? `<ul class="items">${items.map((it) => `<li>${escapeHtml(it.name)} x ${it.quantity}</li>`).join("")}</ul>`
      : `<p class="content">${escapeHtml(o.content)}</p>`
    return `<section class="label" data-order-code="${escapeHtml(o.order_code)}">
  <header><span class="brand">GHN</span><span class="sort-code" data-sort-code="${escapeHtml(o.sort_code)}">${escapeHtml(o.sort_code)}</span></header>
  <div class="code">${code128Svg(o.order_code, 1, pg.bar)}<div class="order-code">${escapeHtml(o.order_code)}</div></div>
  <div class="party sender"><b>Từ:</b> <span class="name">${escapeHtml(o.from.name)}</span> - <span class="phone">${escapeHtml(o.from.phone)}</span><br><span class="address">${escapeHtml(o.from.address)}</span></div>
  <div class="party receiver"><b>Đến:</b> <span class="name">${escapeHtml(o.to.name)}</span> - <span class="phone">${escapeHtml(o.to.phone)}</span><br><span class="address">${escapeHtml(o.to.address)}</span></div>
  <div class="facts"><span class="cod" data-cod="${o.cod_amount}">Thu hộ (COD): ${vnd(o.cod_amount)}</span> <span class="weight" data-weight="${o.weight}">Khối lượng: ${grams(o.weight)}</span></div>
  ${itemLines}
  <footer><span class="note">${escapeHtml(o.required_note)}</span> <span class="client-code">${escapeHtml(o.client_order_code)}</span> <span class="date">${localDate(o.created_date)}</span></footer>
</section>`
  })
  return `<!DOCTYPE html>
<html lang="vi"><head><meta charset="utf-8"><title>GHN - In đơn hàng (${paper})</title>
<style>
@page { size: ${pg.size}; margin: ${pg.margin}; }
html, body { margin: 0; padding: 0; font-family: Arial, Helvetica, sans-serif; font-size: ${pg.font}; }
.label { page-break-after: always; break-after: page; box-sizing: border-box; border: 1px solid #000; padding: 1mm; }
.label:last-child { page-break-after: auto; break-after: auto; }
header { display: flex; justify-content: space-between; font-weight: bold; }
.sort-code { font-size: 1.4em; }
.code { text-align: center; } .code svg { width: 100%; }
.order-code { font-weight: bold; font-size: 1.3em; letter-spacing: 1px; }
.party { margin-top: 1mm; } .facts { margin-top: 1mm; font-weight: bold; }
.items { margin: 1mm 0; padding-left: 4mm; }
</style></head>
<body data-paper="${paper}" data-generated="${isoSeconds(Date.now())}">
${labels.join("\n")}
</body></html>`
}

export function errorPage(status: number, title: string, detail: string): string {
  return `<!DOCTYPE html>
<html lang="vi"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body class="error" data-status="${status}"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(detail)}</p></body></html>`
}
