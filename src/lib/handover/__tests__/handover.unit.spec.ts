import { handoverCsv, handoverGroups, handoverRecords, paginate, ROWS_ON_LAST_PAGE, ROWS_PER_PAGE, type HandoverParcel } from "../handover"
import { HANDOVER_HTML_CSP, handoverHtml } from "../html"
import { handoverPdf } from "../pdf"
import { parcelOfCode, scannedCode, scanProgress, type ScanEntry } from "../scan"
import { pdfPages } from "./pdf-text"

const RUN = { id: "ghnrun_01", created_at: "2026-11-26T01:05:00Z", pick_shift_title: "Ca lấy 12-03-2026 (12h00 - 18h00)" }

const parcel = (i: number, shop = 190001, over: Partial<HandoverParcel> = {}): HandoverParcel => ({
  shop_id: shop,
  order_code: `LBK${String(i).padStart(4, "0")}`,
  client_order_code: `${1000 + i}-1`,
  order_number: String(1000 + i),
  cod_amount: i % 3 === 0 ? 0 : 100_000 + i * 1_000,
  receiver_name: `Nguyễn Thị Hường ${i}`,
  receiver_phone: "0901234567",
  receiver_area: "Quận Hoàn Kiếm",
  receiver_province: "Hà Nội",
  weight: 500 + i,
  location_id: "sloc_1",
  location_name: "Kho Ba Đình",
  pickup_address: "12 Phan Đình Phùng, Phường Trúc Bạch, Quận Ba Đình, Hà Nội",
  ...over,
})

