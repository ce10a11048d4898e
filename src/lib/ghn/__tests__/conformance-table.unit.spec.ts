/**
 * docs/client.md's conformance table counts the way an audit does: every deviation on its own line,
 * numbered, each fixed or a reading kept with its reason, and the count written under it true.
 */
import * as fs from "node:fs"
import * as path from "node:path"

const CLIENT_MD = fs.readFileSync(path.join(__dirname, "../../../../docs/client.md"), "utf8")
const section = CLIENT_MD.slice(CLIENT_MD.indexOf("**Deviations, one per line.**"), CLIENT_MD.indexOf("**Checked and conforming**"))
const rows = [...section.matchAll(/^\| (\d+) \| (.+?) \| (client|sandbox|sandbox, client) \| (fixed|reading)\b(.*) \|$/gm)]

describe("docs/client.md's conformance table", () => {
  it("numbers every deviation on its own line, 1 to n", () => {
    expect(rows.length).toBeGreaterThan(30)
    expect(rows.map((r) => Number(r[1]))).toEqual(rows.map((_, i) => i + 1))
    // No line holds two deviations ("three empty code lists", "name and quantity").
    for (const r of rows) expect([r[1], /\b(?:three|two|both)\b.*\brefused\b/i.test(r[2])]).toEqual([r[1], false])
  })

  it("gives each reading its reason", () => {
    const readings = rows.filter((r) => r[4] === "reading")
    expect(readings.length).toBeGreaterThan(0)
    for (const r of readings) expect([r[1], r[5].trim().length > 40]).toEqual([r[1], true])
  })

  it("writes the count its lines make", () => {
    const fixed = rows.filter((r) => r[4] === "fixed").length
    const readings = rows.filter((r) => r[4] === "reading").length
    expect(section.replace(/\s+/g, " ")).toContain(`Count: ${rows.length} deviations, one per line: ${fixed} fixed, ${readings} readings kept`)
  })
})
