/**
 * Vietnamese address names -> GHN ids. Storefronts that use the plugin's address lists store
 * the GHN ids in the address metadata; otherwise names are matched against GHN's master data,
 * tolerant of diacritics, case, administrative prefixes (Phường/P., Quận/Q., Huyện/H., Thị xã/TX.,
 * Thành phố/TP., Tỉnh, Xã, Thị trấn), zero-padded numbers ("Quận 01") and GHN's NameExtension.
 */

const PREFIXES = [
  "thanh pho",
  "thi tran",
  "thi xa",
  "phuong",
  "quan",
  "huyen",
  "tinh",
  "xa",
  "tp",
  "tx",
  "tt",
  "p",
  "q",
  "h",
]

/** Lower case, no diacritics (đ -> d), no punctuation, single spaces. */
export function foldVietnamese(value: string): string {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[đĐ]/g, "d")
    .toLowerCase()
    .replace(/[.,;:_\-/()]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
}

// Built once: "q 1", "q1" and "quận 1" all start with a prefix that is glued to a number.
const PREFIX_WORDS = PREFIXES.map((prefix) => ({ word: prefix + " ", glued: prefix.length <= 2 ? new RegExp(`^${prefix} ?(?=\\d)`) : null }))

/** The comparable core of a unit name: folded, without its administrative prefix, numbers unpadded. */
export function normalizeUnitName(value: string): string {
  let folded = foldVietnamese(value)
  for (let changed = true; changed; ) {
    changed = false
    for (const { word, glued } of PREFIX_WORDS) {
      if (folded.startsWith(word) && folded.length > word.length) {
        folded = folded.slice(word.length)
        changed = true
      } else if (glued?.test(folded)) {
        folded = folded.replace(glued, "")
        changed = true
      }
    }
  }
  return folded.replace(/\b0+(\d)/g, "$1")
}

/** Entries GHN keeps for tests or internal use, never a real address. */
export function isSpecialUnit(name: string): boolean {
  const folded = foldVietnamese(name)
  return folded.includes("dac biet") || folded.includes("vat tu") || folded.includes("test")
}

export type Unit<Id> = { id: Id; name: string; aliases: string[] }

export type UnitMatch<Id> =
  | { kind: "match"; unit: Unit<Id> }
  | { kind: "ambiguous"; candidates: Unit<Id>[] }
  | { kind: "none"; near: Unit<Id>[] }

// Lists come from a cache and are matched on every quote: normalise each unit once.
const KEYS = new WeakMap<object, { keys: string[]; special: boolean }>()

function prepared<Id>(unit: Unit<Id>) {
  let entry = KEYS.get(unit)
  if (!entry) {
    entry = { keys: [unit.name, ...unit.aliases].map(normalizeUnitName), special: isSpecialUnit(unit.name) }
    KEYS.set(unit, entry)
  }
  return entry
}

function keysOf<Id>(unit: Unit<Id>) {
  return prepared(unit).keys
}

/** Levenshtein distance, bounded: enough to suggest near misses such as a missing letter. */
export function editDistance(a: string, b: string, max = 3): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const cur = [i]
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
    }
    prev = cur
  }
  return prev[b.length]
}

/** Finds the unit a free-text name designates among `units`. */
export function matchUnit<Id>(name: string | null | undefined, units: Unit<Id>[]): UnitMatch<Id> {
  const wanted = normalizeUnitName(name ?? "")
  if (!wanted) return { kind: "none", near: [] }
  const usable = units.filter((u) => !prepared(u).special)
  const exact = usable.filter((u) => keysOf(u).includes(wanted))
  if (exact.length === 1) return { kind: "match", unit: exact[0] }
  if (exact.length > 1) {
    // "Quận 1" vs "Huyện 1" do not exist together, but "Thành phố X" and "Huyện X" can:
    // prefer the one whose full folded name equals the input.
    const full = exact.filter((u) => foldVietnamese(u.name) === foldVietnamese(name ?? ""))
    if (full.length === 1) return { kind: "match", unit: full[0] }
    return { kind: "ambiguous", candidates: exact }
  }
  const near = usable
    .map((u) => ({ u, d: Math.min(...keysOf(u).map((k) => editDistance(k, wanted))) }))
    .filter((x) => x.d <= Math.max(1, Math.floor(wanted.length / 5)))
    .sort((a, b) => a.d - b.d)
    .slice(0, 5)
    .map((x) => x.u)
  return { kind: "none", near }
}

/** Finds the first of several free-text candidates (address parts) that names exactly one unit. */
export function matchAnyUnit<Id>(candidates: (string | null | undefined)[], units: Unit<Id>[]) {
  let firstNear: UnitMatch<Id> | undefined
  for (const candidate of candidates) {
    const match = matchUnit(candidate, units)
    if (match.kind === "match") return { match, source: candidate! }
    if (!firstNear || (firstNear.kind === "none" && firstNear.near.length === 0)) firstNear = match
  }
  return { match: firstNear ?? ({ kind: "none", near: [] } as UnitMatch<Id>), source: undefined }
}

/** The free-text parts of an address that can name a ward or a district, most specific first. */
export function addressParts(address: { address_1?: string | null; address_2?: string | null; city?: string | null }) {
  const parts: string[] = []
  for (const line of [address.address_2, address.address_1, address.city]) {
    if (!line) continue
    parts.push(line.trim())
    for (const piece of line.split(",")) if (piece.trim() && piece.trim() !== line.trim()) parts.push(piece.trim())
  }
  return [...new Set(parts)]
}
