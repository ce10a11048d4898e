/**
 * Reading a Vietnamese address by interpretations. Every unit the address names, in any field and
 * in either model, is found by exact name (after folding case, accents and prefixes); each complete
 * reading (legacy: province + district + ward; new: province + ward) is kept only when it agrees
 * with everything else the address names. One place left: resolved. Several: ambiguous, never a
 * guess. Pure: the master data comes in as a `Lexicon` built by the resolver.
 */
import { AddressWord, addressWords, editDistance, hasDiacritics, UnitLevel } from "./address"

export type LegacyProvinceUnit = { id: number; name: string; newProvinceId?: number }
export type NewProvinceUnit = { id: number; name: string }
export type DistrictUnit = { id: number; name: string; province: LegacyProvinceUnit; newWardIds: Set<number> }
export type LegacyWardUnit = { code: string; name: string; district: DistrictUnit; newWardIds: number[] }
export type NewWardUnit = { id: number; name: string; province: NewProvinceUnit }

/** `key`: the bare folded name; `accent`: its accents; `prefixes`: the kinds its names carry ("tinh", "thanh pho"). */
type EntryBase = { key: string; accent: string; prefixes: Set<string> }
export type Entry =
  | (EntryBase & { level: "province"; model: "legacy"; unit: LegacyProvinceUnit })
  | (EntryBase & { level: "province"; model: "new"; unit: NewProvinceUnit })
  | (EntryBase & { level: "district"; model: "legacy"; unit: DistrictUnit })
  | (EntryBase & { level: "ward"; model: "legacy"; unit: LegacyWardUnit })
  | (EntryBase & { level: "ward"; model: "new"; unit: NewWardUnit })

export type Reading =
  | { model: "legacy"; province: LegacyProvinceUnit; district: DistrictUnit; ward: LegacyWardUnit }
  | { model: "new"; province: NewProvinceUnit; ward: NewWardUnit }

/** A unit named in a part of the address: words [start, end) of the part. */
type Span = { start: number; end: number; entries: Entry[]; prefixed: boolean }

const MAX_NAME_WORDS = 8

const keyOf = (words: readonly AddressWord[], from = 0, to = words.length) =>
  words.slice(from, to).map((word) => word.folded).join(" ")
const accentOf = (words: readonly AddressWord[], from = 0, to = words.length) =>
  words.slice(from, to).map((word) => word.accent).join(" ")

/** Official names carry accents: their leading prefix word is certain. */
function officialPrefix(words: readonly AddressWord[]) {
  return words.length > 1 && words[0].prefix && !words[0].loose ? words[0].prefix.folded : undefined
}

/**
 * A unit under one of its names, with that name's accents ("Sài Gòn" for Hồ Chí Minh, "Sài Gòn" for
 * the ward); none for a name written without them ("Xa Thanh An" tells Thanh An from Thạnh An by nothing).
 */
type Named = { entry: Entry; accent?: string }

/** Names of units, exact after folding: full names ("xa mo dao") and bare names ("mo dao"). */
export class Lexicon {
  private readonly full = new Map<string, Named[]>()
  private readonly bare = new Map<string, Named[]>()
  /** Every unit, for the "did you mean" of a name that matches none. */
  readonly units: Entry[] = []

  /** Adds a unit under its name and its NameExtension; `entry`'s key, accent and prefixes are filled in. */
  add(entry: Entry, name: string, aliases: readonly string[] = []): void {
    const words = addressWords(name)
    const prefix = officialPrefix(words)
    const named = prefix ? words.slice(1) : words
    entry.key = keyOf(named)
    entry.accent = accentOf(named)
    if (prefix) entry.prefixes.add(prefix)
    this.put(this.full, keyOf(words), { entry, accent: entry.accent })
    this.put(this.bare, keyOf(named), { entry, accent: entry.accent })
    for (const alias of aliases) {
      const aliasWords = addressWords(alias)
      if (aliasWords.length === 0) continue
      const aliasPrefix = aliasWords.length > 1 ? aliasWords[0].prefix : undefined
      const accent = hasDiacritics(alias) ? accentOf(aliasWords, aliasPrefix ? 1 : 0) : undefined
      this.put(this.full, keyOf(aliasWords), { entry, accent })
      if (aliasPrefix) entry.prefixes.add(aliasPrefix.folded)
      // "Tan Binh", "District 1", "HCM": another bare name; "phuong dinh" may be "Phương Đình", so never stripped.
      else this.put(this.bare, keyOf(aliasWords), { entry, accent })
    }
    this.units.push(entry)
  }

