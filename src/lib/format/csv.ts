/**
 * What a spreadsheet app reads as the start of a formula or a control: `=`, `+`, `-`, `@`, a tab,
 * a carriage return or a line feed, and the full-width forms (＝ ＋ － ＠) some apps fold to ASCII;
 * after any leading whitespace too (spaces, no-break and full-width spaces), which some apps trim
 * before they read the cell. Anchored: one pass over the leading whitespace.
 */
const FORMULA_START = /^(?:[\t\r\n]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/

/** One cell: a leading formula or control character defused (a number such as -5 stays a number); quoted when it holds a separator, quote or line break. */
export function csvCell(v: unknown) {
  const text = v === null || v === undefined ? "" : String(v)
  const safe = FORMULA_START.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** A CSV's start: a byte-order mark (spreadsheet apps then read Vietnamese right) and the header line. */
export const csvHead = (columns: readonly string[]) => "\uFEFF" + columns.map(csvCell).join(",") + "\r\n"

/** Rows as CSV lines (CRLF), these columns in this order: for a CSV written a page at a time. */
export function csvLines<T extends object>(columns: readonly (keyof T & string)[], rows: T[]): string {
  return rows.map((r) => columns.map((c) => csvCell(r[c])).join(",") + "\r\n").join("")
}

/** Rows as one CSV: UTF-8 with a byte-order mark, CRLF lines. */
export function csvOf<T extends object>(columns: readonly (keyof T & string)[], rows: T[]): string {
  return csvHead(columns) + csvLines(columns, rows)
}
