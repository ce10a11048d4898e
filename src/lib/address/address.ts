/**
 * Vietnamese address names -> GHN ids. Storefronts that use the plugin's address lists store
 * the GHN ids in the address metadata; otherwise names are matched against GHN's master data,
 * tolerant of diacritics, case, administrative prefixes (Phường/P., Quận/Q., Huyện/H., Thị xã/TX.,
 * Thành phố/TP., Tỉnh, Xã, Thị trấn), zero-padded numbers ("Quận 01") and GHN's NameExtension.
 */

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

/** The comparable core of a unit name: folded, without its administrative prefix, numbers unpadded. */
export function normalizeUnitName(value: string): string {
  const words = addressWords(value)
  const start = words.length > 1 && words[0].prefix ? 1 : 0
  return words.slice(start).map((word) => word.folded).join(" ")
}

/** Like `normalizeUnitName`, but keeping the accents ("Văn Lang" and "Văn Lăng" differ; "Hoà" and "Hòa" do not). */
export function accentedUnitName(value: string): string {
  const words = addressWords(value)
  const start = words.length > 1 && words[0].prefix ? 1 : 0
  return words.slice(start).map((word) => word.accent || word.folded).join(" ")
}

/**
 * Other names shoppers give a province, by its bare name: colloquial and former names that stand for
 * that province alone, whether or not GHN's NameExtension lists them. ("DN" is Đà Nẵng or Đồng Nai:
 * not one.)
 */
const PROVINCE_OTHER_NAMES: Record<string, readonly string[]> = {
  "ho chi minh": ["Sài Gòn", "Saigon", "SG", "HCM", "HCMC", "TPHCM", "TP.HCM", "Ho Chi Minh City"],
  "ha noi": ["Hanoi", "HN", "TPHN", "Hà Tây"],
  "da nang": ["Danang"],
  "hai phong": ["Haiphong"],
  "can tho": ["Cantho"],
  "ba ria vung tau": ["BRVT", "Bà Rịa Vũng Tàu", "Vũng Tàu"],
  "dak lak": ["Daklak", "Đắc Lắc", "Đăk Lăk"],
  "dak nong": ["Daknong", "Đắc Nông", "Đăk Nông"],
}

/** A province's colloquial and former names ("Sài Gòn", "SG" for Hồ Chí Minh), in either model. */
export function provinceOtherNames(provinceName: string): readonly string[] {
  return PROVINCE_OTHER_NAMES[normalizeUnitName(provinceName)] ?? []
}

/** Entries GHN keeps for tests or internal use, never a real address. */
export function isSpecialUnit(name: string): boolean {
  const folded = foldVietnamese(name)
  return folded.includes("dac biet") || folded.includes("vat tu") || folded.includes("test")
}

/** A unit of GHN's master data lists: its id, name and NameExtension. */
export type Unit<Id> = { id: Id; name: string; aliases: string[] }

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

export type UnitLevel = "province" | "district" | "ward"

/** A unit prefix as the shopper typed it, in its canonical folded form ("tp" -> "thanh pho"). */
export type UnitPrefix = { folded: string; levels: readonly UnitLevel[] }

/** One word of an address: folded for matching, with its tone marks kept apart for accent checks. */
export type AddressWord = {
  folded: string
  /** lower case with diacritics, each syllable's tone mark moved to its end ("hoà" and "hòa" agree) */
  accent: string
  prefix?: UnitPrefix
  /** an unaccented full word such as "phuong" or "xa": a prefix, or the first syllable of a name ("Phương Đình") */
  loose?: boolean
  /** the word may also be an abbreviation glued to a name's first word ("XMộ", "TxQuế"): the lexicon decides */
  glued?: { prefix: UnitPrefix; rest: AddressWord }
}

const UNIT_PREFIXES: Record<string, { accent: string; levels: readonly UnitLevel[] }> = {
  "thanh pho": { accent: "thành phố", levels: ["province", "district"] },
  tinh: { accent: "tỉnh", levels: ["province"] },
  quan: { accent: "quận", levels: ["district"] },
  huyen: { accent: "huyện", levels: ["district"] },
  "thi xa": { accent: "thị xã", levels: ["district"] },
  phuong: { accent: "phường", levels: ["ward"] },
  xa: { accent: "xã", levels: ["ward"] },
  "thi tran": { accent: "thị trấn", levels: ["ward"] },
  "dac khu": { accent: "đặc khu", levels: ["ward"] },
}
const ABBREVIATIONS: Record<string, string> = {
  tp: "thanh pho", tx: "thi xa", tt: "thi tran", dk: "dac khu", q: "quan", h: "huyen", p: "phuong", x: "xa",
}
const TONE_MARKS = /[\u0300\u0301\u0303\u0309\u0323]/g
/** Abbreviations that may be glued to a name without a dot or a space, longest first. */
const GLUED_ABBREVIATIONS = ["tp", "tx", "tt", "dk", "q", "h", "p", "x"]