  private put(map: Map<string, Named[]>, key: string, named: Named) {
    if (!key) return
    const list = map.get(key)
    if (!list) map.set(key, [named])
    else if (!list.some((n) => n.entry === named.entry && n.accent === named.accent)) list.push(named)
  }

  /** Parts already read against this lexicon: addresses repeat their parts (a province, a district). */
  readonly parsedParts = new Map<string, ParsedPart>()

  /** Every run of words of a part that names a unit, with the units it names. */
  spans(words: readonly AddressWord[], accented: boolean): Span[] {
    const spans: Span[] = []
    for (let start = 0; start < words.length; start++) {
      const first = words[start]
      // "XMộ Đạo" read as "X. Mộ Đạo": the abbreviation and the name's words, as many as a name
      // can have (the rest of the part, copied from every start, made a long part quadratic)
      const glued = first.glued && {
        prefix: first.glued.prefix,
        words: [
          { folded: first.glued.prefix.folded, accent: "", prefix: first.glued.prefix },
          first.glued.rest,
          ...words.slice(start + 1, start + MAX_NAME_WORDS + 1),
        ],
      }
      for (let end = start + 1; end <= Math.min(words.length, start + MAX_NAME_WORDS + 1); end++) {
        let entries: Entry[] = []
        let prefixed = false
        if (first.prefix && end > start + 1) {
          entries = this.prefixedEntries(words, start, end, first.prefix.folded, first.prefix.levels, accented)
          prefixed = entries.length > 0
        }
        if (!first.prefix || first.loose) {
          const key = keyOf(words, start, end)
          // A bare number inside a part is a house number; a part that is only a number may be "Quận 7".
          if (!/^\d+$/.test(key) || (start === 0 && end === words.length)) {
            const found = [...(this.full.get(key) ?? []), ...(this.bare.get(key) ?? [])]
            entries = union(entries, byAccent(found, accentOf(words, start, end), accented))
          }
        }
        if (glued) {
          const unglued = this.prefixedEntries(glued.words, 0, end - start + 1, glued.prefix.folded, glued.prefix.levels, accented)
          entries = union(entries, unglued)
          prefixed ||= unglued.length > 0
        }
        if (entries.length) spans.push({ start, end, entries, prefixed })
      }
    }
    return spans
  }

  private prefixedEntries(words: readonly AddressWord[], start: number, end: number, prefix: string, levels: readonly UnitLevel[], accented: boolean) {
    const exact = this.full.get(keyOf(words, start, end)) ?? []
    const exactGroups = new Set(exact.map(({ entry }) => groupOf(entry)))
    // The prefix says the level; a province also says its kind ("Thành phố Bắc Ninh" is no "Tỉnh Bắc Ninh").
    const stripped = (this.bare.get(keyOf(words, start + 1, end)) ?? []).filter(
      ({ entry }) =>
        levels.includes(entry.level) &&
        !exactGroups.has(groupOf(entry)) &&
        (entry.level !== "province" || entry.prefixes.size === 0 || entry.prefixes.has(prefix))
    )
    return byAccent([...exact, ...stripped], accentOf(words, start + 1, end), accented)
  }
}

const groupOf = (entry: Entry) => `${entry.model}:${entry.level}`

function union(a: Entry[] | undefined, b: Entry[] | undefined): Entry[] {
  if (!a?.length) return b ?? []
  if (!b?.length) return a
  return [...a, ...b.filter((entry) => !a.includes(entry))]
}

/**
 * Typed with accents: of names that differ only in accents ("Vĩnh Hùng", "Vĩnh Hưng"), the one typed,
 * each unit by the accents of the name it was found under ("Sài Gòn" names the city as well as the ward).
 */
function byAccent(found: Named[], typed: string, accented: boolean): Entry[] {
  const entries = [...new Set(found.map(({ entry }) => entry))]
  if (!accented || entries.length < 2) return entries
  const same = [...new Set(found.filter((named) => named.accent === typed).map(({ entry }) => entry))]
  return same.length ? same : entries
}

/** A comma-separated part of a field and the ways its words read as units. */
export type AddressPart = {
  /** from the province field: what reads there as the province is the province, never a district */
  inProvinceField: boolean
  text: string
  words: AddressWord[]
  accented: boolean
}

export type AddressFields = { province?: string | null; city?: string | null; address_1?: string | null; address_2?: string | null }

