/**
 * The plugin's one rule for a Vietnamese phone number, for checkout, COD risk, fulfilment and the
 * admin: however a shopper or an admin wrote it, one receiver is one string (`0901234567`).
 * Pure: no Node, no Medusa (the storefront bundle may import it).
 */

/** Mobile: 0 and 3, 5, 7, 8 or 9, then 8 digits. Landline: 02, an area code and the number (11 digits). */
const NATIONAL = /^(?:0[35789]\d{8}|02\d{9})$/

/**
 * A number as written: from its first digit (or a `+` and spaces before it), through the digits and
 * the separators people put in it (spaces, dots, dashes, parentheses); a name or a note after it is
 * not part of it. Linear in the text: a match starts only at a `+` or a digit (a leading `\s*` would
 * rescan a run of spaces from each of its positions, quadratic time), and the greedy tail has
 * nothing after it to backtrack into.
 */
const WRITTEN_NUMBER = /(?:\+\s*)?\d[\d\s.\-()]*/

/** Numbers written side by side in one field ("0901234567 / 0912345678"). */
const BETWEEN_NUMBERS = /[/,;|]/

/**
 * A Vietnamese mobile or landline number in its national form (`0901234567`), or null when the
 * text holds none. Read alike: full-width digits (０９０１…), `tel:`, `+84` / `0084` / `84` with or
 * without the trunk 0 (`+84 0901…` is `0901…`), spaces, dots, dashes and parentheses, a name or
 * note after the number; of two numbers joined by `/`, `,` or `;`, the first Vietnamese one.
 * A number of another country (`+1 …`, `001…`) is none.
 */
export function normalizeVnPhone(raw: string | null | undefined): string | null {
  if (typeof raw !== "string") return null
  // NFKC folds full-width digits and signs (０-９, ＋) into ASCII.
  const text = raw.normalize("NFKC").replace(/^\s*tel:/i, "")
  for (const part of text.split(BETWEEN_NUMBERS)) {
    const national = nationalNumberOf(part)
    if (national) return national
  }
  return null
}

function nationalNumberOf(part: string): string | null {
  const written = WRITTEN_NUMBER.exec(part)?.[0]
  if (!written) return null
  const digits = written.replace(/\D/g, "")
  let national: string
  if (written.startsWith("+")) {
    if (!digits.startsWith("84")) return null
    national = digits.slice(2)
  } else if (digits.startsWith("00")) {
    if (!digits.startsWith("0084")) return null
    national = digits.slice(4)
  } else if (digits.startsWith("84") && digits.length >= 11) {
    national = digits.slice(2)
  } else {
    national = digits
  }
  // The trunk 0 once, whether it was written after the country code, before the number, or not at all.
  national = "0" + national.replace(/^0+/, "")
  return NATIONAL.test(national) ? national : null
}

/** What the checkout and the admin say of a phone the rule does not read. */
export const VN_PHONE_RULE = "a Vietnamese mobile (10 digits from 03, 05, 07, 08 or 09) or landline (11 digits from 02), written 0…, +84… or 84…"

/**
 * A phone as a printed list shows it (the driver's handover record): the first three and last three
 * digits of its national form, the rest hidden (`090****567`); one the rule does not read keeps only
 * its last three characters.
 */
export function maskPhone(raw: string | null | undefined): string {
  if (typeof raw !== "string" || !raw.trim()) return ""
  const national = normalizeVnPhone(raw.slice(0, 64))
  if (national) return `${national.slice(0, 3)}${"*".repeat(national.length - 6)}${national.slice(-3)}`
  const written = raw.trim().slice(0, 64)
  return written.length <= 3 ? "***" : `***${written.slice(-3)}`
}
