import { csvCell, csvOf } from "../csv"

describe("the one CSV writer", () => {
  it("defuses every leading formula and control character, full-width ones too", () => {
    for (const lead of ["=", "+", "-", "@", "\t", "\r", "\n", "＝", "＋", "－", "＠"]) {
      const cell = csvCell(`${lead}HYPERLINK("http://x")`)
      // The cell, unquoted, starts with the apostrophe that makes it text.
      expect([lead, cell.replace(/^"/, "").startsWith("'")]).toEqual([lead, true])
    }
  })

  it("defuses a formula after leading whitespace, which some spreadsheet apps trim before reading the cell", () => {
    for (const lead of [" ", "   ", "\u00A0", "\u3000", " \t"]) {
      for (const formula of ["=1+1", "+1", "-1+2", "@SUM(A1)", "＝1"]) {
        const cell = csvCell(`${lead}${formula}`)
        expect([lead, formula, cell.replace(/^"/, "").startsWith("'")]).toEqual([lead, formula, true])
      }
    }
    // Whitespace before plain text is plain text.
    expect(csvCell("  Nguyễn")).toBe("  Nguyễn")
  })

  it("keeps numbers, plain text and what is only inside a cell as they are", () => {
    expect(csvCell(-5)).toBe("-5")
    expect(csvCell("-12.5")).toBe("-12.5")
    expect(csvCell("Nguyễn Văn A")).toBe("Nguyễn Văn A")
    expect(csvCell("a=b")).toBe("a=b")
    expect(csvCell(null)).toBe("")
    expect(csvCell('say "hi", then go')).toBe('"say ""hi"", then go"')
  })

  it("quotes a defused cell holding a line break, so one row stays one row", () => {
    const csv = csvOf(["a", "b"], [{ a: "\r\n=1+1", b: "x" }])
    expect(csv).toBe("\uFEFFa,b\r\n\"'\r\n=1+1\",x\r\n")
  })
})