/** The parts of an address: each field split at commas, semicolons and line breaks. */
export function addressPartsOf(address: AddressFields): { province: AddressPart[]; others: AddressPart[] } {
  const partsOf = (field: string | null | undefined, inProvinceField = false): AddressPart[] => {
    if (!field) return []
    const accented = hasDiacritics(field)
    return field
      .split(/[,;\n]+/)
      .map((text) => text.trim())
      .filter(Boolean)
      .map((text) => ({ inProvinceField, text, words: addressWords(text), accented }))
      .filter((part) => part.words.length > 0)
  }
  return {
    province: partsOf(address.province, true),
    others: [...partsOf(address.city), ...partsOf(address.address_1), ...partsOf(address.address_2)],
  }
}

export type ParsedPart = {
  part: AddressPart
  /** covers of the whole part, then covers of its end after free words ("12 Lê Lợi Phường Bến Nghé") */
  parses: Span[][]
  /** free words that start with a unit prefix: a unit the master data does not know */
  unknownUnit: boolean
  /** free words with a number, a name and no unit prefix: a street, a house, a hamlet */
  streetLike: boolean
  /** only a number: a district's or ward's number, or a house number */
  numberOnly: boolean
}

const MAX_PARSES = 16

/** The ways a part's words are a sequence of units, whole or after free words that start it. */
export function parsePart(part: AddressPart, lexicon: Lexicon): ParsedPart {
  const key = `${part.accented ? 1 : 0}${part.inProvinceField ? 1 : 0}${part.text}`
  let parsed = lexicon.parsedParts.get(key)
  if (!parsed) {
    if (lexicon.parsedParts.size >= MAX_CACHED_PARTS) lexicon.parsedParts.delete(lexicon.parsedParts.keys().next().value!)
    parsed = readPart(part, lexicon)
    lexicon.parsedParts.set(key, parsed)
  }
  return parsed
}

const MAX_CACHED_PARTS = 5000

/** A cover of a part's words from some word to its end, sharing its tail with the covers it extends. */
type Cover = { span: Span; rest: Cover | null } | null

function spansOf(cover: Cover): Span[] {
  const spans: Span[] = []
  for (let at = cover; at; at = at.rest) spans.push(at.span)
  return spans
}

function readPart(part: AddressPart, lexicon: Lexicon): ParsedPart {
  const spans = lexicon.spans(part.words, part.accented)
  const n = part.words.length
  const byStart: Span[][] = Array.from({ length: n }, () => [])
  for (const span of spans) byStart[span.start].push(span)
  // The covers from each word to the end, at most MAX_PARSES, built from the end without recursion
  // (a long run of names overflowed the stack) and sharing their tails (copying them was quadratic).
  const covers: Cover[][] = new Array(n + 1)
  covers[n] = [null]
  for (let from = n - 1; from >= 0; from--) {
    const found: Cover[] = []
    for (const span of byStart[from]) {
      for (const rest of covers[span.end]) {
        if (found.length >= MAX_PARSES) break
        found.push({ span, rest })
      }
    }
    covers[from] = found
  }
  // The whole part read as units; else its end after the fewest free words. Longest names first:
  // "Xã Liên Sơn Lắk" is that ward, not "Liên Sơn" in "Lắk"; "Bà Rịa - Vũng Tàu" is the province.
  let parses = covers[0].map(spansOf)
  for (let from = 1; from < n && parses.length === 0; from++) {
    for (const span of byStart[from]) if (span.prefixed) parses.push(...covers[span.end].map((rest) => spansOf({ span, rest })))
  }
  const fewest = Math.min(...parses.map((parse) => parse.length))
  parses = parses.filter((parse) => parse.length === fewest)
  return {
    part,
    parses,
    unknownUnit: parses.length === 0 && !!(part.words[0].prefix || part.words[0].glued) && !/\d/.test(part.text),
    streetLike: /\d/.test(part.text) && /\p{L}{2,}/u.test(part.text) && !part.words.some((word) => word.prefix),
    numberOnly: /^\d+$/.test(keyOf(part.words)),
  }
}

// ---------------------------------------------------------------- readings

