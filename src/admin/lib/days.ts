/**
 * Calendar days (YYYY-MM-DD) as the admin writes and reads them: in its language's order
 * (Vietnamese day/month/year, English month/day/year), never the browser's own date input, whose
 * `mm/dd/yyyy` follows the browser, not the admin. Pure (unit-tested beside it).
 */

const locale = (lng: string) => (lng.startsWith("vi") ? "vi-VN" : "en-US")

type Part = "day" | "month" | "year"

/** The order of day, month and year in the language's short date, and its separator. */
export function dayOrder(lng: string): { parts: Part[]; separator: string } {
  const parts = new Intl.DateTimeFormat(locale(lng), { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" }).formatToParts(new Date(Date.UTC(2026, 10, 25)))
  const order = parts.filter((p) => p.type === "day" || p.type === "month" || p.type === "year").map((p) => p.type as Part)
  const separator = parts.find((p) => p.type === "literal")?.value ?? "/"
  return { parts: order.length === 3 ? order : ["day", "month", "year"], separator }
}

/** `2026-11-25` as `25/11/2026` (Vietnamese) or `11/25/2026` (English); "" for none. */
export function formatDay(day: string, lng: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (!m) return ""
  const value: Record<Part, string> = { year: m[1], month: m[2], day: m[3] }
  const { parts, separator } = dayOrder(lng)
  return parts.map((p) => value[p]).join(separator)
}

/** A day (YYYY-MM-DD) as the axis writes it in the admin's language: `05/11` in Vietnamese, `11/05` in English. */
export function shortDay(day: string, lng: string): string {
  const m = /^\d{4}-(\d{2})-(\d{2})$/.exec(day)
  if (!m) return day
  // The order and separator of the language's full date (the day fields'), less the year: ICU's
  // day-and-month pattern differs between builds (Chromium writes `29-11` in Vietnamese).
  const { parts, separator } = dayOrder(lng)
  return parts.flatMap((p) => (p === "day" ? [m[2]] : p === "month" ? [m[1]] : [])).join(separator)
}

/** The placeholder of a day in the language's order, from the language's names of its parts (`nn/tt/nnnn`). */
export function dayPattern(lng: string, names: Record<Part, string>): string {
  const { parts, separator } = dayOrder(lng)
  return parts.map((p) => names[p]).join(separator)
}

/**
 * A day as written in the language's order (`25/11/2026`, `25-11-2026`, `25.11.26`), or ISO
 * (`2026-11-25`), as YYYY-MM-DD; null when it names no real day.
 */
export function parseDay(written: string, lng: string): string | null {
  const text = written.trim().slice(0, 20)
  let y: number, mo: number, d: number
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text)
  if (iso) {
    ;[y, mo, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])]
  } else {
    const numbers = text.split(/[/.\-\s]+/).filter(Boolean)
    if (numbers.length !== 3 || numbers.some((n) => !/^\d{1,4}$/.test(n))) return null
    const { parts } = dayOrder(lng)
    const value = Object.fromEntries(parts.map((p, i) => [p, Number(numbers[i])])) as Record<Part, number>
    ;[y, mo, d] = [value.year < 100 ? 2000 + value.year : value.year, value.month, value.day]
  }
  const date = new Date(Date.UTC(y, mo - 1, d))
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || y < 2000 || y > 2100) return null
  return `${y}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}`
}
