/**
 * Text helpers: Vietnamese diacritics folding, name keys for matching, phone normalisation,
 * time formatting in Asia/Ho_Chi_Minh.
 */

/** Removes Vietnamese diacritics ("Hồ Chí Minh" -> "Ho Chi Minh", "Đà Nẵng" -> "Da Nang"). */
export function fold(s: string): string {
  if (/^[\x00-\x7f]*$/.test(s)) return s
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/đ/g, "d")
    .replace(/Đ/g, "D")
    .normalize("NFC")
}

/**
 * A comparison key: diacritics-insensitive, case-insensitive, punctuation as spaces,
 * leading zeros of numbers dropped ("Quận 01" and "quan 1" give the same key).
 */
let keyCache: Map<string, string> | null = null
/** Memoises nameKey while master data is built (cleared afterwards). */
export function keyCacheActive(on: boolean): void {
  keyCache = on ? new Map() : null
}

export function nameKey(s: string): string {
  if (keyCache) {
    let k = keyCache.get(s)
    if (k === undefined) {
      k = computeKey(s)
      keyCache.set(s, k)
    }
    return k
  }
  return computeKey(s)
}

function computeKey(s: string): string {
  return fold(s)
    .toLowerCase()
    .replace(/[.,\-_/()'"]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/\b0+(\d)/g, "$1")
}

const naturalParts = new Map<string, string[]>()
function partsOf(s: string): string[] {
  let p = naturalParts.get(s)
  if (!p) {
    p = nameKey(s).match(/(\d+)|(\D+)/g) ?? []
    naturalParts.set(s, p)
  }
  return p
}

/** Natural comparison so that "Quận 2" < "Quận 10". Locale-independent (stable everywhere). */
export function naturalCompare(a: string, b: string): number {
  const pa = partsOf(a)
  const pb = partsOf(b)
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const x = pa[i]
    const y = pb[i]
    if (x === y) continue
    const nx = x.charCodeAt(0) >= 48 && x.charCodeAt(0) <= 57
    const ny = y.charCodeAt(0) >= 48 && y.charCodeAt(0) <= 57
    if (nx && ny) return Number(x) - Number(y)
    if (nx) return -1
    if (ny) return 1
    return x < y ? -1 : 1
  }
  if (pa.length !== pb.length) return pa.length - pb.length
  // same key: fall back to raw code points so that the order is total
  return a < b ? -1 : a > b ? 1 : 0
}

/** Frees the memo used while sorting master data. */
export function clearNaturalCache(): void {
  naturalParts.clear()
}

/** Normalises a Vietnamese phone number; returns null when malformed. */
export function normalizePhone(raw: unknown): string | null {
  if (typeof raw !== "string") return null
  let p = raw.replace(/[\s.\-()]/g, "")
  if (p.startsWith("+84")) p = "0" + p.slice(3)
  else if (p.startsWith("84") && p.length === 11) p = "0" + p.slice(2)
  if (/^0[35789]\d{8}$/.test(p)) return p // mobile
  if (/^02\d{9}$/.test(p)) return p // landline
  if (/^1[89]00\d{4,6}$/.test(p)) return p // hotline
  return null
}

export const VN_OFFSET_MS = 7 * 3600 * 1000

/** ISO 8601 in UTC without milliseconds, like GHN ("2025-07-30T16:59:59Z"). */
export function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(".000Z", "Z")
}

/** ISO 8601 with milliseconds. */
export function isoMs(ms: number): string {
  return new Date(ms).toISOString()
}

/** Day number (days since 1970-01-01) of a timestamp in Asia/Ho_Chi_Minh. */
export function vnDay(ms: number): number {
  return Math.floor((ms + VN_OFFSET_MS) / 86400000)
}

/** UTC ms of local midnight (Asia/Ho_Chi_Minh) of a VN day number. */
export function vnDayStart(day: number): number {
  return day * 86400000 - VN_OFFSET_MS
}

/** Local hour (0..23) in Asia/Ho_Chi_Minh. */
export function vnHour(ms: number): number {
  return Math.floor(((ms + VN_OFFSET_MS) % 86400000) / 3600000)
}

/** "dd-mm-yyyy" of a VN day number. */
export function vnDateLabel(day: number): string {
  const d = new Date(day * 86400000)
  const dd = String(d.getUTCDate()).padStart(2, "0")
  const mm = String(d.getUTCMonth() + 1).padStart(2, "0")
  return `${dd}-${mm}-${d.getUTCFullYear()}`
}

export function escapeHtml(s: unknown): string {
  return String(s ?? "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;")
}

/** Deterministic PRNG (mulberry32). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function charLength(s: string): number {
  let n = 0
  for (const _ of s) n++
  return n
}