/** The same unit, or a unit of the same place (the 2025 mapping), as the reading's. */
function entryFits(entry: Entry, reading: Reading): boolean {
  if (reading.model === "legacy") {
    switch (entry.level) {
      case "province":
        return entry.model === "legacy" ? entry.unit === reading.province : entry.unit.id === reading.province.newProvinceId
      case "district":
        return entry.unit === reading.district
      case "ward":
        return entry.model === "legacy" ? entry.unit === reading.ward : reading.ward.newWardIds.includes(entry.unit.id)
    }
  }
  switch (entry.level) {
    case "province":
      return entry.model === "new" ? entry.unit === reading.province : entry.unit.newProvinceId === reading.province.id
    case "district":
      return entry.unit.newWardIds.has(reading.ward.id)
    case "ward":
      return entry.model === "new" ? entry.unit === reading.ward : entry.unit.newWardIds.includes(reading.ward.id)
  }
}

/** One of the reading's own units (not merely the same place). */
function isOwn(entry: Entry, reading: Reading): boolean {
  return entry.unit === reading.province || entry.unit === reading.ward || (reading.model === "legacy" && entry.unit === reading.district)
}

export type Evaluation = {
  reading: Reading
  /** parts that name units this reading contradicts */
  conflicts: number
  /** parts that name one of the reading's own units */
  direct: number
  /** names the fitting parts split into (fewer: longer names matched, "Phường 2 Bảo Lộc" over "Phường 2" + "Bảo Lộc") */
  names: number
  /** legacy: province, district and ward each named; new: province and ward named */
  complete: boolean
  /** the reading's ward is named by the address */
  wardNamed: boolean
  /** complete only if a part that also reads as the province names the district or ward ("Cao Bằng, Cao Bằng") */
  weak: boolean
  /** legacy: the old province itself is named (not only the new province it became part of) */
  ownProvinceNamed: boolean
  /** new: every word that names the ward also names a legacy district of the province */
  shadowed: boolean
  /** legacy: the address names the reading's own district (a district is of the legacy model only) */
  districtNamed: boolean
}

type Placed = { part: number; span: Span }

function disjoint(a: Placed, b: Placed) {
  return a.part !== b.part || a.span.end <= b.span.start || b.span.end <= a.span.start
}

export function evaluate(reading: Reading, parts: readonly ParsedPart[]): Evaluation {
  let conflicts = 0
  let direct = 0
  let names = 0
  let provinceNamed = false
  let ownProvinceNamed = false
  const wardSpans: Placed[] = []
  const districtSpans: Placed[] = []
  // roles played by words that also read as the province: they may be the province repeated
  const weakWardSpans: Placed[] = []
  const weakDistrictSpans: Placed[] = []
  // new readings: legacy provinces named, and legacy districts named (outside the province's words)
  const formerProvinces = new Set<LegacyProvinceUnit>()
  const formerDistricts: { placed: Placed; districts: DistrictUnit[] }[] = []
  const free: ParsedPart[] = []
  parts.forEach((parsed, index) => {
    if (parsed.parses.length === 0) {
      if (parsed.unknownUnit) conflicts++
      else free.push(parsed)
      return
    }
    const fitting = parsed.parses.filter((parse) => parse.every((span) => span.entries.some((entry) => entryFits(entry, reading))))
    if (fitting.length === 0) {
      if (!parsed.numberOnly) conflicts++
      return
    }
    if (fitting.some((parse) => parse.some((span) => span.entries.some((entry) => isOwn(entry, reading))))) direct++
    const own = fitting.filter((parse) => parse.every((span) => span.entries.some((entry) => isOwn(entry, reading))))
    names += Math.min(...(own.length ? own : fitting).map((parse) => parse.length))
    for (const parse of fitting) {
      for (const span of parse) {
        const asProvince = span.entries.filter((entry) => entry.level === "province" && entryFits(entry, reading))
        if (asProvince.length) {
          provinceNamed ||= reading.model === "legacy" || asProvince.some((entry) => entry.model === "new")
          ownProvinceNamed ||= asProvince.some((entry) => entry.unit === reading.province)
          for (const entry of asProvince) if (entry.level === "province" && entry.model === "legacy") formerProvinces.add(entry.unit)
        } else if (reading.model === "new") {
          const districts = span.entries.flatMap((entry) => (entry.level === "district" && entryFits(entry, reading) ? [entry.unit] : []))
          if (districts.length) formerDistricts.push({ placed: { part: index, span }, districts })
        }
        if (asProvince.length && parsed.part.inProvinceField) continue
        const wards = asProvince.length ? weakWardSpans : wardSpans
        const districts = asProvince.length ? weakDistrictSpans : districtSpans
        if (span.entries.some((entry) => entry.unit === reading.ward)) wards.push({ part: index, span })
        if (reading.model === "legacy" && span.entries.some((entry) => entry.unit === reading.district)) districts.push({ part: index, span })
      }
    }
  })
  // A new ward with the legacy district that gave it wards and that district's legacy province
  // ("Phường Tam Long, Thành phố Bà Rịa, Bà Rịa - Vũng Tàu"): the same place named in both models.
  provinceNamed ||= formerDistricts.some(
    ({ placed, districts }) => districts.some((district) => formerProvinces.has(district.province)) && wardSpans.some((ward) => disjoint(ward, placed))
  )
  const shadowed =
    reading.model === "new" && wardSpans.length > 0 && wardSpans.every(({ span }) => span.entries.some((entry) => entry.level === "district"))
  // A new ward read from a district's name explains nothing else: other words must be a street.
  if (shadowed) conflicts += free.filter((parsed) => !parsed.streetLike).length
  const completeWith = (wards: Placed[], districts: Placed[]) =>
    provinceNamed && (reading.model === "new" ? wards.length > 0 : wards.some((ward) => districts.some((district) => disjoint(ward, district))))
  const complete = completeWith(wardSpans, districtSpans)
  // Legacy: only with its own province named ("Đồng Nai" names no district of Bình Phước by itself).
  const weak =
    !complete &&
    (reading.model === "new" || ownProvinceNamed) &&
    completeWith([...wardSpans, ...weakWardSpans], [...districtSpans, ...weakDistrictSpans])
  return { reading, conflicts, direct, names, complete, weak, wardNamed: wardSpans.length > 0 || weak, ownProvinceNamed, shadowed, districtNamed: districtSpans.length > 0 }
}

