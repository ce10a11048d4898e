/**
 * The handover record as a PDF (A4), drawn with pdfkit from the same pages as the HTML
 * (handoverRecords): the same header on every page, the same rows, page totals, overall totals,
 * scan and signatures, in the same column widths. Vietnamese needs a font that has its letters:
 * Be Vietnam Pro (SIL Open Font License), from the `@expo-google-fonts/be-vietnam-pro` package,
 * embedded as a subset of the glyphs used.
 */
import { dirname, join } from "node:path"
import PDFDocument from "pdfkit"
import { RECORD_TEXT as T, recordDay, recordGrams, recordTime, recordVnd, type HandoverPage, type HandoverRecord } from "./handover"
import { COLUMN_WIDTHS } from "./html"

const MM = 72 / 25.4
const MARGIN = 10 * MM
const WIDTH = 190 * MM
const ROW = 7 * MM

const FONT_PACKAGE = "@expo-google-fonts/be-vietnam-pro"
const FONTS = { regular: "400Regular/BeVietnamPro_400Regular.ttf", bold: "600SemiBold/BeVietnamPro_600SemiBold.ttf" }

type Doc = InstanceType<typeof PDFDocument>

function cell(doc: Doc, text: string, x: number, y: number, width: number, opts: { align?: "left" | "right" | "center"; height?: number; size?: number; bold?: boolean; fill?: string; top?: number } = {}) {
  const height = opts.height ?? ROW
  if (opts.fill) doc.save().rect(x, y, width, height).fill(opts.fill).restore()
  doc.rect(x, y, width, height).lineWidth(0.5).strokeColor("#888888").stroke()
  doc
    .font(opts.bold ? "bold" : "regular")
    .fontSize(opts.size ?? 8)
    .fillColor("#111111")
    .text(text, x + 1.5 * MM, y + (opts.top ?? (height - (opts.size ?? 8) * 1.2) / 2), { width: width - 3 * MM, height: height - 1, align: opts.align ?? "left", lineBreak: false, ellipsis: true })
}

function header(doc: Doc, record: HandoverRecord, page: HandoverPage, pages: number): number {
  let y = MARGIN
  doc.font("bold").fontSize(13).fillColor("#111111").text(T.title, MARGIN, y, { width: WIDTH - 40 * MM, lineBreak: false })
  doc.font("regular").fontSize(9).fillColor("#444444").text(T.page(page.number, pages), MARGIN + WIDTH - 40 * MM, y, { width: 40 * MM, align: "right", lineBreak: false })
  y += 16
  doc.font("regular").fontSize(9).fillColor("#444444").text(T.titleEn, MARGIN, y, { lineBreak: false })
  y += 14
  const facts: [string, string][] = [
    [T.shop, `${record.shop_id}${record.location_name ? ` · ${record.location_name}` : ""}`],
    [T.pickup, record.pickup_address ?? "—"],
    [T.run, record.run.id],
    [T.date, recordDay(record.run.created_at)],
    ...(record.run.pick_shift_title ? [[T.shift, record.run.pick_shift_title] as [string, string]] : []),
  ]
  for (const [label, value] of facts) {
    doc.font("regular").fontSize(9).fillColor("#444444").text(label, MARGIN, y, { width: 55 * MM, lineBreak: false })
    doc.font("bold").fontSize(9).fillColor("#111111").text(value, MARGIN + 56 * MM, y, { width: WIDTH - 56 * MM, lineBreak: false, ellipsis: true })
    y += 12
  }
  y += 2
  doc.moveTo(MARGIN, y).lineTo(MARGIN + WIDTH, y).lineWidth(1).strokeColor("#111111").stroke()
  return y + 3 * MM
}

