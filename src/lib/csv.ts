/** One cell: quoted when it holds a separator, quote or line break; a leading =+-@ is defused for spreadsheets. */
function csvCell(v: unknown) {
  const text = v === null || v === undefined ? "" : String(v)
  const safe = /^[=+\-@]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** A CSV's start: a byte-order mark (spreadsheet apps then read Vietnamese right) and the header line. */
export const csvHead = (columns: readonly string[]) => "\uFEFF" + columns.join(",") + "\r\n"

/** Rows as CSV lines (CRLF), these columns in this order: for a CSV written a page at a time. */
export function csvLines<T extends object>(columns: readonly (keyof T & string)[], rows: T[]): string {
  return rows.map((r) => columns.map((c) => csvCell(r[c])).join(",") + "\r\n").join("")
}

/** Rows as one CSV: UTF-8 with a byte-order mark, CRLF lines. */
export function csvOf<T extends object>(columns: readonly (keyof T & string)[], rows: T[]): string {
  return csvHead(columns) + csvLines(columns, rows)
}