/** Every reading the address's parts suggest: one per ward any part names. */
export function readingsOf(parts: readonly ParsedPart[]): Reading[] {
  const readings = new Map<object, Reading>()
  for (const parsed of parts) {
    for (const parse of parsed.parses) {
      for (const span of parse) {
        for (const entry of span.entries) {
          if (entry.level !== "ward" || readings.has(entry.unit)) continue
          readings.set(
            entry.unit,
            entry.model === "legacy"
              ? { model: "legacy", province: entry.unit.district.province, district: entry.unit.district, ward: entry.unit }
              : { model: "new", province: entry.unit.province, ward: entry.unit }
          )
        }
      }
    }
  }
  return [...readings.values()]
}

export type Decision =
  | { kind: "resolved"; reading: Reading }
  | { kind: "ambiguous"; readings: Reading[] }
  | { kind: "none"; closest: Reading[] }

/**
 * One place or none: complete readings first (a new ward read from a district's name loses to a
 * legacy reading), challenged by readings whose district or ward is a part that may be the province
 * repeated; then those and legacy readings without their district (the ward's name unique in the
 * named province). A legacy and a new reading of the same place are one place; a complete legacy
 * reading whose district and province the address names is the legacy model's, over any new reading.
 */
export function decide(evaluations: readonly Evaluation[]): Decision {
  const usable = evaluations.filter((e) => e.wardNamed && e.conflicts === 0)
  let weak = usable.filter((e) => e.weak)
  let complete = usable.filter((e) => e.complete)
  if (complete.some((e) => e.reading.model === "legacy") || weak.some((e) => e.reading.model === "legacy")) complete = complete.filter((e) => !e.shadowed)
  // The new model has no districts: an address that names the district and the province of a
  // complete legacy reading is written in the legacy model ("Gia Viên, Q. Ngô Quyền, Tp Hải Phòng"
  // is that district's ward, not the new ward of the same name). A legacy district with only the new
  // province it joined mixes the models: that stays a question. Legacy readings of other districts
  // or wards still challenge it.
  if (complete.some((e) => e.reading.model === "legacy" && e.districtNamed && e.ownProvinceNamed)) {
    complete = complete.filter((e) => e.reading.model === "legacy")
    weak = weak.filter((e) => e.reading.model === "legacy")
  }
  // A reading complete only if a repeat of the province is its district may be right: it challenges the others.
  if (complete.length) return onePlace([...complete, ...weak])
  const withoutDistrict = usable.filter((e) => e.reading.model === "legacy" && e.ownProvinceNamed && !e.complete && !e.weak)
  if (weak.length || withoutDistrict.length) return onePlace([...weak, ...withoutDistrict])
  const named = evaluations.filter((e) => e.wardNamed)
  const fewest = Math.min(...named.map((e) => e.conflicts))
  return { kind: "none", closest: named.filter((e) => e.conflicts === fewest).map((e) => e.reading) }
}