function table(doc: Doc, page: HandoverPage, top: number): number {
  let y = top
  let x = MARGIN
  const headHeight = 9 * MM
  T.columns.forEach(([vi, en], i) => {
    const w = COLUMN_WIDTHS[i] * MM
    const align = i >= 6 && i <= 7 ? "right" : "left"
    // Vietnamese, then English under it, each on one line (as the HTML's header cells).
    cell(doc, vi, x, y, w, { height: headHeight, size: 7, bold: true, fill: "#eeeeee", align, top: 1.2 * MM })
    if (vi !== en) doc.font("regular").fontSize(6.5).fillColor("#444444").text(en, x + 1.5 * MM, y + 4.8 * MM, { width: w - 3 * MM, align, lineBreak: false, ellipsis: true })
    x += w
  })
  y += headHeight
  for (const r of page.rows) {
    const values = [
      String(r.index),
      r.order_code,
      r.order_number ? `#${r.order_number}` : "—",
      r.receiver_name,
      r.receiver_area,
      r.receiver_phone,
      recordGrams(r.weight),
      recordVnd(r.cod_amount),
      r.scanned === null ? "" : r.scanned ? T.yes : T.no,
    ]
    x = MARGIN
    values.forEach((value, i) => {
      const w = COLUMN_WIDTHS[i] * MM
      cell(doc, value, x, y, w, { align: i === 6 || i === 7 ? "right" : i === 8 ? "center" : "left" })
      x += w
    })
    y += ROW
  }
  cell(doc, T.pageTotal(page.parcels, page.cod), MARGIN, y, WIDTH, { align: "right", bold: true, fill: "#f6f6f6" })
  return y + ROW
}

function closing(doc: Doc, record: HandoverRecord, top: number) {
  let y = top + 4 * MM
  doc.font("bold").fontSize(11).fillColor("#111111").text(T.total(record.totals.parcels, record.totals.cod), MARGIN, y, { width: WIDTH })
  y = doc.y + 2 * MM
  const scan = record.scan
  const scanLine = scan ? `${T.scanned(scan.scanned.length, record.totals.parcels)} · ${T.scannedAt(recordTime(scan.completed_at ?? scan.started_at), scan.scanned_by)}` : T.notScanned
  doc.font("regular").fontSize(9).text(scanLine, MARGIN, y, { width: WIDTH })
  if (scan?.missing.length) doc.text(`${T.missing}: ${scan.missing.join(", ")}`, MARGIN, doc.y, { width: WIDTH })
  y = doc.y + 8 * MM
  const half = (WIDTH - 10 * MM) / 2
  for (const [i, who] of [T.shopSign, T.driverSign].entries()) {
    const x = MARGIN + i * (half + 10 * MM)
    doc.font("bold").fontSize(9).text(who, x, y, { width: half, align: "center" })
    doc.font("regular").fontSize(8).text(T.signHint, x, doc.y, { width: half, align: "center" })
    doc.text(T.signTime, x, y + 36 * MM, { width: half, align: "center" })
  }
}

/** The run's records as one A4 PDF (a record per pickup, each starting on a new sheet). */
export async function handoverPdf(records: HandoverRecord[], run: { id: string }): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", margin: MARGIN, autoFirstPage: false, info: { Title: `${T.title} · ${run.id}`, Creator: "medusa-fulfillment-ghn" } })
  // The font files are no modules: found beside the package's package.json.
  const fonts = dirname(require.resolve(`${FONT_PACKAGE}/package.json`))
  doc.registerFont("regular", join(fonts, FONTS.regular))
  doc.registerFont("bold", join(fonts, FONTS.bold))
  const chunks: Buffer[] = []
  doc.on("data", (chunk: Buffer) => chunks.push(chunk))
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)))
    doc.on("error", reject)
  })
  if (!records.length) {
    doc.addPage()
    doc.font("regular").fontSize(11).text(T.none, MARGIN, MARGIN)
  }
  for (const record of records) {
    for (const page of record.pages) {
      doc.addPage()
      const top = header(doc, record, page, record.pages.length)
      const bottom = table(doc, page, top)
      if (page.number === record.pages.length) closing(doc, record, bottom)
    }
  }
  doc.end()
  return await ended
}
