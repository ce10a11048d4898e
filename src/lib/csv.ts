/** One cell: quoted when it holds a separator, quote or line break; a leading =+-@ is defused for spreadsheets. */
function csvCell(v: unknown) {
  const text = v === null || v === undefined ? "" : String(v)
  const safe = /^[=+\-@]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** Rows as CSV, these columns in this order: UTF-8 with a byte-order mark (spreadsheet apps then read Vietnamese right), CRLF lines. */
export function csvOf<T extends object>(columns: readonly (keyof T & string)[], rows: T[]): string {
  const lines = [columns.join(","), ...rows.map((r) => columns.map((c) => csvCell(r[c])).join(","))]
  return "\uFEFF" + lines.join("\r\n") + "\r\n"
}