function onePlace(evaluations: readonly Evaluation[]): Decision {
  const legacy = new Set<LegacyWardUnit>()
  const fresh = new Set<NewWardUnit>()
  for (const { reading } of evaluations) {
    if (reading.model === "legacy") legacy.add(reading.ward)
    else fresh.add(reading.ward)
  }
  const [oldWard] = legacy
  const [newWard] = fresh
  const samePlace = !oldWard || !newWard || oldWard.newWardIds.includes(newWard.id)
  if (legacy.size > 1 || fresh.size > 1 || !samePlace) {
    return { kind: "ambiguous", readings: distinctPlaces(evaluations.map((e) => e.reading)) }
  }
  // The reading that names more of what the address says, in longer names; then the legacy one (it has the district).
  const best = [...evaluations].sort(
    (a, b) => Number(a.weak) - Number(b.weak) || b.direct - a.direct || a.names - b.names || (a.reading.model === "legacy" ? -1 : 1)
  )[0]
  return { kind: "resolved", reading: best.reading }
}

function distinctPlaces(readings: Reading[]): Reading[] {
  const seen = new Set<object>()
  return readings.filter((reading) => !seen.has(reading.ward) && !!seen.add(reading.ward))
}

/** A reading's names, most specific first ("Xã Mộ Đạo, Thị xã Quế Võ, Bắc Ninh"). */
export function readingLabel(reading: Reading): string {
  return reading.model === "legacy"
    ? `${reading.ward.name}, ${reading.district.name}, ${reading.province.name}`
    : `${reading.ward.name}, ${reading.province.name} (new model)`
}

/** Legacy districts the address names, outside what reads as the province. */
export function namedDistricts(parts: readonly ParsedPart[]): DistrictUnit[] {
  const found = new Set<DistrictUnit>()
  for (const parsed of parts) {
    for (const parse of parsed.parses) {
      for (const span of parse) {
        if (span.entries.some((entry) => entry.level === "province")) continue
        for (const entry of span.entries) if (entry.level === "district") found.add(entry.unit)
      }
    }
  }
  return [...found]
}

const MAX_SUGGESTED_PARTS = 8

/**
 * Units whose names are close to a part that names nothing: one letter or tone away, or one name
 * inside the other ("Tân Phong" and "Tân Phong Đông"). Never used to resolve, only to suggest.
 */
export function nearUnits(parts: readonly ParsedPart[], units: readonly Entry[], limit = 5): Entry[] {
  // The first few parts that name nothing: a hint needs no more, and each costs a pass over the names.
  const typed = parts
    .filter((parsed) => parsed.parses.length === 0)
    .slice(0, MAX_SUGGESTED_PARTS)
    .map(({ part: { words } }) => (words[0]?.glued ? keyOf([words[0].glued.rest, ...words.slice(1)]) : keyOf(words, words[0]?.prefix ? 1 : 0)))
    .filter((key) => key && !/^\d+$/.test(key))
  // Every run of words of what was typed, as long as a name can be: a name inside a long part is a
  // look-up, not a search of the part for each of the lexicon's thousands of names.
  const longest = units.reduce((most, entry) => Math.max(most, entry.key.split(" ").length), 1)
  const runs = new Set<string>()
  for (const key of typed) {
    const words = key.split(" ")
    for (let start = 0; start < words.length; start++) {
      let run = ""
      for (let end = start; end < Math.min(words.length, start + longest); end++) runs.add((run = end === start ? words[end] : `${run} ${words[end]}`))
    }
  }
  const scored: { entry: Entry; distance: number }[] = []
  for (const entry of units) {
    const name = entry.key
    let distance = runs.has(name) ? 1 : Infinity
    for (const key of typed) {
      // Only a key no longer than the name can be inside it; an edit distance only between near lengths.
      const within = key.length <= name.length && ` ${name} `.includes(` ${key} `) ? 1 : Infinity
      const edits = Math.abs(key.length - name.length) <= 2 ? editDistance(key, name, 2) : Infinity
      distance = Math.min(distance, within, edits <= Math.max(1, Math.floor(key.length / 5)) ? edits : Infinity)
    }
    if (distance < Infinity) scored.push({ entry, distance })
  }
  return scored.sort((a, b) => a.distance - b.distance).slice(0, limit).map((s) => s.entry)
}
