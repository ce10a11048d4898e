/** The most characters of a caller's text that an error message quotes. */
export const EXCERPT_MAX = 40

/**
 * What a message quotes of a text a shopper, GHN or a caller sent: the text itself when short, else
 * its start cut with "…" and its length, so an answer never echoes a long input back whole.
 */
export function excerptOf(text: string, max = EXCERPT_MAX): string {
  if (text.length <= max) return text
  // Whole characters: a cut never splits a surrogate pair.
  const start = text.charCodeAt(max - 1) >= 0xd800 && text.charCodeAt(max - 1) <= 0xdbff ? max - 1 : max
  return `${text.slice(0, start)}… (${text.length} characters)`
}
