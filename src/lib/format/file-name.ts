/** Longest file name sent on (GHN keeps the name; the file system of whoever saves it may not take more). */
export const MAX_FILE_NAME = 120

/**
 * A file name safe to forward: its base name only (no folder, whichever slash the sender used),
 * no control characters, no leading dots (no hidden or `..` names), at most MAX_FILE_NAME
 * characters with the extension kept. Vietnamese letters stay.
 */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ""
  const clean = base
    .normalize("NFC")
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .replace(/[<>:"|?*]/g, "_")
    .replace(/^[.\s]+/, "")
    .trim()
  if (clean.length <= MAX_FILE_NAME) return clean
  const dot = clean.lastIndexOf(".")
  const ext = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : ""
  return clean.slice(0, MAX_FILE_NAME - ext.length) + ext
}