/**
 * An abbreviation glued to a name without a dot or a space, told by the capital that starts the
 * name: "XMộ", "TxQuế", "TTĐầm", "HA" (of "HA Lưới"). Only a possibility: the plain word is read as
 * well, and the lexicon decides. Lower case ("xmộ") or all capitals ("XMỘ") tell nothing: not read.
 */
function gluedAbbreviation(piece: string): { prefix: UnitPrefix; rest: AddressWord } | undefined {
  const lower = piece.toLowerCase()
  for (const abbreviation of GLUED_ABBREVIATIONS) {
    const n = abbreviation.length
    if (lower.length <= n || lower.slice(0, n).replace("đ", "d") !== abbreviation) continue
    if (!/^\p{Lu}/u.test(piece) || !/^\p{Lu}(\p{Ll}+)?$/u.test(piece.slice(n))) return undefined
    const rest = lower.slice(n)
    const full = ABBREVIATIONS[abbreviation]
    return { prefix: { folded: full, levels: UNIT_PREFIXES[full].levels }, rest: { folded: foldVietnamese(rest), accent: accentKey(rest) } }
  }
  return undefined
}

/** A word's accents with its tone mark at the end: old ("hoà") and new ("hòa") tone placement compare equal. */
function accentKey(word: string): string {
  const decomposed = word.normalize("NFD")
  const tones = decomposed.match(TONE_MARKS)?.join("") ?? ""
  return decomposed.replace(TONE_MARKS, "") + tones
}

/** Whether a text carries Vietnamese diacritics (then tone marks tell near names apart). */
export function hasDiacritics(text: string): boolean {
  return /[^\x00-\x7f]/.test(text)
}

const PREFIX_ACCENTS = new Map(Object.entries(UNIT_PREFIXES).map(([folded, p]) => [folded, p.accent.split(" ").map(accentKey).join(" ")]))

/**
 * The words of an address part: "X.Nậm Chạc", "TX. Quế Võ", "Q1", "p12" and "Thị xã" give a prefix
 * word and the name's words. A full prefix typed with accents must be the prefix's own accents
 * ("Phương" is a name, "Phường" a prefix); typed without, it may be either (`loose`).
 */
export function addressWords(text: string): AddressWord[] {
  const raw: { folded: string; accent: string; abbreviation?: boolean; glued?: AddressWord["glued"] }[] = []
  for (const typed of text.normalize("NFC").split(/[\s.,;:_\-/()"'’]+/)) {
    if (!typed) continue
    const piece = typed.toLowerCase()
    const folded = foldVietnamese(piece).replace(/\s+/g, "")
    const glued = /^([qpf])(\d+)$/.exec(folded)
    if (glued) {
      raw.push({ folded: glued[1] === "q" ? "quan" : "phuong", accent: "", abbreviation: true }, { folded: glued[2].replace(/^0+(?=\d)/, ""), accent: glued[2] })
    } else if (ABBREVIATIONS[folded] && folded === piece) {
      raw.push({ folded: ABBREVIATIONS[folded], accent: "", abbreviation: true })
    } else {
      raw.push({ folded: /^\d+$/.test(folded) ? folded.replace(/^0+(?=\d)/, "") : folded, accent: accentKey(piece), glued: gluedAbbreviation(typed) })
    }
  }
  const words: AddressWord[] = []
  for (let i = 0; i < raw.length; i++) {
    const one = raw[i]
    const two = raw[i + 1]
    if (one.abbreviation) {
      words.push({ folded: one.folded, accent: "", prefix: { folded: one.folded, levels: UNIT_PREFIXES[one.folded].levels } })
      continue
    }
    const pair = two && !two.abbreviation ? `${one.folded} ${two.folded}` : ""
    const pairAccent = PREFIX_ACCENTS.get(pair)
    if (pairAccent && (!hasDiacritics(one.accent + two.accent) || `${one.accent} ${two.accent}` === pairAccent)) {
      words.push({ folded: pair, accent: pairAccent, prefix: { folded: pair, levels: UNIT_PREFIXES[pair].levels } })
      i++
      continue
    }
    const accent = PREFIX_ACCENTS.get(one.folded)
    const unaccented = !hasDiacritics(one.accent)
    if (accent && (unaccented || one.accent === accent)) {
      words.push({ ...one, prefix: { folded: one.folded, levels: UNIT_PREFIXES[one.folded].levels }, loose: unaccented })
    } else {
      words.push({ folded: one.folded, accent: one.accent, ...(one.glued && { glued: one.glued }) })
    }
  }
  return words
}