describe("the handover record", () => {
  it("groups the parcels by pickup shop with their count and COD total", () => {
    const parcels = [parcel(1, 1), parcel(2, 2), parcel(4, 1)]
    expect(handoverGroups(parcels).map((g) => [g.shop_id, g.count, g.cod_total])).toEqual([
      [1, 2, 101_000 + 104_000],
      [2, 1, 102_000],
    ])
  })

  it("writes the CSV a line per parcel, the phone masked, and a total per shop", () => {
    const lines = handoverCsv([parcel(1, 1), parcel(2, 1)]).replace(/^\uFEFF/, "").split("\r\n")
    expect(lines[0]).toBe("shop_id,order_code,client_order_code,order_number,cod_amount,receiver_name,receiver_phone,receiver_area,weight")
    expect(lines[1]).toBe("1,LBK0001,1001-1,1001,101000,Nguyễn Thị Hường 1,090****567,Quận Hoàn Kiếm,501")
    expect(lines[3]).toBe("1,TOTAL 2 parcels,,,203000,,,,")
  })

  it("cuts rows into A4 pages, leaving the last page room for the totals and the signatures", () => {
    const sizes = (n: number) => paginate(Array.from({ length: n }, (_, i) => i)).map((p) => p.length)
    expect(sizes(0)).toEqual([0])
    expect(sizes(5)).toEqual([5])
    expect(sizes(ROWS_PER_PAGE)).toEqual([ROWS_ON_LAST_PAGE, ROWS_PER_PAGE - ROWS_ON_LAST_PAGE])
    expect(sizes(40)).toEqual([18, 18, 4])
    expect(sizes(30)).toEqual([18, 11, 1])
    expect(sizes(29)).toEqual([18, 11])
  })

  it("totals each page and the whole record from the parcels, per pickup, with what the scan found", () => {
    const parcels = [...Array.from({ length: 40 }, (_, i) => parcel(i + 1)), parcel(99, 190002, { location_id: "sloc_2", location_name: "Kho Long Biên" })]
    const scanned = ["LBK0001", "LBK0002", "LBK0099"]
    const records = handoverRecords(parcels, RUN, { scanned_by: "Lan", started_at: RUN.created_at, completed_at: "2026-11-26T02:00:00Z", scanned })
    expect(records.map((r) => [r.shop_id, r.location_name, r.totals.parcels])).toEqual([
      [190001, "Kho Ba Đình", 40],
      [190002, "Kho Long Biên", 1],
    ])
    const [first] = records
    const cod = parcels.slice(0, 40).reduce((s, p) => s + p.cod_amount, 0)
    expect(first.totals.cod).toBe(cod)
    expect(first.pages.map((p) => p.parcels)).toEqual([18, 18, 4])
    expect(first.pages.reduce((s, p) => s + p.cod, 0)).toBe(cod)
    expect(first.pages[0].cod).toBe(parcels.slice(0, 18).reduce((s, p) => s + p.cod_amount, 0))
    expect(first.pages[0].rows[0]).toMatchObject({ index: 1, order_code: "LBK0001", receiver_phone: "090****567", receiver_area: "Quận Hoàn Kiếm, Hà Nội", scanned: true })
    expect(first.scan).toMatchObject({ scanned: ["LBK0001", "LBK0002"], missing: expect.arrayContaining(["LBK0003", "LBK0040"]) })
    expect(first.scan!.missing).toHaveLength(38)
    expect(records[1].scan).toMatchObject({ scanned: ["LBK0099"], missing: [] })
    expect(handoverRecords(parcels, RUN, null, 190002).map((r) => r.shop_id)).toEqual([190002])
    expect(handoverRecords(parcels, RUN, null)[0].pages[0].rows[0].scanned).toBeNull()
  })

  it("prints HTML with the header on every page, escaped, with no script and a CSP that allows only its style", () => {
    const parcels = [...Array.from({ length: 20 }, (_, i) => parcel(i + 1)), parcel(21, 190001, { receiver_name: "<script>alert(1)</script>" })]
    const html = handoverHtml(handoverRecords(parcels, RUN, null), RUN)
    expect(html).not.toMatch(/<script/i)
    expect(html).toContain("&lt;script&gt;")
    expect(html).not.toMatch(/ style=/)
    const pages = html.split('<section class="page"').slice(1)
    expect(pages).toHaveLength(2)
    for (const page of pages) {
      expect(page).toContain("BIÊN BẢN BÀN GIAO HÀNG CHO GHN")
      expect(page).toContain("12 Phan Đình Phùng")
      expect(page).toContain("ghnrun_01")
      expect(page).toContain("26/11/2026")
      expect(page).toContain("Cộng trang / Page total")
    }
    expect(pages[0]).toContain("Trang / Page 1/2")
    expect(pages[1]).toContain("Tổng cộng / Total: 21 kiện / parcels")
    expect(pages[1]).toContain("Tài xế GHN / GHN driver")
    expect(pages[0]).not.toContain("Tài xế GHN / GHN driver")
    expect(HANDOVER_HTML_CSP).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'/)
    expect(HANDOVER_HTML_CSP).not.toMatch(/script-src|unsafe|\*/)
    for (const directive of ["img-src 'none'", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'"]) expect(HANDOVER_HTML_CSP).toContain(directive)
    expect(html).not.toMatch(/\son\w+=/i)
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]
    const hash = require("node:crypto").createHash("sha256").update(style).digest("base64")
    expect(HANDOVER_HTML_CSP).toContain(`'sha256-${hash}'`)
  })

  it("draws the same pages in the PDF as in the HTML: header, rows, page totals, totals, scan and signatures", async () => {
    const parcels = Array.from({ length: 25 }, (_, i) => parcel(i + 1))
    const records = handoverRecords(parcels, RUN, { scanned_by: "Trần Văn Lâm", started_at: RUN.created_at, completed_at: "2026-11-26T02:00:00Z", scanned: ["LBK0001"] })
    const pdf = await handoverPdf(records, RUN)
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-")
    const pages = pdfPages(pdf)
    expect(pages).toHaveLength(records[0].pages.length)
    pages.forEach((runs, i) => {
      const text = runs.join("\n")
      const page = records[0].pages[i]
      expect(text).toContain("BIÊN BẢN BÀN GIAO HÀNG CHO GHN")
      expect(text).toContain(`Trang / Page ${i + 1}/${pages.length}`)
      expect(text).toContain("12 Phan Đình Phùng, Phường Trúc Bạch, Quận Ba Đình, Hà Nội")
      expect(text).toContain("ghnrun_01")
      for (const row of page.rows) {
        for (const value of [row.order_code, `#${row.order_number}`, row.receiver_name, row.receiver_area, row.receiver_phone]) expect(runs).toContain(value)
      }
      expect(runs.some((r) => r.startsWith(`Cộng trang / Page total: ${page.parcels} kiện / parcels`))).toBe(true)
    })
    const last = pages.at(-1)!.join("\n")
    expect(last).toContain(`Tổng cộng / Total: 25 kiện / parcels`)
    expect(last).toContain("Đã quét / Scanned: 1/25")
    expect(last).toContain("Trần Văn Lâm")
    expect(last).toContain("Tài xế GHN / GHN driver")
    // The HTML holds the same figures.
    const html = handoverHtml(records, RUN)
    for (const page of records[0].pages) expect(html).toContain(`Cộng trang / Page total: ${page.parcels} kiện / parcels · ${page.cod.toLocaleString("vi-VN")} ₫`)
  })
})

describe("the door check", () => {
  const parcels = [
    { order_code: "LBK0001", client_order_code: "1001-1" },
    { order_code: "LBK0002", client_order_code: "1002-1" },
  ]
  it("reads a scanner's code without spaces or control characters, in upper case", () => {
    expect(scannedCode("  lbk0001\r\n")).toBe("LBK0001")
    expect(scannedCode("ＬＢＫ０００１")).toBe("LBK0001")
    expect(scannedCode("x".repeat(500))).toHaveLength(64)
  })
  it("finds a parcel by GHN's code or the client order code", () => {
    expect(parcelOfCode(parcels, "LBK0002")?.order_code).toBe("LBK0002")
    expect(parcelOfCode(parcels, "1001-1")?.order_code).toBe("LBK0001")
    expect(parcelOfCode(parcels, "LBK9999")).toBeUndefined()
  })
  it("lists the parcels scanned and those missing", () => {
    const entries: ScanEntry[] = [
      { code: "LBK0002", at: "", by: null, result: "parcel", order_code: "LBK0002", run_id: "r" },
      { code: "ZZZ", at: "", by: null, result: "unknown", order_code: null, run_id: null },
    ]
    expect(scanProgress(parcels, entries)).toEqual({ scanned: ["LBK0002"], missing: ["LBK0001"] })
  })
})
