/**
 * GHN's dates as they really come, read one way everywhere (the client's response schemas, the
 * webhook, the shipment record, the admin, notifications, tracking and the storefront kit):
 * - Go's zero time (`0001-01-01T00:00:00Z`), an empty string or null mean unset;
 * - a time without a UTC offset is Vietnam's wall clock (UTC+7, no daylight saving), and a date
 *   without a time (`2024-03-14`) is 00:00 of that day in Vietnam;
 * - trimmed milliseconds (`.47Z`) and nanoseconds (`.123456789Z`) are read as written;
 * - an expected delivery at the end of a day comes as `…T23:59:59Z` in older answers and as
 *   `…T16:59:59Z` (23:59:59 in Vietnam) in newer ones: both are the same Vietnamese calendar day.
 * Nothing here imports Medusa or Node: the admin and the storefront kit use it too.
 */

/** Vietnam (Asia/Ho_Chi_Minh) is UTC+7 all year, without daylight saving time: the one offset of the plugin. */
export const VN_OFFSET_MS = 7 * 3600_000
/** From this time of day in UTC (23:59:59), an expected delivery written with a Z is Vietnam's end of day. */
const END_OF_DAY_UTC_MS = 86_399_000
/** Before this, a date is Go's zero value (year 1) or some other placeholder, never a real GHN date. */
const EARLIEST_REAL_MS = Date.UTC(1970, 0, 2)
const HAS_OFFSET = /(?:[zZ]|[+-]\d{2}(?::?\d{2})?)$/
const ISO_LIKE = /^[+-]?\d{4,6}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?/

/**
 * The instant a GHN date means, or null when it means unset (Go's zero time, "", null, a
 * placeholder before 1970) or is no date. A Date is taken as is (zero time still unset); a
 * number is Unix seconds (Leadtime's `leadtime`).
 */
export function ghnInstant(value: unknown): Date | null {
  const ms = ghnMillis(value)
  if (ms === null || ms < EARLIEST_REAL_MS) return null
  return new Date(ms)
}

/** Is a value a date GHN could write (unset ones included: "", null, Go's zero time)? */
export function isGhnDate(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === "string" && value.trim() === "") || ghnMillis(value) !== null
}

/** The milliseconds a GHN date writes (Go's zero time included, no offset read as UTC+7), null when it is no date. */
export function ghnMillis(value: unknown): number | null {
  let ms: number
  if (value instanceof Date) ms = value.getTime()
  else if (typeof value === "number") ms = value * 1000
  else if (typeof value === "string") {
    const text = value.trim()
    if (!text || !ISO_LIKE.test(text)) return null
    // Go writes up to nine fraction digits; JavaScript reads three.
    const trimmed = text.replace(/(\.\d{3})\d+/, "$1").replace(" ", "T")
    // Only a time carries an offset: a date alone ("2024-03-14", whose "-14" reads like one) is a Vietnamese day.
    const hasTime = trimmed.includes("T")
    if (hasTime && HAS_OFFSET.test(trimmed)) ms = Date.parse(trimmed)
    else {
      // A wall-clock time (or a day) without an offset is Vietnam's: read as UTC, then moved back 7 hours.
      const asUtc = Date.parse(hasTime ? `${trimmed}Z` : `${trimmed}T00:00:00Z`)
      ms = asUtc - VN_OFFSET_MS
    }
  } else return null
  return Number.isFinite(ms) ? ms : null
}

/** {@link ghnInstant} as ISO 8601 text (UTC, milliseconds), null when unset. */
export function ghnIso(value: unknown): string | null {
  return ghnInstant(value)?.toISOString() ?? null
}

/**
 * An expected delivery (Create Order's expected_delivery_time, Leadtime's dates, Order Info's
 * leadtime), as the instant it means: an older answer's `…T23:59:59Z` end of day is the same
 * Vietnamese day's end (`…T16:59:59Z`), so both forms show the same calendar day in Vietnam.
 */
export function ghnExpectedInstant(value: unknown): Date | null {
  const at = ghnInstant(value)
  if (!at) return null
  const utcTimeOfDay = at.getTime() % 86_400_000
  // 23:59:59(.xxx) in UTC: Vietnam's end of day written with a Z.
  return utcTimeOfDay >= END_OF_DAY_UTC_MS ? new Date(at.getTime() - VN_OFFSET_MS) : at
}

/** {@link ghnExpectedInstant} as ISO 8601 text, null when unset. */
export function ghnExpectedIso(value: unknown): string | null {
  return ghnExpectedInstant(value)?.toISOString() ?? null
}

/** The calendar day of an instant in Vietnam: `{ year, month (1-12), day }`. */
export function vietnamDay(at: Date): { year: number; month: number; day: number } {
  const local = new Date(at.getTime() + VN_OFFSET_MS)
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate() }
}

/** 00:00 in Vietnam of the Vietnamese calendar day that contains `at`. */
export function vietnamMidnight(at: Date): Date {
  const local = at.getTime() + VN_OFFSET_MS
  return new Date(local - (((local % 86_400_000) + 86_400_000) % 86_400_000) - VN_OFFSET_MS)
}

/** The instant a Vietnamese calendar day (`YYYY-MM-DD`) starts (00:00 in Vietnam). */
export function vietnamDayStart(day: string): Date {
  const [year, month, date] = day.split("-").map(Number)
  return new Date(Date.UTC(year, month - 1, date) - VN_OFFSET_MS)
}

/** A Vietnamese calendar day as `YYYY-MM-DD`. */
export function vietnamDayText(at: Date): string {
  return new Date(at.getTime() + VN_OFFSET_MS).toISOString().slice(0, 10)
}

/**
 * The same rules in PostgreSQL, for the aggregates that count by day (the admin's Insights): the
 * Vietnamese calendar day (a `date`) of a timestamptz column or expression.
 */
export function vietnamDaySql(column: string): string {
  return `(((${column}) at time zone 'UTC') + interval '${VN_OFFSET_MS / 1000} seconds')::date`
}

/** {@link vietnamDaySql} of an expected delivery, read as {@link ghnExpectedInstant} reads it (an end of day written with a Z is Vietnam's). */
export function vietnamExpectedDaySql(column: string): string {
  const secondsOfDay = `extract(epoch from ((${column}) at time zone 'UTC')::time)`
  return vietnamDaySql(`case when ${secondsOfDay} >= ${END_OF_DAY_UTC_MS / 1000} then (${column}) - interval '${VN_OFFSET_MS / 1000} seconds' else (${column}) end`)
}
